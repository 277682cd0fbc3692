import { type FormEvent, useState } from 'react';
import { useDraft } from '../../../shared/lib/drafts';
import { overLimit } from '../../../shared/lib/limits';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { DraftNote } from '../../../shared/ui/DraftNote';
import { TextArea } from '../../../shared/ui/TextArea';
import { COMMENT_MAX, homeworkTexts as t } from '../texts';
import { FilePicker } from './FilePicker';
import styles from './Homework.module.css';

interface CommentFormProps {
  label: string;
  submit: string;
  /** Names the comment's draft: `new:<exerciseId>` for a new one, the comment's id when editing. */
  draftId: string;
  initial?: string;
  /** Sends the comment; resolves with the server's message on failure, '' on success. */
  onSubmit: (comment: string, file: File | null) => Promise<string>;
  onCancel?: () => void;
  /** Editing a comment that has a file: a new one replaces it. */
  hasFile?: boolean;
}

/** A comment's text (to 3 000 characters) and optional file; used to add and to edit. */
export function CommentForm({ label, submit, draftId, initial = '', onSubmit, onCancel, hasFile }: CommentFormProps) {
  const draft = useDraft('comment', draftId, initial);
  const comment = draft.value;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [pickerKey, setPickerKey] = useState(0);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const tooLong = overLimit([[label, comment, COMMENT_MAX]]);
    if (tooLong) {
      setFailure(tooLong);
      return;
    }
    if (!comment.trim() && !file && !hasFile) {
      setFailure(t.needComment);
      return;
    }
    setBusy(true);
    setFailure('');
    const problem = await onSubmit(comment.trim(), file);
    setBusy(false);
    if (problem) {
      setFailure(problem);
      return;
    }
    draft.clear();
    if (!onCancel) {
      // A new comment was added: the form starts over.
      setFile(null);
      setPickerKey((n) => n + 1);
    }
  };

  const cancel =
    onCancel &&
    (() => {
      // «Скасувати» gives up the changes: their draft goes too.
      draft.clear();
      onCancel();
    });

  return (
    <form className={styles.commentForm} onSubmit={send} noValidate>
      {draft.restored && <DraftNote onDiscard={draft.discard} />}
      <TextArea label={label} value={comment} max={COMMENT_MAX} onChange={draft.set} rows={3} disabled={busy} />
      <FilePicker
        key={pickerKey}
        label={hasFile ? t.replaceFile : t.file}
        hint={hasFile ? `${t.replaceHint} ${t.fileHint}` : t.fileHint}
        file={file}
        onChange={setFile}
        disabled={busy}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? t.sending : submit}
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
