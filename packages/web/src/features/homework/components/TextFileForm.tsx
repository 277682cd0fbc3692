import { type FormEvent, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextArea } from '../../../shared/ui/TextArea';
import { COMMENT_MAX, homeworkTexts as t } from '../texts';
import { FilePicker } from './FilePicker';
import styles from './Homework.module.css';

interface CommentFormProps {
  label: string;
  submit: string;
  initial?: string;
  /** Sends the comment; resolves with the server's message on failure, '' on success. */
  onSubmit: (comment: string, file: File | null) => Promise<string>;
  onCancel?: () => void;
  /** Editing a comment that has a file: a new one replaces it. */
  hasFile?: boolean;
}

/** A comment's text (to 3 000 characters) and optional file; used to add and to edit. */
export function CommentForm({ label, submit, initial = '', onSubmit, onCancel, hasFile }: CommentFormProps) {
  const [comment, setComment] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [pickerKey, setPickerKey] = useState(0);

  const send = async (event: FormEvent) => {
    event.preventDefault();
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
    if (!onCancel) {
      // A new comment was added: the form starts over.
      setComment('');
      setFile(null);
      setPickerKey((n) => n + 1);
    }
  };

  return (
    <form className={styles.commentForm} onSubmit={send} noValidate>
      <TextArea label={label} value={comment} max={COMMENT_MAX} onChange={setComment} rows={3} disabled={busy} />
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
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
