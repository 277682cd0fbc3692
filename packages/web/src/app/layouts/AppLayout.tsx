import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'react-redux';
import { Outlet, useNavigate } from 'react-router';
import { logout, selectUser } from '../../features/auth';
import { selectCountNotifications } from '../../features/homework';
import { selectIndicators } from '../../features/support';
import { api } from '../../shared/api';
import { previousLocation } from '../../shared/lib/previousLocation';
import { forgetSession, registerWorker } from '../../shared/lib/serviceWorker';
import { sessionEnded } from '../../shared/lib/session';
import { SignedInFrameContext } from '../../shared/lib/signedInFrame';
import { whenIdle } from '../../shared/lib/whenIdle';
import { OfflineNotice } from '../../shared/ui/OfflineNotice';
import { useCountRefresh } from '../countRefresh';
import { useAppDispatch, useAppSelector } from '../hooks';
import { fetchIndicators } from '../partners';
import { useRealtime } from '../realtime';
import type { AppStore } from '../store';
import styles from './AppLayout.module.css';
import { Header } from './Header';

/** Only for an unconfirmed address, so fetched only then; nothing shows while it comes. */
const EmailBanner = lazy(() => import('../../features/auth/components/EmailBanner'));

/** What the frame needs to open without a network, fetched through the worker (it keeps them). */
function keepSessionOffline() {
  for (const path of ['/auth/current', '/partners/indicators']) api.get(path).catch(() => {});
}

/** The frame of everything under /uk: the header with the office menu, and the screen. */
export default function AppLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const indicators = useAppSelector(selectIndicators);
  const countNotifications = useAppSelector(selectCountNotifications);
  const userId = user?._id;

  useEffect(() => {
    if (userId) return whenIdle(() => dispatch(fetchIndicators()));
  }, [dispatch, userId]);

  // Another tab's sign-out is this tab's too (tabSync.ts). Where the app started straight on a
  // signed-in screen (main.tsx), it is set up here, once that screen has had its requests.
  const store = useStore() as AppStore;
  useEffect(() => whenIdle(() => void import('../tabSync').then((tabs) => tabs.followOtherTabs(store))), [store]);

  // The app offline and push messages (src/sw.ts). Once the worker controls the page, the user is
  // fetched again through it, so a reload without a network still restores the session.
  // (Not the refresh thunk: it puts the whole app back on the restoring screen.)
  useEffect(() => registerWorker(keepSessionOffline), []);

  // The unread badge follows the server: on every navigation and when the window gets focus.
  useCountRefresh(Boolean(userId));
  // Live: chat and the unread count over one connection while signed in.
  useRealtime(userId);

  if (!user) return null;

  const onLogout = async () => {
    // The session ends even when the server call fails (the slice clears the token either way).
    await dispatch(logout());
    dispatch(sessionEnded());
    previousLocation.forget();
    // The worker's kept answers are this person's; this device stops showing their push messages.
    await forgetSession();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <a className={styles.skip} href="#main">
        Перейти до змісту
      </a>
      <Header
        user={user}
        supportLevel={indicators?.levelSupport ?? null}
        countNotifications={countNotifications}
        onLogout={onLogout}
      />
      <OfflineNotice />
      {!user.emailVerified && (
        <Suspense fallback={null}>
          <EmailBanner email={user.email} />
        </Suspense>
      )}
      <main id="main" className={styles.main} tabIndex={-1}>
        <SignedInFrameContext value={{ signOut: onLogout }}>
          <Outlet />
        </SignedInFrameContext>
      </main>
    </>
  );
}
