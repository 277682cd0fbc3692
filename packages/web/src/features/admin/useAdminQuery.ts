import { useCallback, useEffect, useState } from 'react';
import { errorMessage, request } from '../../shared/api';

export interface AdminQuery<T> {
  /** The last answer for the current path (kept while a reload or a new path is loading); null before the first. */
  data: T | null;
  /** True while a request for the current path is under way. */
  loading: boolean;
  /** The Ukrainian message of the last failure ('' when the last request succeeded). */
  error: string;
  /** Asks the same path again (after a change, or «Спробувати ще раз»). */
  reload: () => void;
  /** Replaces the data in place (an edit the server answered with the new copy), no request. */
  setData: (next: T | null | ((now: T | null) => T | null)) => void;
}

/**
 * GET of an API path (under `/api`, e.g. `adminPaths.users({ page })` from ./api) with loading,
 * error, data and reload; a new `path` loads again, and only the newest request's answer is kept.
 * `path` null: nothing is requested (e.g. until an id is known).
 */
export function useAdminQuery<T>(path: string | null): AdminQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again for the same path.
  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    // An answer that arrives after the path changed (or the screen went away) is ignored.
    let current = true;
    setLoading(true);
    request<T>('GET', path).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setError('');
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(errorMessage(failure));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [path, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, reload, setData };
}
