import { courseTexts as t } from '../texts';
import styles from './Progress.module.css';

interface ProgressProps {
  course: { title: string; lessonsDone: number; lessonsTotal: number };
}

/**
 * A course's lessons done of lessons total: a line of text («Пройдено 2 з 14 уроків») and a bar
 * named after the course, with its value.
 */
export function Progress({ course }: ProgressProps) {
  const { lessonsDone: done, lessonsTotal: total } = course;
  const label = t.progressLabel(course.title);
  const text = t.progress(done, total);
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
