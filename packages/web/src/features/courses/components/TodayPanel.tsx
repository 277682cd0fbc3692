import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useScreenShown } from '../../../shared/lib/useScreenShown';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { fetchToday, selectToday } from '../courseSlice';
import { useCoursesDispatch, useCoursesSelector } from '../hooks';
import { isOpening, useOpeningClock } from '../lib/useOpeningClock';
import { courseTexts as t } from '../texts';
import type { TodayCourse } from '../types';
import courseCard from './CourseCard.module.css';
import { Progress } from './Progress';
import styles from './TodayPanel.module.css';

const lessonPath = (courseId: string, day: string) =>
  `/uk/learn/${encodeURIComponent(courseId)}/${encodeURIComponent(day)}`;

interface TodayPanelProps {
  /** Shown above the plan (home's habit card, whose data comes with this request). */
  above?: ReactNode;
  /** Shown below the plan (home's ways on). */
  below?: ReactNode;
}

/**
 * Home, «Що сьогодні»: per course the next lesson, the diary entries still to write, and progress.
 * Until its answer (or failure) is here it shows one spinner and nothing else: what comes with it
 * (`above`, `below`) appears in the same paint, so nothing on the screen moves (CLS).
 */
export default function TodayPanel({ above, below }: TodayPanelProps) {
  const dispatch = useCoursesDispatch();
  const today = useCoursesSelector(selectToday);
  const [failed, setFailed] = useState(false);

  // Fetched on arrival, and again when a next lesson's opening time passes while home is open.
  const now = useOpeningClock(today?.flatMap((course) => (course.nextLesson ? [course.nextLesson] : [])) ?? []);
  const fetched = useRef<number | null>(null);
  useEffect(() => {
    if (fetched.current === now) return;
    fetched.current = now;
    dispatch(fetchToday()).then((result) => setFailed(fetchToday.rejected.match(result)));
  }, [dispatch, now]);

  const shown = today !== null || failed;
  // Kept to paint first on the next visit today: home as it is now, with this answer.
  useScreenShown(shown, today);

  if (!shown) return <Spinner />;
  return (
    <>
      {above}
      <section className={styles.today} aria-labelledby="today-title">
        <h2 id="today-title">{t.todayTitle}</h2>
        {today === null ? (
          <p className={styles.muted}>{t.todayFailed}</p>
        ) : today.length === 0 ? (
          <div className={styles.empty}>
            <p>{t.todayEmpty}</p>
            <Link to="/uk/learn">{t.todayChoose}</Link>
          </div>
        ) : (
          <ul className={`${layout.list} ${styles.list}`}>
            {today.map((course) => (
              <li key={course._id}>
                <TodayCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {below}
    </>
  );
}

function TodayCard({ course }: { course: TodayCourse }) {
  const next = course.nextLesson;
  return (
    <article className={`${surfaces.card} ${styles.card}`}>
      <h3 className={courseCard.title}>
        <Link to={`/uk/learn/${encodeURIComponent(course._id)}`}>{course.title}</Link>
      </h3>
      <p className={courseCard.meta}>{t.wave(course.wave)}</p>
      {next === null ? (
        <p className={styles.muted}>{t.allOpen}</p>
      ) : next.isOpen ? (
        <p className={styles.next}>
          <span className={styles.label}>{t.nextLesson}</span>
          <Link to={lessonPath(course._id, next.day)} className={styles.lessonLink}>
            {t.lessonLink(next.day, next.theme)}
          </Link>
        </p>
      ) : (
        <p className={styles.muted}>{isOpening(next, Date.now()) ? t.nextOpening : t.nextOpens(next.opensAt)}</p>
      )}
      {course.diaryMissing.length > 0 && (
        <div className={styles.diary}>
          <h4>{t.diaryMissing}</h4>
          <ul>
            {course.diaryMissing.map((lesson) => (
              <li key={lesson.day}>
                <Link to={`${lessonPath(course._id, lesson.day)}/diary`}>{t.diaryLink(lesson.day, lesson.theme)}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Progress course={course} />
    </article>
  );
}
