import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { selectIsLoggedIn, selectIsRefreshing } from '../features/auth';
import { previousLocation } from '../shared/lib/previousLocation';
import styles from './App.module.css';
import { useAppSelector } from './hooks';
import { AppRoutes, signedInReady } from './routes';

export const REFRESHING_TEXT = 'Оновлення користувача...';

/** Waits for the session to be restored, then renders the routes. */
export function App() {
  const isRefreshing = useAppSelector(selectIsRefreshing);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const settled = useRef(false);
  // Once the session is restored, a stored previous location is where the user goes (once).
  useEffect(() => {
    if (settled.current || !isRefreshing) return;
    settled.current = true;
    const target = isLoggedIn ? previousLocation.read() : null;
    if (target) {
      previousLocation.forget();
      navigate(target, { replace: true });
    }
  }, [isRefreshing, isLoggedIn, navigate]);

  // The screen of the address, fetched while the session was restored (routes.tsx), is awaited too.
  const [ready, setReady] = useState(!signedInReady);
  useEffect(() => {
    signedInReady?.then(() => setReady(true));
  }, []);

  // A calm splash, not an error: the brand, and the spec's words below it in a quiet tone.
  if (!isRefreshing || !ready) {
    return (
      <div className={styles.refreshing} role="status">
        {REFRESHING_TEXT}
      </div>
    );
  }
  return <AppRoutes />;
}
