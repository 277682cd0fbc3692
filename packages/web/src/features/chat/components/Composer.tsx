import type { ChatAck, ChatMessage, FileFields } from '@yedyni/contract';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { ACCEPT_FILES, formatSize, MAX_FILE_BYTES } from '../../../shared/lib/files';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { useChatDispatch } from '../hooks';
import { uploadChatFile } from '../slice';
import { CHAT_COUNTER_FROM, CHAT_TEXT_MAX, chatTexts as t } from '../texts';
import styles from './ChatPanel.module.css';

interface ComposerProps {
  /** The own message being edited, or null for a new one. */
  editing: ChatMessage | null;
  textareaRef: Ref<HTMLTextAreaElement>;
  onSend: (text: string, file: FileFields | null) => Promise<ChatAck>;
  onSave: (messageId: string, text: string) => Promise<ChatAck>;
  onCancelEdit: () => void;
  /** A failure to show ('' clears it). */
  onProblem: (message: string) => void;
}

/**
 * Writes a new message, or edits one's own: Enter sends, Shift+Enter starts a new line, Escape
 * ends editing. A file is checked (10 MiB), uploaded at once and shown as a chip until sent.
 */
export function Composer({ editing, textareaRef, onSend, onSave, onCancelEdit, onProblem }: ComposerProps) {
  const dispatch = useChatDispatch();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<FileFields | null>(null);
  const [uploading, setUploading] = useState('');
  const [busy, setBusy] = useState(false);
  const draft = useRef('');
  const editingId = editing?._id ?? null;
  const wasEditing = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);

  // Into editing: the message's text replaces the draft, which comes back afterwards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the edited message matters.
  useEffect(() => {
    if (editingId === wasEditing.current) return;
    if (editingId && editing) {
      if (wasEditing.current === null) draft.current = text;
      setText(editing.text);
    } else {
      setText(draft.current);
      draft.current = '';
    }
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
    setUploading(chosen.name);
    const result = await dispatch(uploadChatFile(chosen));
    setUploading('');
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
    if (trimmed.length > CHAT_TEXT_MAX) {
      onProblem(t.tooLong);
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
    setText('');
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

  const near = text.length >= CHAT_COUNTER_FROM;
  const described = [`${id}-hint`, near ? `${id}-count` : ''].filter(Boolean).join(' ');
  return (
    <form
      className={styles.composer}
      aria-label={editing ? t.editing : t.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {editing && (
        <div className={`${layout.spread} ${styles.editingBar}`}>
          <span>{t.editing}</span>
          <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={onCancelEdit}>
            {t.cancelEdit}
          </button>
        </div>
      )}
      {(file || uploading) && !editing && (
        <div className={styles.chip}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.icon}>
            <path
              d="M10.5 4.5 5.4 9.6a1.4 1.4 0 0 0 2 2l5.3-5.3a2.8 2.8 0 0 0-4-4L3.4 7.6a4.2 4.2 0 0 0 6 6L13 10"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.4"
            />
          </svg>
          <span className={styles.chipName} role="status">
            {uploading ? t.uploading(uploading) : t.attached(file?.fileName ?? '')}
          </span>
          {file && (
            <button
              type="button"
              className={styles.chipRemove}
              onClick={unattach}
              aria-label={t.unattach(file.fileName)}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      )}
      <div className={styles.row}>
        {!editing && (
          <label className={`${buttons.picker} ${styles.attach}`} title={t.attach}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.attachIcon}>
              <path
                d="M10.5 4.5 5.4 9.6a1.4 1.4 0 0 0 2 2l5.3-5.3a2.8 2.8 0 0 0-4-4L3.4 7.6a4.2 4.2 0 0 0 6 6L13 10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
              />
            </svg>
            <span className="sr-only">{t.attach}</span>
            <input
              ref={input}
              type="file"
              className={buttons.pickerInput}
              accept={ACCEPT_FILES}
              disabled={Boolean(uploading) || busy}
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
          maxLength={CHAT_TEXT_MAX}
          value={text}
          placeholder={`${t.message}…`}
          aria-describedby={described}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" className={styles.send} disabled={busy || Boolean(uploading)}>
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
        {near && (
          <span
            id={`${id}-count`}
            className={text.length >= CHAT_TEXT_MAX ? `${styles.count} ${styles.full}` : styles.count}
          >
            {t.counter(text.length)}
          </span>
        )}
      </div>
    </form>
  );
}
