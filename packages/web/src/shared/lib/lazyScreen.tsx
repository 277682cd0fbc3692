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

/**
 * A screen loaded on first render: a spinner while it loads, and an error with a retry button
 * when the chunk fails or has not arrived in LAZY_LOAD_TIMEOUT_MS.
 */
export function lazyScreen<P extends object>(load: Loader<P>, timeoutMs = LAZY_LOAD_TIMEOUT_MS): ComponentType<P> {
  const create = () => lazy(() => withTimeout(load(), timeoutMs));
  let Screen = create();
  return function LazyScreen(props: P) {
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
  };
}
