import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/** A failure the user must notice: announced at once by screen readers. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={`${styles.box} ${styles.error}`}>
      {children}
    </div>
  );
}

/** A calm message (role="status"): a confirmation or a hint. */
export function Notice({ children, tone = 'success' }: { children: ReactNode; tone?: 'success' | 'info' }) {
  return (
    <div role="status" className={`${styles.box} ${styles[tone]}`}>
      {children}
    </div>
  );
}
