import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { forgetScreen } from './lastScreen';

/*
 * Drafts: text a person is writing, kept in this browser's localStorage while they type, so a
 * reload, a crash or signing in again gives it back. Each key names the signed-in user
 * (`draft:<userId>:<what>:<id>`): someone else signing in on the same browser never sees it.
 * A draft is forgotten when it is sent, discarded, or left untouched for DRAFT_TTL_MS.
 */

/** How long after the last keystroke a draft is written. */
export const DRAFT_WRITE_DELAY_MS = 300;
/** A draft not touched for this long is dropped. */
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const PREFIX = 'draft:';

const DraftOwnerContext = createContext<string | null>(null);

/** Whose drafts the screens below keep: the signed-in user's id (none: nothing is kept). */
export function DraftOwner({ userId, children }: { userId: string | null; children: ReactNode }) {
  return <DraftOwnerContext.Provider value={userId}>{children}</DraftOwnerContext.Provider>;
}

export const draftKey = (userId: string, what: string, id: string) => `${PREFIX}${userId}:${what}:${id}`;

interface Stored {
  /** When it was last written (ms). */
  at: number;
  value: unknown;
}

// localStorage may be missing, blocked (privacy settings) or full: a draft is a convenience, so
// every failure of it is swallowed and typing goes on.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStored(key: string, now: number): Stored | null {
  const store = storage();
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.at !== 'number' || !('value' in stored) || now - stored.at > DRAFT_TTL_MS) {
      store?.removeItem(key);
      return null;
    }
    return stored as Stored;
  } catch {
    return null;
  }
}

function remove(key: string) {
  try {
    storage()?.removeItem(key);
  } catch {
    // Blocked storage: there is nothing to remove either.
  }
}

/** Drops every draft older than DRAFT_TTL_MS, of any user; returns how many went. */
export function pruneDrafts(now = Date.now()): number {
  const store = storage();
  if (!store) return 0;
  let dropped = 0;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      if (readStored(key, now) === null) dropped++;
    }
  } catch {
    // Blocked storage holds no drafts.
  }
  return dropped;
}

function write(key: string, value: unknown) {
  const store = storage();
  if (!store) return;
  const raw = JSON.stringify({ at: Date.now(), value } satisfies Stored);
  try {
    store.setItem(key, raw);
  } catch {
    // Full: old drafts and the kept screens (./lastScreen.ts, a convenience) make room, then one
    // more try; still full, the draft lives only on screen.
    try {
      const freed = pruneDrafts() + (forgetScreen() ? 1 : 0);
      if (freed > 0) store.setItem(key, raw);
    } catch {
      // Given up: the text on screen is untouched.
    }
  }
}

let pruned = false;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface DraftOptions<T> {
  /** Turns what storage holds back into a value, or null when it is not one (an older shape). */
  revive?: (stored: unknown) => T | null;
  /** Whether two values are the same text (default: equal as JSON); a value like the base is no draft. */
  same?: (a: T, b: T) => boolean;
}

export interface DraftState<T> {
  value: T;
  set: Dispatch<SetStateAction<T>>;
  /** The value came from a draft kept earlier, not from `initial`. */
  restored: boolean;
  /** Throws the draft away: back to the base value. */
  discard: () => void;
  /** The text was sent: the draft is forgotten and `next` (default: the base) becomes the base. */
  clear: (next?: T) => void;
}

/**
 * A value (text, or an object of texts) that outlives the page: written to localStorage
 * DRAFT_WRITE_DELAY_MS after each change and at once when the page is hidden or left, restored
 * when the component mounts. `what` and `id` name the form and its record (fixed for a mount:
 * give the component a `key` per record). `initial` is the base: the text as saved, or empty.
 */
export function useDraft<T>(what: string, id: string, initial: T, options: DraftOptions<T> = {}): DraftState<T> {
  const userId = useContext(DraftOwnerContext);
  const key = userId ? draftKey(userId, what, id) : null;
  const { revive, same = sameJson } = options;
  const base = useRef(initial);
  const [state, setState] = useState(() => {
    if (!pruned) {
      pruned = true;
      pruneDrafts();
    }
    const stored = key ? readStored(key, Date.now()) : null;
    let value: T | null = null;
    if (stored) {
      try {
        value = revive ? revive(stored.value) : typeof stored.value === typeof initial ? (stored.value as T) : null;
      } catch {
        value = null;
      }
    }
    return value !== null && !same(value, initial) ? { value, restored: true } : { value: initial, restored: false };
  });
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sameRef = useRef(same);
  sameRef.current = same;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!key || !next) return;
    if (sameRef.current(next.value, base.current)) remove(key);
    else write(key, next.value);
  }, [key]);

  const set: Dispatch<SetStateAction<T>> = useCallback(
    (action) => {
      setState((now) => {
        const value = typeof action === 'function' ? (action as (previous: T) => T)(now.value) : action;
        pending.current = { value };
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
        return { ...now, value };
      });
    },
    [flush],
  );

  const clear = useCallback(
    (next?: T) => {
      clearTimeout(timer.current);
      pending.current = null;
      if (key) remove(key);
      const value = next === undefined ? base.current : next;
      base.current = value;
      setState({ value, restored: false });
    },
    [key],
  );

  const discard = useCallback(() => clear(), [clear]);

  // Leaving the page (reload, closing the tab, a phone putting the browser away) writes at once.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  return { value: state.value, set, restored: state.restored, discard, clear };
}

/** Whether a draft is kept for `what` and `id` (read once, at mount): a form may open for it. */
export function useHasDraft(what: string, id: string): boolean {
  const userId = useContext(DraftOwnerContext);
  const [kept] = useState(() => (userId ? readStored(draftKey(userId, what, id), Date.now()) !== null : false));
  return kept;
}
