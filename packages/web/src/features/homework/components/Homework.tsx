import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDraft, useHasDraft } from '../../../shared/lib/drafts';
import { overLimit } from '../../../shared/lib/limits';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Attachment } from '../../../shared/ui/Attachment';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { DraftNote } from '../../../shared/ui/DraftNote';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextArea } from '../../../shared/ui/TextArea';
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
import { FilePicker } from './FilePicker';
import styles from './Homework.module.css';
import { Status } from './Status';
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

  const submit = async (homework: string, file: File | null) => {
    setNotice('');
    const result = exercise
      ? await dispatch(updateExercise({ exerciseId: exercise._id, homework, file }))
      : await dispatch(addExercise({ courseId, lessonId, homework, file }));
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
  onSubmit: (homework: string, file: File | null) => Promise<string>;
  onCancel?: () => void;
}

function AnswerForm({ draftId, initial, hasFile, editing, onSubmit, onCancel }: AnswerFormProps) {
  const draft = useDraft('homework', draftId, initial);
  const homework = draft.value;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const tooLong = overLimit([[t.answer, homework, HOMEWORK_MAX]]);
    if (tooLong) {
      setFailure(tooLong);
      return;
    }
    // Text or a file is enough, as the server has it.
    if (!homework.trim() && !file && !hasFile) {
      setFailure(t.needText);
      return;
    }
    setBusy(true);
    setFailure('');
    const problem = await onSubmit(homework.trim(), file);
    setBusy(false);
    if (problem) setFailure(problem);
    else draft.clear();
  };

  const cancel =
    onCancel &&
    (() => {
      // «Скасувати» gives up the changes: their draft goes too.
      draft.clear();
      onCancel();
    });

  return (
    <form className={styles.form} onSubmit={send} noValidate aria-labelledby="homework-title">
      {!editing && <p className={styles.muted}>{t.homeworkLead}</p>}
      {draft.restored && <DraftNote onDiscard={draft.discard} />}
      <TextArea label={t.answer} value={homework} max={HOMEWORK_MAX} onChange={draft.set} rows={8} disabled={busy} />
      <FilePicker
        label={hasFile ? t.replaceFile : t.file}
        hint={hasFile ? `${t.replaceHint} ${t.fileHint}` : t.fileHint}
        file={file}
        onChange={setFile}
        disabled={busy}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? (editing ? t.saving : t.sending) : editing ? t.save : t.send}
        </Button>
        {cancel && (
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {t.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
