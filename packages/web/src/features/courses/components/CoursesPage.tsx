import { type CourseListItem, formatDate } from '@yedyni/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { enrollCourse, fetchCourses, selectCourseError, selectCourses } from '../courseSlice';
import { useCoursesDispatch, useCoursesSelector } from '../hooks';
import { courseTexts as t } from '../texts';
import courseCard from './CourseCard.module.css';
import styles from './CoursesPage.module.css';
import { Progress } from './Progress';

/** `/uk/learn`: my courses with progress, and the courses I can join. */
export default function CoursesPage() {
  const dispatch = useCoursesDispatch();
  const courses = useCoursesSelector(selectCourses);
  const error = useCoursesSelector(selectCourseError);
  const [loaded, setLoaded] = useState(false);
  const [joining, setJoining] = useState<string | null>(null);
  const [joinError, setJoinError] = useState('');
  const [joined, setJoined] = useState('');

  useEffect(() => {
    dispatch(fetchCourses()).finally(() => setLoaded(true));
  }, [dispatch]);

  const join = async (course: CourseListItem) => {
    setJoining(course._id);
    setJoinError('');
    setJoined('');
    const result = await dispatch(enrollCourse(course._id));
    setJoining(null);
    if (enrollCourse.fulfilled.match(result)) setJoined(t.joined(course.title));
    else setJoinError(result.payload ?? t.listFailed);
  };

  const mine = courses.filter((c) => c.enrolled);
  const others = courses.filter((c) => !c.enrolled);

  return (
    <div className={styles.page}>
      <h1>{t.listTitle}</h1>
      <p className={styles.lead}>{t.listLead}</p>
      {joinError && <Alert>{joinError}</Alert>}
      {joined && <Notice>{joined}</Notice>}
      {!loaded && courses.length === 0 ? (
        <Spinner />
      ) : courses.length === 0 && error ? (
        <p className={styles.empty}>{t.listFailed}</p>
      ) : (
        <>
          <section aria-labelledby="mine-title" className={styles.section}>
            <h2 id="mine-title">{t.mine}</h2>
            {mine.length === 0 ? (
              <p className={styles.empty}>{t.mineEmpty}</p>
            ) : (
              <ul className={`${layout.list} ${styles.grid}`}>
                {mine.map((course) => (
                  <li key={course._id}>
                    <MyCourse course={course} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="others-title" className={styles.section}>
            <h2 id="others-title">{t.available}</h2>
            {others.length === 0 ? (
              <p className={styles.empty}>{t.availableEmpty}</p>
            ) : (
              <ul className={`${layout.list} ${styles.grid}`}>
                {others.map((course) => (
                  <li key={course._id}>
                    <OtherCourse course={course} busy={joining === course._id} onJoin={() => join(course)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function MyCourse({ course }: { course: CourseListItem }) {
  return (
    <article className={`${surfaces.card} ${styles.card} ${styles.mine}`}>
      <h3 className={courseCard.title}>
        <Link to={`/uk/learn/${encodeURIComponent(course._id)}`}>{course.title}</Link>
      </h3>
      <p className={courseCard.meta}>
        {t.wave(course.wave)} · {t.start(formatDate(course.start))}
      </p>
      {course.description && <p className={styles.description}>{course.description}</p>}
      <Progress
        done={course.lessonsDone}
        total={course.lessonsTotal}
        label={t.progressLabel(course.title)}
        text={t.progress(course.lessonsDone, course.lessonsTotal)}
      />
    </article>
  );
}

function OtherCourse({ course, busy, onJoin }: { course: CourseListItem; busy: boolean; onJoin: () => void }) {
  const titleId = useId();
  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-labelledby={titleId}>
      <h3 className={courseCard.title} id={titleId}>
        {course.title}
      </h3>
      <p className={courseCard.meta}>
        {t.wave(course.wave)} · {t.startsAt(formatDate(course.start))}
      </p>
      {course.description && <p className={styles.description}>{course.description}</p>}
      <Button variant="accent" className={styles.join} onClick={onJoin} disabled={busy} aria-describedby={titleId}>
        {busy ? t.joining : t.join}
      </Button>
    </article>
  );
}
