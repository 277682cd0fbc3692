import { useLocation } from 'react-router';
import { lazyScreen } from '../shared/lib/lazyScreen';

const Unsubscribe = lazyScreen(() => import('./UnsubscribeScreen'));
const CertificateCheck = lazyScreen(() => import('./CertificateScreen'));

/**
 * The public pages a link leads to, signed in or not: `/unsubscribe` (a mail) and
 * `/certificates/:id` (a certificate's QR code), reached through SignedInRoutes (see routes.tsx).
 */
export default function PublicPages() {
  return useLocation().pathname.startsWith('/certificates/') ? <CertificateCheck /> : <Unsubscribe />;
}
