import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import styles from './ListStates.module.css';

/** «Nothing here yet», in the place of a list that has no items. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** A failed load: the message in an alert and a button that loads again. Nothing when `error` is ''. */
export function LoadFailed({
  error,
  onRetry,
  retryLabel = 'Спробувати ще раз',
}: {
  error: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  if (!error) return null;
  return (
    <div className={styles.failed}>
      <Alert>{error}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
