import { REHYDRATE } from 'redux-persist';
import { refresh } from '../features/auth';
import { sessionEnded } from '../shared/lib/session';
import { type AppStore, PERSISTED_AUTH_ITEM } from './store';

let following: (() => void) | undefined;

/**
 * Tabs of one browser share the stored token, so they share the session: when another tab signs
 * out, this one is signed out too (its screens, personal data and live connection go), and when
 * another tab signs in, this one restores that session. The `storage` event reaches only the
 * other tabs, never the one that wrote. Only the newest store follows: a page has one app (tests
 * make a store each).
 */
export function followOtherTabs(store: AppStore): void {
  // The build's prerender makes a store too, with no window.
  if (typeof window === 'undefined') return;
  following?.();
  const onStorage = ({ key, newValue }: StorageEvent) => {
    if (key !== PERSISTED_AUTH_ITEM) return;
    // redux-persist's item holds each field JSON-encoded again: `{"token":"\"…\""}` or `"null"`.
    let token: string | null = null;
    try {
      token = JSON.parse(JSON.parse(newValue as string).token) || null;
    } catch {}
    if (token === store.getState().auth.token) return;
    // The stored state changed: take it in as redux-persist does at start, then restore from it.
    store.dispatch({ type: REHYDRATE, key: 'auth', payload: { token } });
    store.dispatch(sessionEnded());
    store.dispatch(refresh());
  };
  window.addEventListener('storage', onStorage);
  following = () => window.removeEventListener('storage', onStorage);
}
