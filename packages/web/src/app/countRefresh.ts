import { useCallback, useEffect } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { countNotificationsSet, type ExercisesRootState } from '../features/homework';
import { api } from '../shared/api';
import { whenIdle } from '../shared/lib/whenIdle';

/**
 * While signed in: refreshes the unread count (GET notifications, one is enough) on every navigation
 * and whenever the window gets focus. Failures are silent (a read). An answer is dropped when the
 * count changed while it travelled (marking an exercise read answers with a fresher count), so a
 * late answer never brings an old count back.
 */
export function useCountRefresh(signedIn: boolean): void {
  const dispatch = useDispatch();
  const store = useStore<ExercisesRootState>();
  const { pathname, search } = useLocation();

  const refresh = useCallback(async () => {
    const before = store.getState().exercises.countNotifications;
    try {
      const { countNotifications } = await api.get<{ countNotifications: number }>('/exercises/notifications?limit=1');
      if (store.getState().exercises.countNotifications === before) dispatch(countNotificationsSet(countNotifications));
    } catch {
      // The badge keeps the last known count.
    }
  }, [dispatch, store]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every route change refreshes the count.
  useEffect(() => {
    // Not before the screen it came with: a badge can wait for the browser's idle moment.
    if (signedIn) return whenIdle(refresh);
  }, [refresh, signedIn, pathname, search]);

  useEffect(() => {
    if (!signedIn) return;
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh, signedIn]);
}
