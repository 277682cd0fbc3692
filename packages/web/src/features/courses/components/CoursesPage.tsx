import { type CourseListItem, formatDate, formatDay } from '@yedyni/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
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

  const join = async (course: CourseListItem, wave: string) => {
    setJoining(course._id);
    setJoinError('');
    setJoined('');
    const result = await dispatch(enrollCourse({ courseId: course._id, wave }));
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
          <CourseList id="mine-title" title={t.mine} empty={t.mineEmpty} courses={mine}>
            {(course) => <MyCourse course={course} />}
          </CourseList>
          <CourseList id="others-title" title={t.available} empty={t.availableEmpty} courses={others}>
            {(course) => (
              <OtherCourse course={course} busy={joining === course._id} onJoin={(wave) => join(course, wave)} />
            )}
          </CourseList>
        </>
      )}
    </div>
  );
}

interface CourseListProps {
  id: string;
  title: string;
  /** Said when there is no course in the list. */
  empty: string;
  courses: CourseListItem[];
  children: (course: CourseListItem) => ReactNode;
}

/** A titled list of course cards, or what is said when it is empty. */
function CourseList({ id, title, empty, courses, children }: CourseListProps) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {courses.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={`${layout.list} ${styles.grid}`}>
          {courses.map((course) => (
            <li key={course._id}>{children(course)}</li>
          ))}
        </ul>
      )}
    </section>
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
      <Progress course={course} />
    </article>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A course I may join. When the server offers two waves (the running one, still young, and the
 * announced next one), the learner chooses; with one, its start is all there is to say.
 */
function OtherCourse({
  course,
  busy,
  onJoin,
}: {
  course: CourseListItem;
  busy: boolean;
  onJoin: (wave: string) => void;
}) {
  const titleId = useId();
  const choices = course.joinWaves;
  const [wave, setWave] = useState(choices[0]?.wave ?? course.wave);
  return (
    <article className={`${surfaces.card} ${styles.card}`} aria-labelledby={titleId}>
      <h3 className={courseCard.title} id={titleId}>
        {course.title}
      </h3>
      {choices.length < 2 && (
        <p className={courseCard.meta}>
          {t.wave(choices[0]?.wave ?? course.wave)} · {t.startsAt(formatDate(choices[0]?.start ?? course.start))}
        </p>
      )}
      {course.description && <p className={styles.description}>{course.description}</p>}
      {choices.length > 1 && (
        <fieldset className={styles.waves}>
          <legend className={styles.legend}>{t.chooseWave}</legend>
          {choices.map((choice) => {
            const running = choice.start <= Date.now();
            return (
              <label key={choice.wave} className={styles.wave}>
                <input
                  type="radio"
                  name={`wave-${course._id}`}
                  value={choice.wave}
                  checked={wave === choice.wave}
                  onChange={() => setWave(choice.wave)}
                />
                <span>
                  <span className={styles.waveName}>
                    {running ? t.waveRunning(choice.wave) : t.waveUpcoming(choice.wave)}
                  </span>
                  <span className={styles.waveWhen}>
                    {running && choice.joinUntil !== null
                      ? t.runningSince(formatDay(choice.start), formatDay(choice.joinUntil - DAY_MS))
                      : t.startsOn(formatDay(choice.start))}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <Button
        variant="accent"
        className={styles.join}
        onClick={() => onJoin(wave)}
        disabled={busy}
        aria-describedby={titleId}
      >
        {busy ? t.joining : t.join}
      </Button>
    </article>
  );
}
