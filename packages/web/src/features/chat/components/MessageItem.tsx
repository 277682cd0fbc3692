import type { ChatMessage } from '@yedyni/contract';
import { memo, useId } from 'react';
import { Attachment } from '../../../shared/ui/Attachment';
import badges from '../../../shared/ui/badges.module.css';
import buttons from '../../../shared/ui/buttons.module.css';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { splitLinks } from '../lib/links';
import { chatTexts as t } from '../texts';
import styles from './ChatPanel.module.css';
import moderation from './Moderation.module.css';

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
  /** Someone else's message: the reader may report it. */
  onReport?: ((message: ChatMessage) => void) | undefined;
  /** Curators: pin it, and mute a learner who wrote it. */
  onPin?: ((message: ChatMessage) => void) | undefined;
  onMute?: ((message: ChatMessage) => void) | undefined;
}

export const MessageItem = memo(function MessageItem({
  message,
  own,
  mayDelete,
  editing,
  onEdit,
  onRemove,
  onReport,
  onPin,
  onMute,
}: MessageItemProps) {
  const textId = useId();
  const describedBy = message.text ? textId : undefined;
  const bubble = [styles.bubble, editing && styles.editingBubble, message.hidden && moderation.hiddenBubble]
    .filter(Boolean)
    .join(' ');
  // Reports are for someone else's message; mutes for a learner's (the server says who is staff).
  const mayReport = !own && onReport !== undefined;
  const mayMute = !own && message.senderTitle === null && onMute !== undefined;
  const mayPin = onPin !== undefined && !message.hidden;
  const small = `${buttons.text} ${buttons.small}`;
  return (
    <li className={own ? `${styles.item} ${styles.own}` : styles.item} data-message-id={message._id}>
      <div className={bubble}>
        {message.hidden && <p className={moderation.hiddenNote}>{t.hidden}</p>}
        <p className={styles.meta}>
          <span className={styles.sender}>{own ? t.you : t.fullName(message.sender)}</span>{' '}
          {!own && message.senderTitle && (
            <>
              <span className={`${badges.badge} ${badges.small} ${badges.primary} ${styles.title}`}>
                {t.senderTitle[message.senderTitle]}
              </span>{' '}
            </>
          )}
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
        <Attachment file={message} compact />
        {(own || mayDelete || mayReport || mayPin) && (
          <div className={styles.actions}>
            {mayReport && (
              <button type="button" className={small} onClick={() => onReport(message)} aria-describedby={describedBy}>
                {t.report}
              </button>
            )}
            {mayPin && (
              <button type="button" className={small} onClick={() => onPin(message)} aria-describedby={describedBy}>
                {t.pin}
              </button>
            )}
            {mayMute && (
              <button type="button" className={small} onClick={() => onMute(message)} aria-describedby={describedBy}>
                {t.mute}
              </button>
            )}
            {own && (
              <button
                type="button"
                className={`${buttons.text} ${buttons.small}`}
                onClick={() => onEdit(message)}
                aria-describedby={describedBy}
                disabled={editing}
              >
                {t.edit}
              </button>
            )}
            {(own || mayDelete) && (
              <ConfirmAction
                compact
                label={t.remove}
                question={t.removeAsk}
                confirm={t.removeYes}
                cancel={t.cancel}
                describedBy={describedBy}
                onConfirm={() => onRemove(message)}
              />
            )}
          </div>
        )}
      </div>
    </li>
  );
});
