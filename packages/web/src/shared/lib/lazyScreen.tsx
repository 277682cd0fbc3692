import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import styles from './lazyScreen.module.css';

export const LAZY_ERROR = 'Не вдалося завантажити цю частину сторінки. Перевірте підключення до інтернету.';
export const RETRY = 'Спробувати ще раз';

/** Rejects when the promise has not settled in `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Shows a Ukrainian error with a retry button when a lazy screen fails to load or to render. */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.box}>
        <Alert>{LAZY_ERROR}</Alert>
        <Button onClick={this.retry}>{RETRY}</Button>
      </div>
    );
  }
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A lazily loaded screen that has not arrived by then shows an error with a retry button (spec §9: 120 s). */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

/** A lazy screen, and a way to fetch its chunk ahead of its first render. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A screen loaded on first render: a spinner while it loads, and an error with a retry button
 * when the chunk fails or has not arrived in LAZY_LOAD_TIMEOUT_MS. Once its chunk is here (`preload`
 * fetched it), it renders at once: React's lazy suspends for a frame on a promise even when it has
 * settled, which flashed the spinner on every lesson tab opened for the first time.
 */
export function lazyScreen<P extends object>(load: Loader<P>, timeoutMs = LAZY_LOAD_TIMEOUT_MS): LazyScreen<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const fetch = () => {
    pending ??= withTimeout(load(), timeoutMs).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed load may be tried again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  // A thenable that calls back at once: lazy reads a chunk already here without suspending.
  const settled = (module: { default: ComponentType<P> }) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: lazy awaits nothing.
    ({ then: (resolve: (value: typeof module) => void) => resolve(module) }) as unknown as Promise<typeof module>;
  const create = () => lazy(() => (loaded ? settled(loaded) : fetch()));
  let Screen = create();
  function LazyScreen(props: P) {
    const [, setAttempt] = useState(0);
    const retry = () => {
      Screen = create();
      setAttempt((n) => n + 1);
    };
    return (
      <LoadBoundary onRetry={retry}>
        <Suspense fallback={<Spinner />}>
          <Screen {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  // Settles when the chunk is here or has failed (the screen shows the failure when it renders).
  LazyScreen.preload = () =>
    fetch().then(
      () => {},
      () => {},
    );
  return LazyScreen;
}
