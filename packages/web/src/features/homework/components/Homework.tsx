import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { UploadOptions } from '../../../shared/api';
import { useHasDraft } from '../../../shared/lib/drafts';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Attachment } from '../../../shared/ui/Attachment';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { Spinner } from '../../../shared/ui/Spinner';
import { useHomeworkDispatch, useHomeworkSelector } from '../hooks';
import { problemOf, type Result } from '../lib/result';
import {
  addExercise,
  deleteFile,
  deleteHomework,
  fetchExercise,
  markRead,
  selectExercise,
  updateExercise,
} from '../slice';
import { HOMEWORK_MAX, homeworkTexts as t } from '../texts';
import type { Exercise, Viewer } from '../types';
import styles from './Homework.module.css';
import { Status } from './Status';
import { TextFileForm } from './TextFileForm';
import { Thread } from './Thread';

interface HomeworkProps {
  courseId: string;
  lessonId: string;
  viewer: Viewer;
  /** Opened from a notification: mark the exercise read even if nothing looks unread. */
  fromNotification?: boolean;
}

/**
 * The practice tab's «Домашнє завдання»: the answer form, or the answer handed in with its status,
 * rating and file; then the comments. Opening it marks curator comments read. Curators may hand in
 * homework too (others review it); they get a pointer to the review screen.
 */
export default function Homework({ courseId, lessonId, viewer, fromNotification = false }: HomeworkProps) {
  const dispatch = useHomeworkDispatch();
  const stored = useHomeworkSelector(selectExercise);
  const [loaded, setLoaded] = useState<'no' | 'yes' | 'failed'>('no');
  const [unreadIds, setUnreadIds] = useState<ReadonlySet<string>>(new Set());
  const exercise = stored && stored.courseId === courseId && String(stored.lessonId) === lessonId ? stored : null;
  const viewerId = viewer._id;

  useEffect(() => {
    let live = true;
    setLoaded('no');
    dispatch(fetchExercise({ courseId, lessonId })).then((result) => {
      if (!live) return;
      if (!fetchExercise.fulfilled.match(result)) {
        setLoaded('failed');
        return;
      }
      const mine = result.payload;
      const unread = (mine?.comments ?? []).filter((c) => !c.isRead && c.author._id !== viewerId).map((c) => c._id);
      setUnreadIds(new Set(unread));
      setLoaded('yes');
      if (mine && (unread.length > 0 || fromNotification)) dispatch(markRead(mine._id));
    });
    return () => {
      live = false;
    };
  }, [dispatch, courseId, lessonId, viewerId, fromNotification]);

  return (
    <section aria-labelledby="homework-title" className={styles.homework}>
      <h2 id="homework-title">{t.homework}</h2>
      {viewer.reviewsHomework && (
        <p className={styles.curatorNote}>
          {t.curatorsHere} <Link to="/uk/active">{t.toReview}</Link>.
        </p>
      )}
      {loaded === 'no' ? (
        <Spinner compact />
      ) : loaded === 'failed' ? (
        <p className={styles.muted}>{t.loadFailed}</p>
      ) : (
        <>
          <Answer key={`${courseId}/${lessonId}`} courseId={courseId} lessonId={lessonId} exercise={exercise} />
          {exercise && (exercise.homework || exercise.comments.length > 0) && (
            <Thread exercise={exercise} viewer={viewer} ownerId={viewerId} markUnread unreadIds={unreadIds} />
          )}
        </>
      )}
    </section>
  );
}

/** The answer: a form until it is handed in (or after it was taken back), then the answer itself. */
function Answer({ courseId, lessonId, exercise }: { courseId: string; lessonId: string; exercise: Exercise | null }) {
  const dispatch = useHomeworkDispatch();
  const draftId = `${courseId}:${lessonId}`;
  const handedIn = exercise !== null && exercise.homework !== '';
  // A kept draft of a handed-in answer opens the form again, so the text is seen.
  const [editing, setEditing] = useState(useHasDraft('homework', draftId) && handedIn);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const submit = async (homework: string, file: File | null, upload: UploadOptions) => {
    setNotice('');
    const result = exercise
      ? await dispatch(updateExercise({ exerciseId: exercise._id, homework, file, upload }))
      : await dispatch(addExercise({ courseId, lessonId, homework, file, upload }));
    const problem = problemOf(result);
    if (!problem) {
      setNotice(handedIn ? t.saved : t.sent);
      setEditing(false);
      requestAnimationFrame(() => titleRef.current?.focus());
    }
    return problem;
  };

  const run = async (action: Promise<Result>, done: string) => {
    setBusy(true);
    setFailure('');
    setNotice('');
    const problem = problemOf(await action);
    setBusy(false);
    if (problem) setFailure(problem);
    else setNotice(done);
  };

  if (!handedIn || editing) {
    return (
      <>
        {notice && <Notice>{notice}</Notice>}
        <AnswerForm
          draftId={draftId}
          initial={editing ? (exercise?.homework ?? '') : ''}
          hasFile={editing && exercise?.fileURL !== ''}
          editing={editing}
          onSubmit={submit}
          onCancel={editing ? () => setEditing(false) : undefined}
        />
      </>
    );
  }

  return (
    <article className={styles.card} aria-labelledby="answer-title">
      <div className={styles.cardHead}>
        <h3 id="answer-title" ref={titleRef} tabIndex={-1}>
          {t.myAnswer}
        </h3>
        <Status exercise={exercise} />
      </div>
      <p className={styles.text}>{exercise.homework}</p>
      <Attachment file={exercise} />
      {exercise.waitingSince !== null && <p className={styles.muted}>{t.replyPromise(exercise.replyTargetHours)}</p>}
      {failure && <Alert>{failure}</Alert>}
      {notice && <Notice>{notice}</Notice>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setEditing(true)} disabled={busy}>
          {t.edit}
        </Button>
        {exercise.fileURL && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run(dispatch(deleteFile({ exerciseId: exercise._id })), t.fileRemoved)}
          >
            {t.removeFile}
          </Button>
        )}
        <ConfirmAction
          label={t.removeAnswer}
          question={t.removeAnswerAsk}
          confirm={t.removeAnswerYes}
          disabled={busy}
          onConfirm={() => run(dispatch(deleteHomework(exercise._id)), t.answerRemoved)}
        />
      </div>
    </article>
  );
}

interface AnswerFormProps {
  /** Names the answer's draft: course and lesson. */
  draftId: string;
  initial: string;
  hasFile: boolean;
  editing: boolean;
  onSubmit: (homework: string, file: File | null, upload: UploadOptions) => Promise<string>;
  onCancel?: () => void;
}

function AnswerForm({ draftId, initial, hasFile, editing, onSubmit, onCancel }: AnswerFormProps) {
  return (
    <TextFileForm
      draft={{ what: 'homework', id: draftId }}
      label={t.answer}
      submit={editing ? t.save : t.send}
      busyText={editing ? t.saving : t.sending}
      needText={t.needText}
      max={HOMEWORK_MAX}
      rows={8}
      initial={initial}
      hasFile={hasFile}
      onSubmit={onSubmit}
      onCancel={onCancel}
      className={styles.form}
      labelledBy="homework-title"
      lead={!editing && <p className={styles.muted}>{t.homeworkLead}</p>}
    />
  );
}
