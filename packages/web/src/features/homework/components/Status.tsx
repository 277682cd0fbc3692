import badges from '../../../shared/ui/badges.module.css';
import { homeworkTexts as t } from '../texts';
import type { Exercise } from '../types';
import styles from './Homework.module.css';

/** «Очікує перевірки» or «Перевірено», and the rating when there is one. */
export function Status({ exercise }: { exercise: Exercise }) {
  const waiting = exercise.status === 'active';
  return (
    <p className={styles.status}>
      <span className={`${badges.badge} ${waiting ? badges.warning : badges.success} ${styles.pill}`}>
        <span className="sr-only">{t.statusLabel}: </span>
        {waiting ? t.active : t.inactive}
      </span>
      {exercise.rating !== null && (
        <span className={`${badges.badge} ${styles.pill} ${styles.rating}`}>{t.rating(exercise.rating)}</span>
      )}
    </p>
  );
}
