import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { countNotificationsSet } from '../features/homework';
import { onRealtime, startRealtime, stopRealtime } from '../shared/realtime';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

/**
 * While a user is signed in (AppLayout is mounted with a user): one Socket.IO connection with the
 * store's current token, closed on sign-out. The server's `notifications:count` updates the header
 * badge at once; the badge's refresh on navigation and focus (useCountRefresh) stays as the fallback.
 */
export function useRealtime(userId: string | undefined): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

  useEffect(() => {
    if (!userId) return;
    startRealtime(() => store.getState().auth.token);
    const stop = onRealtime('notifications:count', ({ countNotifications }) => {
      dispatch(countNotificationsSet(countNotifications));
    });
    return () => {
      stop();
      stopRealtime();
    };
  }, [dispatch, store, userId]);
}
