import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth';
import { lazyScreen } from '../shared/lib/lazyScreen';
import { PrivateRoute, PublicRoute } from './guards';

// The first paint of /login carries only the login screen, the guards and the store. Every other
// public screen is loaded on demand, and so is the whole signed-in app (./SignedInRoutes): its
// route table and the preload lists of its screens stay out of the first screen's bytes.
const LandingPage = lazyScreen(() => import('../features/landing/components/LandingPage'));
/** Register, recovery, reset and resume: one chunk (features/auth/components/AccountPages.tsx). */
const accountPage = (name: 'RegisterPage' | 'RecoveryPage' | 'ResetPage' | 'ResumePage') =>
  lazyScreen<object>(() => import('../features/auth/components/AccountPages').then((m) => ({ default: m[name] })));
const RegisterPage = accountPage('RegisterPage');
const RecoveryPage = accountPage('RecoveryPage');
const ResetPage = accountPage('ResetPage');
const ResumePage = accountPage('ResumePage');
/** The signed-in routes, once their module has the screen of the address too (`firstScreen`). */
const SignedInRoutes = lazyScreen<object>(() => import('./SignedInRoutes').then((routes) => routes.firstScreen));
/**
 * With a stored session on a signed-in address (index.html's early script found one and started
 * its data), the routes and the address's screen are fetched while the session is restored, and
 * App shows its splash until they are here (issue 23): a lazy screen that suspends shows its
 * spinner, and React then holds the screen's content back for 300 ms after it.
 */
export const signedInReady = (globalThis as { __early?: object }).__early ? SignedInRoutes.preload() : undefined;
// The public pages a link leads to, signed in or not (a mail's unsubscribe link, a certificate's
// QR code), are served by the signed-in routes' chunk too (SignedInRoutes hands them to
// ./PublicPages): a lazy file of their own would add its name and its dependencies' names to the
// first screen (the /login budget), for pages few ever open.

/** The routes of spec §2 (docs/ARCHITECTURE.md); everything under /uk is in ./SignedInRoutes. */
export function AppRoutes() {
  return (
    <Routes>
      {/* «Відкритий звіт». First of these: placed here the /login bundle stays within its budget (gzip). */}
      <Route path="zvit/*" element={<SignedInRoutes />} />
      <Route path="unsubscribe" element={<SignedInRoutes />} />
      <Route path="certificates/:id" element={<SignedInRoutes />} />
      <Route path="privacy" element={<SignedInRoutes />} />
      <Route element={<PublicRoute />}>
        <Route index element={<LandingPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="recovery" element={<RecoveryPage />} />
        <Route path="reset/:token" element={<ResetPage />} />
        <Route path="resume" element={<ResumePage />} />
        <Route path="*" element={<LoginPage />} />
      </Route>
      <Route element={<PrivateRoute />}>
        {/* One route for /uk and everything under it, so the frame stays mounted between screens. */}
        <Route path="uk/*" element={<SignedInRoutes />} />
      </Route>
    </Routes>
  );
}
