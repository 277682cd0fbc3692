import { type FormEvent, type ReactNode, useState } from 'react';
import type { UploadOptions } from '../../../shared/api';
import { useDraft } from '../../../shared/lib/drafts';
import { overLimit } from '../../../shared/lib/limits';
import { useUpload } from '../../../shared/lib/useUpload';
import { Notice } from '../../../shared/ui/Alert';
import { DraftNote } from '../../../shared/ui/DraftNote';
import { FormActions } from '../../../shared/ui/FormActions';
import { TextArea } from '../../../shared/ui/TextArea';
import { UploadProgress } from '../../../shared/ui/UploadProgress';
import { homeworkTexts as t } from '../texts';
import { FilePicker } from './FilePicker';
import styles from './Homework.module.css';

export interface TextFileFormProps {
  /** Names the text's draft (shared/lib/drafts): what it is, and which one. */
  draft: { what: string; id: string };
  label: string;
  submit: string;
  /** The submit button's text while sending. */
  busyText: string;
  /** Said when there is neither a text nor a file: either is enough, as the server has it. */
  needText: string;
  max: number;
  rows: number;
  initial?: string;
  /**
   * Sends the text (trimmed) and file, giving `upload` to the upload (its progress and cancel);
   * resolves with the server's message on failure, '' on success.
   */
  onSubmit: (text: string, file: File | null, upload: UploadOptions) => Promise<string>;
  onCancel?: () => void;
  /** Editing what has a file: a new one replaces it. */
  hasFile?: boolean;
  /** After a success the form starts over (for the next one); otherwise the screen moves on. */
  startOver?: boolean;
  className?: string;
  labelledBy?: string;
  /** Said above the fields. */
  lead?: ReactNode;
  /** Beside the text (a curator's saved replies), given a way to put text into it. */
  tools?: (insert: (text: string) => void) => ReactNode;
  /** Under the file, above the buttons (a curator's mistake tags). */
  extra?: ReactNode;
}

/** A text with an optional file, added or edited: a homework answer or a comment on it. */
export function TextFileForm({
  draft: { what, id },
  label,
  submit,
  busyText,
  needText,
  max,
  rows,
  initial = '',
  onSubmit,
  onCancel,
  hasFile,
  startOver,
  className,
  labelledBy,
  lead,
  tools,
  extra,
}: TextFileFormProps) {
  const draft = useDraft(what, id, initial);
  const text = draft.value;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [pickerKey, setPickerKey] = useState(0);
  const [cancelled, setCancelled] = useState(false);
  const upload = useUpload();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    // Never cut: too long a text is refused, saying how much to remove.
    const tooLong = overLimit([[label, text, max]]);
    if (tooLong) {
      setFailure(tooLong);
      return;
    }
    if (!text.trim() && !file && !hasFile) {
      setFailure(needText);
      return;
    }
    setBusy(true);
    setFailure('');
    setCancelled(false);
    // A file shows its progress and may be cancelled; a text alone goes at once.
    const problem = file
      ? await upload.run(file.name, (options) => onSubmit(text.trim(), file, options))
      : await onSubmit(text.trim(), null, {});
    setBusy(false);
    if (problem === undefined) {
      // Cancelled: the text (and its draft) and the file stay, ready to send again.
      setCancelled(true);
      return;
    }
    if (problem) {
      setFailure(problem);
      return;
    }
    draft.clear();
    if (startOver) {
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
    <form className={className} onSubmit={send} noValidate aria-labelledby={labelledBy}>
      {lead}
      {draft.restored && <DraftNote onDiscard={draft.discard} />}
      {tools?.((inserted) => draft.set(text.trim() ? `${text.trimEnd()}\n\n${inserted}` : inserted))}
      <TextArea label={label} value={text} max={max} onChange={draft.set} rows={rows} disabled={busy} />
      <FilePicker
        key={pickerKey}
        label={hasFile ? t.replaceFile : t.file}
        hint={hasFile ? `${t.replaceHint} ${t.fileHint}` : t.fileHint}
        file={file}
        onChange={setFile}
        disabled={busy}
      />
      {upload.progress && <UploadProgress progress={upload.progress} onCancel={upload.cancel} />}
      {cancelled && <Notice tone="info">{t.uploadCancelled}</Notice>}
      {extra}
      <FormActions
        failure={failure}
        busy={busy}
        submit={submit}
        busyText={busyText}
        onCancel={cancel}
        className={styles.actions}
      />
    </form>
  );
}
