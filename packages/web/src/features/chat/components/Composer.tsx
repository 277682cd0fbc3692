import type { ChatAck, ChatMessage, FileFields } from '@yedyni/contract';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useDraft } from '../../../shared/lib/drafts';
import { ACCEPT_FILES, formatSize, MAX_FILE_BYTES } from '../../../shared/lib/files';
import { excessOf, limitTexts } from '../../../shared/lib/limits';
import { useUpload } from '../../../shared/lib/useUpload';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import { DraftNote } from '../../../shared/ui/DraftNote';
import { LimitStatus, limitedClass, limitIds } from '../../../shared/ui/LimitStatus';
import layout from '../../../shared/ui/layout.module.css';
import { UploadProgress } from '../../../shared/ui/UploadProgress';
import { useChatDispatch } from '../hooks';
import { uploadChatFile } from '../slice';
import { CHAT_COUNTER_FROM, CHAT_TEXT_MAX, chatTexts as t } from '../texts';
import styles from './ChatPanel.module.css';

interface ComposerProps {
  /** Names the room's draft (`<courseId>:<wave>`): fixed for a mount. */
  room: string;
  /** The own message being edited, or null for a new one. */
  editing: ChatMessage | null;
  textareaRef: Ref<HTMLTextAreaElement>;
  onSend: (text: string, file: FileFields | null) => Promise<ChatAck>;
  onSave: (messageId: string, text: string) => Promise<ChatAck>;
  onCancelEdit: () => void;
  /** A failure to show ('' clears it). */
  onProblem: (message: string) => void;
  /** While the reader may not write (muted, slow mode): the id of the notice that says why. */
  held?: string | null;
}

/**
 * Writes a new message, or edits one's own: Enter sends, Shift+Enter starts a new line, Escape
 * ends editing. A file is checked (10 MiB), uploaded at once and shown as a chip until sent.
 */
export function Composer({
  room,
  editing,
  textareaRef,
  onSend,
  onSave,
  onCancelEdit,
  onProblem,
  held = null,
}: ComposerProps) {
  const dispatch = useChatDispatch();
  const id = useId();
  // The new message is the room's draft; an edited message's text is not kept.
  const draft = useDraft('chat', room, '');
  const [editText, setEditText] = useState('');
  const text = editing ? editText : draft.value;
  const setText = editing ? setEditText : draft.set;
  const [file, setFile] = useState<FileFields | null>(null);
  const upload = useUpload();
  const uploading = upload.progress !== null;
  const [busy, setBusy] = useState(false);
  const editingId = editing?._id ?? null;
  const wasEditing = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);

  // Into editing: the message's text shows instead of the draft, which comes back afterwards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the edited message matters.
  useEffect(() => {
    if (editingId === wasEditing.current) return;
    if (editing) setEditText(editing.text);
    wasEditing.current = editingId;
    onProblem('');
    area.current?.focus();
  }, [editingId]);

  const choose = async (chosen: File | null) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      onProblem(t.tooLarge(formatSize(chosen.size)));
      return;
    }
    onProblem('');
    setFile(null);
    const result = await upload.run(chosen.name, (options) =>
      dispatch(uploadChatFile({ file: chosen, upload: options })),
    );
    // Cancelled: nothing attached, nothing to report; the text stays.
    if (!result) return;
    if (uploadChatFile.fulfilled.match(result)) setFile(result.payload);
    else onProblem(result.payload ?? t.uploadFailed);
  };

  const unattach = () => {
    setFile(null);
    input.current?.focus();
  };

  const submit = async () => {
    if (busy || uploading) return;
    const trimmed = text.trim();
    if (excess > 0) {
      onProblem(limitTexts.refused(t.message, excess));
      return;
    }
    if (editing) {
      setBusy(true);
      const ack = await onSave(editing._id, trimmed);
      setBusy(false);
      if (!ack.ok) {
        onProblem(ack.message);
        return;
      }
      onProblem('');
      onCancelEdit();
      return;
    }
    if (held) return;
    if (!trimmed && !file) {
      onProblem(t.needText);
      return;
    }
    setBusy(true);
    const ack = await onSend(trimmed, file);
    setBusy(false);
    if (!ack.ok) {
      onProblem(ack.message);
      return;
    }
    onProblem('');
    draft.clear();
    setFile(null);
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && editing) {
      // Ends the editing only; the panel stays open.
      event.preventDefault();
      event.stopPropagation();
      onCancelEdit();
    }
  };

  const setArea = (element: HTMLTextAreaElement | null) => {
    area.current = element;
    if (typeof textareaRef === 'function') textareaRef(element);
    else if (textareaRef) textareaRef.current = element;
  };

  const excess = excessOf(text, CHAT_TEXT_MAX);
  // The counter shows from CHAT_COUNTER_FROM on, earlier than other fields: a message is short.
  const limit = { id, value: text, max: CHAT_TEXT_MAX, always: text.length >= CHAT_COUNTER_FROM };
  const sendHeld = held !== null && !editing;
  const described = [...(sendHeld ? [held] : []), `${id}-hint`, ...(limit.always ? limitIds(limit) : [])].join(' ');
  return (
    <form
      className={styles.composer}
      aria-label={editing ? t.editing : t.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {draft.restored && !editing && <DraftNote onDiscard={draft.discard} />}
      {editing && (
        <div className={`${layout.spread} ${styles.editingBar}`}>
          <span>{t.editing}</span>
          <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={onCancelEdit}>
            {t.cancelEdit}
          </button>
        </div>
      )}
      {upload.progress && !editing && (
        <UploadProgress progress={upload.progress} onCancel={upload.cancel} className={styles.uploading} />
      )}
      {file && !editing && (
        <div className={styles.chip}>
          <Paperclip className={styles.icon} />
          <span className={styles.chipName} role="status">
            {t.attached(file.fileName)}
          </span>
          <button type="button" className={styles.chipRemove} onClick={unattach} aria-label={t.unattach(file.fileName)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      <div className={`${styles.row} ${limitedClass}`}>
        {!editing && (
          <label className={`${buttons.picker} ${styles.attach}`} title={t.attach}>
            <Paperclip className={styles.attachIcon} />
            <span className="sr-only">{t.attach}</span>
            <input
              ref={input}
              type="file"
              className={buttons.pickerInput}
              accept={ACCEPT_FILES}
              disabled={uploading || busy}
              aria-describedby={`${id}-file`}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </label>
        )}
        <label htmlFor={id} className="sr-only">
          {t.message}
        </label>
        <textarea
          ref={setArea}
          id={id}
          className={styles.textarea}
          rows={1}
          value={text}
          placeholder={`${t.message}…`}
          aria-invalid={excess > 0 || undefined}
          aria-describedby={described}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          className={styles.send}
          disabled={busy || uploading || sendHeld}
          aria-describedby={sendHeld ? held : undefined}
        >
          {editing ? t.save : t.send}
        </Button>
      </div>
      <div className={styles.under}>
        <span id={`${id}-hint`} className={styles.hint}>
          {editing ? t.editingHint : t.composerHint}
        </span>
        <span id={`${id}-file`} hidden>
          {t.fileHint}
        </span>
        {limit.always && <LimitStatus {...limit} />}
      </div>
    </form>
  );
}

/** The paperclip of «Прикріпити файл» and of the attached file's chip. */
function Paperclip({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={className}>
      <path
        d="M10.5 4.5 5.4 9.6a1.4 1.4 0 0 0 2 2l5.3-5.3a2.8 2.8 0 0 0-4-4L3.4 7.6a4.2 4.2 0 0 0 6 6L13 10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
      />
    </svg>
  );
}
