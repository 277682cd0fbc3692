import type { Queue } from '@yedyni/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Attachment } from '../../../shared/ui/Attachment';
import { buttonClass } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { Spinner } from '../../../shared/ui/Spinner';
import { useHomeworkDispatch, useHomeworkSelector } from '../hooks';
import { isTyping, reviewAction, SHORTCUTS } from '../lib/keys';
import { fetchExerciseById, selectExercise } from '../slice';
import { homeworkTexts as t } from '../texts';
import type { Exercise, Viewer } from '../types';
import homework from './Homework.module.css';
import { QueueList } from './QueueList';
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
  return <ReviewOrQueue viewer={viewer} />;
}

function ReviewOrQueue({ viewer }: { viewer: Viewer }) {
  const [params] = useSearchParams();
  return params.get('exerciseId') ? <Review viewer={viewer} /> : <QueueList />;
}

type Waiting = 'looking' | 'none';

/**
 * The neighbour of `current` in the queue's order (oldest first) that nobody else holds: `next` the
 * first after it, `previous` the last before it. When `current` no longer waits (just reviewed), the
 * next is the oldest free one and there is no previous in the queue.
 */
async function neighbour(current: string | null, viewerId: string, way: 'next' | 'previous'): Promise<string | null> {
  try {
    const queue = await api.get<Queue>('/exercises/queue?who=all');
    const free = (item: Queue['items'][number]) =>
      item.exerciseId !== current && (!item.claim || item.claim.curator._id === viewerId);
    const at = queue.items.findIndex((item) => item.exerciseId === current);
    const candidates = way === 'next' ? queue.items.slice(at + 1) : at > 0 ? queue.items.slice(0, at).reverse() : [];
    return candidates.find(free)?.exerciseId ?? null;
  } catch {
    return null;
  }
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [claimProblem, setClaimProblem] = useState('');
  const [help, setHelp] = useState(false);
  const rateRef = useRef<((rating: number) => void) | null>(null);
  const sendAndNext = useRef(false);

  /** The homework opened on this screen, in order: K/← goes back along it once the queue has no previous. */
  const trail = useRef<string[]>([]);
  if (exerciseId && trail.current.at(-1) !== exerciseId) trail.current.push(exerciseId);

  const release = (id: string | null) => {
    // Moving on lets the current one go for the others at once, not after CLAIM_MINUTES.
    if (id) api.delete(`/exercises/${encodeURIComponent(id)}/claim`).catch(() => undefined);
  };
  const open = (id: string, replace = false) =>
    navigate(`/uk/active?${new URLSearchParams({ exerciseId: id })}`, { replace });

  const goNext = async (except: string | null) => {
    setWaiting('looking');
    release(except);
    const next = await neighbour(except, viewer._id, 'next');
    if (next) {
      setWaiting(null);
      open(next, except === null);
    } else setWaiting('none');
  };

  const goPrevious = async () => {
    if (!exerciseId) return;
    const inQueue = await neighbour(exerciseId, viewer._id, 'previous');
    const here = trail.current.lastIndexOf(exerciseId);
    const previous = inQueue ?? (here > 0 ? trail.current[here - 1] : undefined);
    if (!previous) return;
    release(exerciseId);
    open(previous);
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
    setClaimProblem('');
    claim(exerciseId).then((problem) => live && setClaimProblem(problem));
    dispatch(fetchExerciseById(exerciseId)).then((result) => {
      if (!live) return;
      setState(fetchExerciseById.fulfilled.match(result) ? 'ready' : 'missing');
      headingRef.current?.focus();
    });
    return () => {
      live = false;
    };
  }, [dispatch, exerciseId]);

  // The holder's activity renews the claim (at most once a minute), so it lapses only when they leave.
  const lastRenewal = useRef(0);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (Date.now() - lastRenewal.current > 60_000 && exerciseId && !claimProblem) {
        lastRenewal.current = Date.now();
        claim(exerciseId).catch(() => undefined);
      }
      const action = reviewAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTyping(event.target),
      });
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'next') goNext(exerciseId || null);
      else if (action.kind === 'previous') goPrevious();
      else if (action.kind === 'help') setHelp(true);
      else if (action.kind === 'rate') rateRef.current?.(action.rating);
      else if (action.kind === 'comment') commentField()?.focus();
      else if (action.kind === 'send') {
        const form = commentField()?.form;
        if (form) {
          sendAndNext.current = true;
          form.requestSubmit();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

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
      <div className={styles.reviewHead}>
        <h1 id="active-title" ref={headingRef} tabIndex={-1}>
          {t.review}
        </h1>
        <button type="button" className={styles.tab} onClick={() => setHelp(true)} aria-haspopup="dialog">
          ? <span className="sr-only">Клавіші</span>
        </button>
      </div>
      <Link to="/uk/active">← До черги</Link>
      {claimProblem && <Alert>{claimProblem}</Alert>}
      <Modal open={help} onClose={() => setHelp(false)} title="Клавіші" closeLabel="Закрити">
        <dl className={styles.keys}>
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} style={{ display: 'contents' }}>
              <dt>{keys}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </Modal>
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
          {exercise.canRate && <RatingControl exerciseId={exercise._id} rating={exercise.rating} rateRef={rateRef} />}
          <Thread
            exercise={exercise}
            viewer={viewer}
            ownerId={exercise.owner?._id ?? ''}
            level={2}
            onCommentSent={() => {
              if (sendAndNext.current) goNext(exercise._id);
              sendAndNext.current = false;
            }}
          />
          {next}
        </>
      )}
    </section>
  );
}

/** Opens a homework for review: claims it; '' when ours, else why not (someone else reviews it). */
async function claim(exerciseId: string): Promise<string> {
  try {
    await api.post(`/exercises/${encodeURIComponent(exerciseId)}/claim`, {});
    return '';
  } catch (error) {
    // Reviewed work is not waiting: opening it from the history claims nothing, and says nothing.
    const message = errorMessage(error);
    return message.startsWith('Цю роботу зараз переглядає') ? message : '';
  }
}

/** The review screen's comment field: the new-comment form's text area (the last in the thread). */
function commentField(): HTMLTextAreaElement | null {
  const fields = document.querySelectorAll<HTMLTextAreaElement>('[aria-labelledby^="thread-"] textarea');
  return fields[fields.length - 1] ?? null;
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
