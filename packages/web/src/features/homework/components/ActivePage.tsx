import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Attachment } from '../../../shared/ui/Attachment';
import { buttonClass } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { useHomeworkDispatch, useHomeworkSelector } from '../hooks';
import { fetchExerciseById, fetchNotifications, selectExercise } from '../slice';
import { homeworkTexts as t } from '../texts';
import type { Exercise, Viewer } from '../types';
import homework from './Homework.module.css';
import { RatingControl } from './RatingControl';
import styles from './Review.module.css';
import { Status } from './Status';
import { Thread } from './Thread';

/**
 * `/uk/active`: a curator reviews one exercise (`?exerciseId=`), or the first waiting one; then
 * «Наступне завдання». Learners are told politely that the page is not theirs.
 */
export default function ActivePage({ viewer }: { viewer: Viewer }) {
  if (!viewer.reviewsHomework) {
    return (
      <section className={styles.page} aria-labelledby="active-title">
        <h1 id="active-title">{t.curatorsOnly}</h1>
        <p className={styles.lead}>{t.curatorsOnlyText}</p>
        <p>
          <Link to="/uk/notifications" className={buttonClass('secondary')}>
            {t.toNotifications}
          </Link>
        </p>
      </section>
    );
  }
  return <Review viewer={viewer} />;
}

type Waiting = 'looking' | 'none';

/** The next waiting exercise other than `except`, by the curator's notifications (newest first). */
function useNextWaiting() {
  const dispatch = useHomeworkDispatch();
  return async (except: string | null): Promise<string | null> => {
    // Two are enough: one of them is not `except`.
    const result = await dispatch(fetchNotifications({ page: 1, limit: 2 }));
    if (!fetchNotifications.fulfilled.match(result)) return null;
    return result.payload.notifications.find((n) => n.exerciseId !== except)?.exerciseId ?? null;
  };
}

function Review({ viewer }: { viewer: Viewer }) {
  const dispatch = useHomeworkDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const exerciseId = params.get('exerciseId') ?? '';
  const stored = useHomeworkSelector(selectExercise);
  const exercise = stored && stored._id === exerciseId ? stored : null;
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>('loading');
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const nextWaiting = useNextWaiting();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goNext = async (except: string | null) => {
    setWaiting('looking');
    const next = await nextWaiting(except);
    if (next) {
      setWaiting(null);
      navigate(`/uk/active?${new URLSearchParams({ exerciseId: next })}`, { replace: except === null });
    } else setWaiting('none');
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per exercise in the address.
  useEffect(() => {
    let live = true;
    setWaiting(null);
    if (!exerciseId) {
      goNext(null);
      return;
    }
    setState('loading');
    dispatch(fetchExerciseById(exerciseId)).then((result) => {
      if (!live) return;
      setState(fetchExerciseById.fulfilled.match(result) ? 'ready' : 'missing');
      headingRef.current?.focus();
    });
    return () => {
      live = false;
    };
  }, [dispatch, exerciseId]);

  const next = (
    <div className={styles.next}>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => goNext(exerciseId || null)}
        disabled={waiting === 'looking'}
      >
        {waiting === 'looking' ? (
          t.finding
        ) : (
          <>
            {t.next} <span aria-hidden="true">→</span>
          </>
        )}
      </button>
    </div>
  );

  if (waiting === 'none') {
    return (
      <section className={styles.page} aria-labelledby="active-title">
        <h1 id="active-title">{t.review}</h1>
        <div className={styles.done} role="status">
          <h2>{t.allDone}</h2>
          <p>{t.allDoneText}</p>
        </div>
        <p>
          <Link to="/uk/notifications">{t.toNotifications}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="active-title">
      <h1 id="active-title" ref={headingRef} tabIndex={-1}>
        {t.review}
      </h1>
      {!exerciseId || (state === 'loading' && !exercise) ? (
        <Spinner compact />
      ) : state === 'missing' || !exercise ? (
        <>
          <p className={styles.muted}>{t.notFound}</p>
          {next}
        </>
      ) : (
        <>
          <ExerciseSummary exercise={exercise} />
          <article className={homework.card} aria-labelledby="submitted-title">
            <div className={homework.cardHead}>
              <h2 id="submitted-title">{t.submitted}</h2>
              <Status exercise={exercise} />
            </div>
            {exercise.homework ? (
              <p className={homework.text}>{exercise.homework}</p>
            ) : (
              <p className={homework.muted}>{t.noAnswer}</p>
            )}
            <Attachment file={exercise} />
          </article>
          {exercise.canRate && <RatingControl exerciseId={exercise._id} rating={exercise.rating} />}
          <Thread exercise={exercise} viewer={viewer} ownerId={exercise.owner?._id ?? ''} level={2} />
          {next}
        </>
      )}
    </section>
  );
}

/** Who, which course, which lesson (a link to its practice tab, where the task is). */
function ExerciseSummary({ exercise }: { exercise: Exercise }) {
  const lessonPath = `/uk/learn/${encodeURIComponent(exercise.courseId)}/${encodeURIComponent(exercise.lessonId)}/practice`;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t.learner}</dt>
        <dd>{exercise.owner ? t.fullName(exercise.owner) : '—'}</dd>
      </div>
      <div>
        <dt>{t.course}</dt>
        <dd>{exercise.courseTitle || '—'}</dd>
      </div>
      <div>
        <dt>{t.lessonLabel}</dt>
        <dd>
          <Link to={lessonPath}>{t.lesson(exercise.lessonId)}</Link>
        </dd>
      </div>
    </dl>
  );
}
