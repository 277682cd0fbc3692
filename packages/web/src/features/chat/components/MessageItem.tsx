import type { ChatMessage, FileFields } from '@yedyni/contract';
import { memo, useId } from 'react';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { splitLinks } from '../lib/links';
import { chatTexts as t } from '../texts';
import styles from './ChatPanel.module.css';

/**
 * A message's text as React text nodes, with http(s) addresses as links that open in a new tab
 * without handing it this page (rel noopener noreferrer) or vouching for it (nofollow). Nothing
 * in the text is ever parsed as HTML.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** An image as a preview that opens in full, any other file as a download link by its name. */
export function MessageFile({ file }: { file: FileFields }) {
  if (!file.fileURL) return null;
  const name = file.fileName || t.attachment;
  if (file.fileType.startsWith('image/')) {
    return (
      <a
        className={styles.imageLink}
        href={file.fileURL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.openImage(name)}
      >
        <img className={styles.image} src={file.fileURL} alt={name} loading="lazy" />
      </a>
    );
  }
  return (
    <a className={styles.download} href={file.fileURL} download={name} aria-label={t.download(name)}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.icon}>
        <path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12v2h12v-2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <span>{name}</span>
    </a>
  );
}

interface MessageItemProps {
  message: ChatMessage;
  /** Mine: shown on the other side, and mine to edit and delete. */
  own: boolean;
  /** A curator may delete anyone's message. */
  mayDelete: boolean;
  /** It is in the composer right now. */
  editing: boolean;
  onEdit: (message: ChatMessage) => void;
  onRemove: (message: ChatMessage) => Promise<unknown>;
}

export const MessageItem = memo(function MessageItem({
  message,
  own,
  mayDelete,
  editing,
  onEdit,
  onRemove,
}: MessageItemProps) {
  const textId = useId();
  const describedBy = message.text ? textId : undefined;
  return (
    <li className={own ? `${styles.item} ${styles.own}` : styles.item}>
      <div className={editing ? `${styles.bubble} ${styles.editingBubble}` : styles.bubble}>
        <p className={styles.meta}>
          <span className={styles.sender}>{own ? t.you : t.fullName(message.sender)}</span>{' '}
          <time
            className={styles.time}
            dateTime={new Date(message.date).toISOString()}
            title={t.fullTime(message.date)}
          >
            {t.time(message.date)}
          </time>
          {message.editedAt !== null && <span className={styles.edited}> {t.edited}</span>}
        </p>
        {message.text && (
          <p id={textId} className={styles.text}>
            <MessageText text={message.text} />
          </p>
        )}
        <MessageFile file={message} />
        {(own || mayDelete) && (
          <div className={styles.actions}>
            {own && (
              <button
                type="button"
                className={styles.action}
                onClick={() => onEdit(message)}
                aria-describedby={describedBy}
                disabled={editing}
              >
                {t.edit}
              </button>
            )}
            <ConfirmAction
              compact
              label={t.remove}
              question={t.removeAsk}
              confirm={t.removeYes}
              cancel={t.cancel}
              describedBy={describedBy}
              onConfirm={() => onRemove(message)}
            />
          </div>
        )}
      </div>
    </li>
  );
});
