import { excessOf, limitTexts, nearLimit } from '../lib/limits';
import styles from './LimitStatus.module.css';

interface LimitProps {
  /** The field's id: the counter is `<id>-count`, the excess message `<id>-over`. */
  id: string;
  value: string;
  max: number;
  /** The counter shows from the start, not only near the limit. */
  always?: boolean;
}

/** The ids a limited field is described by (for aria-describedby), in the order they show. */
export function limitIds({ id, value, max, always }: LimitProps): string[] {
  return [always || nearLimit(value, max) ? `${id}-count` : '', excessOf(value, max) > 0 ? `${id}-over` : ''].filter(
    Boolean,
  );
}

/** The class of an element around a limited field: its border turns red past the limit. */
export const limitedClass = styles.limited;

/** A limited field's counter and, past the limit, how much to remove. */
export function LimitStatus({ id, value, max, always }: LimitProps) {
  const excess = excessOf(value, max);
  if (!always && !nearLimit(value, max)) return null;
  return (
    <span className={styles.limit}>
      <span id={`${id}-count`} className={value.length >= max ? `${styles.count} ${styles.full}` : styles.count}>
        {limitTexts.counter(value.length, max)}
      </span>
      {excess > 0 && (
        <span id={`${id}-over`} className={styles.over}>
          {limitTexts.over(excess)}
        </span>
      )}
    </span>
  );
}
