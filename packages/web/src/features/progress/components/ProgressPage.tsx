import { formatDay, kyivDateRange, type Progress, type ProgressCourse, type ProgressLesson } from '@yedyni/contract';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../../shared/api';
import { EmptyNote, LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { StreakCalendar } from '../../habit';
import { progressTexts as t } from '../texts';
import { FootprintChart } from './FootprintChart';
import styles from './ProgressPage.module.css';

interface ProgressPageProps {
  /** «Мої сертифікати», composed in by the app (another feature's screen). */
  certificates?: ReactNode;
}

const day = (isoDate: string) => formatDay(kyivDateRange(isoDate).start);

/**
 * `/uk/progress`, «Мій прогрес»: the streak, and per course its figures, the wave's calendar and
 * each lesson's diary, self-test and homework; then the footprint over 90 days.
 */
export default function ProgressPage({ certificates }: ProgressPageProps) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    setError('');
    try {
      setProgress(await api.get<Progress>('/progress'));
    } catch (failure) {
      // A read fails quietly: the screen says what happened, with a way to try again.
      setError(`${t.failed} ${errorMessage(failure)}`);
    }
  }, []);

  useEffect(() => {
    load();
  }, [load]);

  return (
    <section className={styles.page} aria-labelledby="progress-title">
      <h1 id="progress-title">{t.title}</h1>
      <p className={styles.lead}>{t.lead}</p>
      {error ? (
        <LoadFailed error={error} onRetry={load} />
      ) : progress === null ? (
        <Spinner />
      ) : (
        <>
          <Tiles
            className={styles.streak}
            items={[
              [t.streak, t.days(progress.streak.current)],
              [t.best, t.days(progress.streak.best)],
              [t.freezesLeft, progress.streak.freezesLeft],
            ]}
          />
          {certificates}
          {progress.courses.length === 0 ? (
            <EmptyNote>
              {t.noCourses} <Link to="/uk/learn">{t.toCourses}</Link>
            </EmptyNote>
          ) : (
            <ul className={`${layout.list} ${styles.courses}`}>
              {progress.courses.map((course) => (
                <li key={course._id}>
                  <CourseProgress course={course} />
                </li>
              ))}
            </ul>
          )}
          <section className={`${surfaces.card} ${styles.card}`} aria-labelledby="footprint-title">
            <h2 id="footprint-title">{t.footprint}</h2>
            <FootprintChart points={progress.footprint} />
          </section>
        </>
      )}
    </section>
  );
}

/** Figures as tiles: a muted term over its value. */
function Tiles({ items, className, label }: { items: [string, ReactNode][]; className?: string; label?: string }) {
  return (
    <dl className={`${layout.tiles} ${className ?? ''}`} aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CourseProgress({ course }: { course: ProgressCourse }) {
  const titleId = `course-${course._id}`;
  const { selfTestAverage, ratingAverage } = course;
  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-labelledby={titleId}>
      <header className={layout.spread}>
        <h2 id={titleId} className={styles.courseTitle}>
          {course.title} <span className={styles.wave}>{t.wave(course.wave)}</span>
        </h2>
        <Link to={`/uk/learn/${encodeURIComponent(course._id)}`}>{t.toCourse}</Link>
      </header>
      <Tiles
        className={styles.figures}
        label={t.figures}
        items={[
          [t.lessonsDone, t.lessonsDoneValue(course.lessonsDone, course.lessonsTotal)],
          [t.selfTest, selfTestAverage === null ? t.none : t.outOf(selfTestAverage, 10)],
          [t.homework, course.homeworkHandedIn],
          [t.rating, ratingAverage === null ? t.none : t.outOf(ratingAverage, 12)],
          [t.diaryDays, course.diaryDays],
        ]}
      />
      <div className={styles.columns}>
        <div className={styles.column}>
          <h3>{t.calendar}</h3>
          <p className={styles.muted}>{t.calendarLead}</p>
          <StreakCalendar days={course.calendar} label={`${t.calendar}: ${course.title}`} />
        </div>
        <div className={styles.column}>
          <h3>{t.lessons}</h3>
          <ol className={`${layout.list} ${styles.lessons}`}>
            {course.lessons.map((lesson) => (
              <li key={lesson.day}>
                <LessonRow courseId={course._id} lesson={lesson} />
              </li>
            ))}
          </ol>
        </div>
      </div>
    </article>
  );
}

function LessonRow({ courseId, lesson }: { courseId: string; lesson: ProgressLesson }) {
  const name = t.lesson(lesson.day, lesson.theme);
  return (
    <div className={styles.lesson}>
      <p className={styles.lessonName}>
        {lesson.isOpen ? (
          <Link to={`/uk/learn/${encodeURIComponent(courseId)}/${encodeURIComponent(lesson.day)}`}>{name}</Link>
        ) : (
          <>
            {name} <span className={styles.muted}>({t.closed})</span>
          </>
        )}
      </p>
      {lesson.isOpen && (
        <dl className={styles.lessonFacts}>
          <div>
            <dt>{t.diary}</dt>
            <dd>{lesson.diaryDate === null ? t.noDiary : day(lesson.diaryDate)}</dd>
          </div>
          <div>
            <dt>{t.test}</dt>
            <dd>{lesson.selfTest === null ? t.noTest : t.outOf(lesson.selfTest, 10)}</dd>
          </div>
          <div>
            <dt>{t.homeworkLabel}</dt>
            <dd>
              {lesson.rating !== null
                ? t.ratingValue(lesson.rating)
                : lesson.homeworkHandedIn
                  ? t.handedIn
                  : t.noHomework}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
