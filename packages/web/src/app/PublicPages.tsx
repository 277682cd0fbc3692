import { useLocation } from 'react-router';
import { lazyScreen } from '../shared/lib/lazyScreen';

const Unsubscribe = lazyScreen(() => import('./UnsubscribeScreen'));
const CertificateCheck = lazyScreen(() => import('./CertificateScreen'));
const Privacy = lazyScreen(() => import('../features/privacy/components/PrivacyPage'));
const Openbook = lazyScreen(() => import('./OpenbookScreen'));

/**
 * The public pages a link leads to, signed in or not: `/unsubscribe` (a mail),
 * `/certificates/:id` (a certificate's QR code), `/privacy` (registration, the footer) and
 * `/zvit` «Відкритий звіт» (the footer, the support screen),
 * reached through SignedInRoutes (see routes.tsx).
 */
export default function PublicPages() {
  const { pathname } = useLocation();
  if (pathname === '/privacy') return <Privacy />;
  if (pathname === '/zvit' || pathname.startsWith('/zvit/')) return <Openbook />;
  return pathname.startsWith('/certificates/') ? <CertificateCheck /> : <Unsubscribe />;
}
