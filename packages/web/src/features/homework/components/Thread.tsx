import type { MistakeTag } from '@yedyni/contract';
import { useState } from 'react';
import type { UploadOptions } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Attachment } from '../../../shared/ui/Attachment';
import { Button } from '../../../shared/ui/Button';
import badges from '../../../shared/ui/badges.module.css';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import layout from '../../../shared/ui/layout.module.css';
import { MistakeTags } from '../../replies';
import { useHomeworkDispatch } from '../hooks';
import { problemOf, type Result } from '../lib/result';
import { addComment, deleteComment, deleteFile, editComment } from '../slice';
import { homeworkTexts as t } from '../texts';
import type { Comment, Exercise, Viewer } from '../types';
import { CommentForm } from './CommentForm';
import styles from './Homework.module.css';

interface ThreadProps {
  exercise: Exercise;
  viewer: Viewer;
  /** Whose homework it is: comments by anyone else are the curators'. */
  ownerId: string;
  /** The learner's own view marks curator comments they have not seen yet. */
  markUnread?: boolean;
  /** Unread comments as they were when the screen opened (opening marks them read on the server). */
  unreadIds?: ReadonlySet<string>;
  level?: 2 | 3;
  /** Told after a new comment is sent (the review screen's Ctrl+Enter then opens the next). */
  onCommentSent?: () => void;
}

/** The comments between the learner and curators, and a form to add one. */
export function Thread({
  exercise,
  viewer,
  ownerId,
  markUnread = false,
  unreadIds,
  level = 3,
  onCommentSent,
}: ThreadProps) {
  const dispatch = useHomeworkDispatch();
  const [notice, setNotice] = useState('');
  const Heading = level === 2 ? 'h2' : 'h3';
  const titleId = `thread-${exercise._id}`;

  const add = async (comment: string, file: File | null, upload: UploadOptions, tags: MistakeTag[]) => {
    setNotice('');
    const problem = problemOf(await dispatch(addComment({ exerciseId: exercise._id, comment, tags, file, upload })));
    if (!problem) {
      setNotice(t.commentSent);
      onCommentSent?.();
    }
    return problem;
  };

  return (
    <section className={styles.thread} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.threadTitle}>
        {t.thread}
      </Heading>
      {exercise.comments.length === 0 ? (
        <p className={styles.muted}>{t.threadEmpty}</p>
      ) : (
        <ol className={layout.list}>
          {exercise.comments.map((comment) => (
            <CommentItem
              key={comment._id}
              exerciseId={exercise._id}
              comment={comment}
              viewer={viewer}
              byCurator={comment.author._id !== ownerId}
              unread={
                markUnread &&
                comment.author._id !== viewer._id &&
                (!comment.isRead || (unreadIds?.has(comment._id) ?? false))
              }
              onDone={setNotice}
              reviewing={exercise.canRate}
            />
          ))}
        </ol>
      )}
      {notice && <Notice>{notice}</Notice>}
      <CommentForm
        label={t.comment}
        submit={t.addComment}
        draftId={`new:${exercise._id}`}
        onSubmit={add}
        reviewing={exercise.canRate}
      />
    </section>
  );
}

interface CommentItemProps {
  exerciseId: string;
  comment: Comment;
  viewer: Viewer;
  byCurator: boolean;
  unread: boolean;
  onDone: (notice: string) => void;
  /** A reviewer of this homework: editing their comment shows its mistake tags. */
  reviewing: boolean;
}

function CommentItem({ exerciseId, comment, viewer, byCurator, unread, onDone, reviewing }: CommentItemProps) {
  const dispatch = useHomeworkDispatch();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const own = comment.author._id === viewer._id;
  // The server says (homework policy): its author, or a curator moderating.
  const mayDelete = comment.canDelete;
  const name = t.fullName(comment.author);
  const commentId = comment._id;

  const save = async (text: string, file: File | null, upload: UploadOptions, tags: MistakeTag[]) => {
    onDone('');
    // Only a reviewer sees the tags, so only a reviewer's edit sends them; anyone else's keeps them.
    const edit = { exerciseId, commentId, comment: text, file, upload, ...(reviewing ? { tags } : {}) };
    const problem = problemOf(await dispatch(editComment(edit)));
    if (!problem) {
      setEditing(false);
      onDone(t.commentSaved);
    }
    return problem;
  };

  const run = async (action: Promise<Result>, done: string) => {
    setBusy(true);
    setFailure('');
    onDone('');
    const problem = problemOf(await action);
    setBusy(false);
    if (problem) setFailure(problem);
    else onDone(done);
  };

  return (
    <li>
      <article className={own ? `${styles.comment} ${styles.own}` : styles.comment} aria-label={t.commentOf(name)}>
        <header className={styles.commentHead}>
          <span className={styles.author}>{own ? `${name} (${t.you.toLowerCase()})` : name}</span>
          {byCurator && <span className={`${badges.badge} ${badges.small} ${badges.primary}`}>{t.curator}</span>}
          {unread && <span className={`${badges.badge} ${badges.small} ${styles.new}`}>{t.unread}</span>}
          <time className={styles.date} dateTime={new Date(comment.date).toISOString()}>
            {t.when(comment.date)}
          </time>
        </header>
        {editing ? (
          <CommentForm
            label={t.editCommentLabel}
            submit={t.save}
            draftId={comment._id}
            initial={comment.comment}
            hasFile={comment.fileURL !== ''}
            onSubmit={save}
            onCancel={() => setEditing(false)}
            reviewing={reviewing}
            initialTags={comment.tags}
          />
        ) : (
          <>
            <p className={styles.text}>{comment.comment}</p>
            <Attachment file={comment} />
            <MistakeTags tags={comment.tags} />
          </>
        )}
        {failure && <Alert>{failure}</Alert>}
        {!editing && (own || mayDelete) && (
          <div className={styles.actions}>
            {own && (
              <Button variant="secondary" onClick={() => setEditing(true)} disabled={busy}>
                {t.editComment}
              </Button>
            )}
            {own && comment.fileURL && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => run(dispatch(deleteFile({ exerciseId, commentId })), t.fileRemoved)}
              >
                {t.removeFile}
              </Button>
            )}
            {mayDelete && (
              <ConfirmAction
                label={t.deleteComment}
                question={t.deleteCommentAsk}
                confirm={t.deleteCommentYes}
                disabled={busy}
                onConfirm={() => run(dispatch(deleteComment({ exerciseId, commentId })), t.commentDeleted)}
              />
            )}
          </div>
        )}
      </article>
    </li>
  );
}
