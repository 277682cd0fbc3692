import { type Course, formatDate, type Lesson } from '@yedyni/contract';
import { type ComponentProps, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useOutlet, useParams } from 'react-router';
import { lazyScreen } from '../../../shared/lib/lazyScreen';
import buttons from '../../../shared/ui/buttons.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { fetchCourse, selectCourse } from '../courseSlice';
import { useCoursesDispatch, useCoursesSelector } from '../hooks';
import { sortedLessons } from '../lib/lessons';
import { isOpening, useOpeningClock } from '../lib/useOpeningClock';
import { courseTexts as t } from '../texts';
import styles from './CoursePage.module.css';
import type * as Tools from './CuratorTools';

// The curators' scheduling tools come in a chunk of their own, with the form fields they use: a
// learner's course page and lesson never load them (one style sheet fewer before a lesson paints).
const curatorTools = () => import('./CuratorTools');
const NextWaveForm = lazyScreen<ComponentProps<typeof Tools.NextWaveForm>>(() =>
  curatorTools().then((tools) => ({ default: tools.NextWaveForm })),
);
const LessonSchedule = lazyScreen<ComponentProps<typeof Tools.LessonSchedule>>(() =>
  curatorTools().then((tools) => ({ default: tools.LessonSchedule })),
);

interface CoursePageProps {
  /** The course's chat, which the app composes in (the chat is a feature of its own). */
  chat?: (course: Course) => ReactNode;
}

/**
 * `/uk/learn/:courseId`: the course with its lessons; a chosen lesson renders in its place. The
 * course is fetched again whenever the window regains focus, so a learner sees a curator's changes,
 * and when a lesson's opening time passes.
 */
export default function CoursePage({ chat }: CoursePageProps) {
  const { courseId = '' } = useParams();
  const outlet = useOutlet();
  const dispatch = useCoursesDispatch();
  const stored = useCoursesSelector(selectCourse);
  const course = stored?._id === courseId ? stored : null;
  const [failure, setFailure] = useState('');

  const load = useCallback(async () => {
    const result = await dispatch(fetchCourse(courseId));
    // A read call fails quietly: the screen says what happened, no alert.
    setFailure(fetchCourse.rejected.match(result) ? (result.payload ?? t.courseFailed) : '');
  }, [dispatch, courseId]);

  useEffect(() => {
    setFailure('');
    load();
    // Focus and visibility often change together: one fetch for both.
    let last = 0;
    const reload = () => {
      if (Date.now() - last < 1000) return;
      last = Date.now();
      load();
    };
    const onFocus = () => reload();
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  // A lesson's opening time passes while the screen is open: fetch the course, which opens it.
  const now = useOpeningClock(course?.lessons ?? []);
  const loadRef = useRef(load);
  loadRef.current = load;
  const shown = useRef(now);
  useEffect(() => {
    if (now !== shown.current) loadRef.current();
    shown.current = now;
  }, [now]);

  if (!course) {
    if (!failure) return <Spinner />;
    return (
      <section className={styles.unavailable}>
        <h1>{t.courseFailed}</h1>
        <p>{failure}</p>
        <Link to="/uk/learn">{t.toCourses}</Link>
      </section>
    );
  }
  return outlet ?? <CourseOverview course={course} chat={chat} />;
}

function CourseOverview({ course, chat }: { course: Course } & CoursePageProps) {
  const lessons = sortedLessons(course.lessons);
  return (
    <div className={styles.page}>
      <Link to="/uk/learn" className={styles.back}>
        ← {t.back}
      </Link>
      <header className={styles.head}>
        <h1 className={styles.title}>{course.title}</h1>
        <p className={styles.meta}>
          <span className={styles.wave}>{t.wave(course.wave)}</span>
          <span>{t.start(formatDate(course.start))}</span>
        </p>
        {course.description && <p className={styles.description}>{course.description}</p>}
        <div className={`${layout.row} ${styles.actions}`}>
          {chat && <div className={styles.chat}>{chat(course)}</div>}
          <Link
            to={`/uk/learn/${encodeURIComponent(course._id)}/diary`}
            className={`${buttons.outline} ${styles.diaryLink}`}
          >
            {t.myDiary}
          </Link>
          <Link to="/uk/progress" className={`${buttons.outline} ${styles.diaryLink}`}>
            {t.myProgress}
          </Link>
        </div>
      </header>

      {course.canManage && (
        <section className={styles.curator} aria-labelledby="curator-title">
          <h2 id="curator-title">{t.curator}</h2>
          <p className={styles.muted}>{t.curatorLead}</p>
          <NextWaveForm course={course} />
        </section>
      )}

      <section aria-labelledby="lessons-title">
        <h2 id="lessons-title">{t.lessons}</h2>
        {lessons.length === 0 ? (
          <p className={styles.muted}>{t.noLessons}</p>
        ) : (
          <ol className={`${layout.list} ${styles.lessons}`}>
            {lessons.map((lesson) => (
              <li key={lesson.day}>
                <LessonRow course={course} lesson={lesson} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function LessonRow({ course, lesson }: { course: Course; lesson: Lesson }) {
  const themeId = useId();
  const to = `/uk/learn/${encodeURIComponent(course._id)}/${encodeURIComponent(lesson.day)}`;
  const now = Date.now();
  const opened = course.canManage ? lesson.opensAt <= now : lesson.isOpen;
  // Its time has passed and the course is being fetched again: never «Відкриється <a past time>».
  const when = opened ? t.openedAt(lesson.opensAt) : isOpening(lesson, now) ? t.opening : t.opensAt(lesson.opensAt);
  // Curators see every lesson, open or not yet.
  const readable = lesson.isOpen || course.canManage;
  return (
    <article className={`${surfaces.card} ${styles.lesson}${lesson.isOpen ? '' : ` ${styles.closed}`}`}>
      <span className={styles.day} aria-hidden="true">
        {lesson.day}
      </span>
      <div className={styles.body}>
        <h3 className={styles.theme} id={themeId}>
          {readable ? (
            <Link to={to}>{t.lessonLink(lesson.day, lesson.theme)}</Link>
          ) : (
            t.lessonLink(lesson.day, lesson.theme)
          )}
        </h3>
        {course.canManage ? (
          <p className={styles.when}>
            {when} · {lesson.scheduledDate === null ? t.bySchedule : t.scheduled}
          </p>
        ) : (
          !lesson.isOpen && <p className={styles.when}>{when}</p>
        )}
        {course.canManage && <LessonSchedule course={course} lesson={lesson} describedBy={themeId} />}
      </div>
    </article>
  );
}
