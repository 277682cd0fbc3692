import styles from './Spinner.module.css';

/** A calm centred status with a spinning wheel. */
export function Spinner({ label = 'Завантаження…', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div role="status" className={compact ? `${styles.wrap} ${styles.compact}` : styles.wrap}>
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
