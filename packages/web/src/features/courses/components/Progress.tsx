import styles from './Progress.module.css';

interface ProgressProps {
  done: number;
  total: number;
  /** The accessible name of the bar, e.g. «Поступ курсу «…»». */
  label: string;
  /** The visible line, e.g. «Пройдено 2 з 14 уроків». */
  text: string;
}

/** Lessons done of lessons total: a line of text and a bar with an accessible name and value. */
export function Progress({ done, total, label, text }: ProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className={styles.progress}>
      <span className={styles.text}>{text}</span>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(done, total)}
        aria-valuetext={text}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
