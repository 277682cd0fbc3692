import type { ChatMessage, ChatReportReason } from '@yedyni/contract';
import { type MouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { reconnectRealtime, useRealtimeStatus } from '../../../shared/realtime';
import { Alert } from '../../../shared/ui/Alert';
import buttons from '../../../shared/ui/buttons.module.css';
import { useChatDispatch, useChatSelector } from '../hooks';
import { moderationApi, useRoomModeration } from '../moderation';
import { clearEditingMessage, closeChat, selectChat, setEditingMessage } from '../slice';
import { chatTexts as t } from '../texts';
import type { ChatViewer } from '../types';
import { useChatRoom } from '../useChatRoom';
import styles from './ChatPanel.module.css';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import {
  ComposerNotice,
  MuteDialog,
  PinnedBar,
  ReportDialog,
  SlowModeSelect,
  slowWaitUntil,
  useSecondsUntil,
} from './Moderation';

export interface ChatPanelProps {
  courseId: string;
  /** The course title and the wave label the chat belongs to. */
  title: string;
  wave: string;
  viewer: ChatViewer;
  /** Called after the chat hid itself (close button, Escape, a click beside the drawer). */
  onClose: () => void;
}

/**
 * The chat of a course wave in a modal dialog: a drawer at the side on wide screens, the whole
 * screen on a phone. Focus goes to the message field; Escape, the close button or a click beside
 * the drawer close it (the opener takes focus back).
 */
export default function ChatPanel({ courseId, title, wave, viewer, onClose }: ChatPanelProps) {
  const dispatch = useChatDispatch();
  const chat = useChatSelector(selectChat);
  const room = useChatRoom({ courseId, wave, title });
  const status = useRealtimeStatus();
  const dialog = useRef<HTMLDialogElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [problem, setProblem] = useState('');
  const moderation = useRoomModeration({ courseId, wave }, viewer);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [muting, setMuting] = useState<ChatMessage | null>(null);
  const curator = viewer.canModerateChat;
  const { act } = moderation;
  const onPin = useCallback(
    (message: ChatMessage) => act(() => moderationApi.pin({ courseId, wave }, message._id)),
    [act, courseId, wave],
  );
  const onReport = useCallback(
    (message: ChatMessage, reason: ChatReportReason, text: string) =>
      moderationApi.report(message._id, { reason, text }),
    [],
  );
  // The dialog shows a refusal itself, beside the choices it is about.
  const onMute = useCallback(
    (message: ChatMessage, minutes: number, reason: string) =>
      moderationApi.mute({ courseId, wave, userId: message.sender._id, minutes, reason }),
    [courseId, wave],
  );
  const { send: sendMessage } = room;
  const { reload } = moderation;
  const send = useCallback(
    async (...args: Parameters<typeof sendMessage>) => {
      const ack = await sendMessage(...args);
      // Refused: a mute or slow mode this reader did not know of shows with its time.
      if (!ack.ok) reload();
      return ack;
    },
    [sendMessage, reload],
  );
  // While muted or waiting out slow mode the composer keeps the text but sends nothing; the notice
  // above it (its description) says why and for how long.
  const wait = useSecondsUntil(slowWaitUntil(moderation.state, chat.messages, viewer));
  const muted = useSecondsUntil(moderation.state.mute?.until ?? null) > 0;
  const noticeId = useId();
  const kickerId = useId();
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    textarea.current?.focus();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  const close = useCallback(() => {
    dispatch(closeChat());
    onClose();
  }, [dispatch, onClose]);

  const onEdit = useCallback(
    (message: ChatMessage) => {
      dispatch(setEditingMessage(message));
      textarea.current?.focus();
    },
    [dispatch],
  );
  const cancelEdit = useCallback(() => {
    dispatch(clearEditingMessage());
    textarea.current?.focus();
  }, [dispatch]);
  const { remove } = room;
  const onRemove = useCallback(
    async (message: ChatMessage) => {
      const ack = await remove(message._id);
      setProblem(ack.ok ? '' : ack.message);
      if (ack.ok) textarea.current?.focus();
    },
    [remove],
  );

  // A click on the backdrop lands on the dialog itself, outside its box.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) close();
  };

  const connection =
    status === 'connecting'
      ? t.connecting
      : status === 'lost'
        ? t.lost
        : status === 'closed' || status === 'offline'
          ? t.closed
          : '';

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${kickerId} ${titleId}`}
      onCancel={(event) => {
        // Escape: the dialog closes through the state, like every other way.
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          close();
        }
      }}
      onClick={onDialogClick}
    >
      <div className={styles.panel}>
        <header className={styles.head}>
          <div className={styles.heading}>
            <p id={kickerId} className={styles.kicker}>
              {t.title}
            </p>
            <h2 id={titleId} className={styles.title}>
              {chat.courseTitle || title}
            </h2>
            <p className={styles.wave}>{t.wave(chat.courseWave || wave)}</p>
          </div>
          <button type="button" className={styles.close} onClick={close} aria-label={t.close}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3 3 13" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
        </header>
        <div role="status" className={connection ? styles.connection : styles.connectionIdle}>
          {connection}
          {status === 'closed' && (
            <>
              {' '}
              <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={reconnectRealtime}>
                {t.reconnect}
              </button>
            </>
          )}
        </div>
        {room.joinError && (
          <div className={styles.joinProblem}>
            <Alert>{room.joinError}</Alert>
            <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={room.retry}>
              {t.retry}
            </button>
          </div>
        )}
        {curator && (
          <SlowModeSelect
            seconds={moderation.state.slowSeconds}
            onChange={(seconds) => act(() => moderationApi.slow({ courseId, wave }, seconds))}
          />
        )}
        <PinnedBar
          pinned={moderation.state.pinned}
          onUnpin={curator ? () => act(() => moderationApi.pin({ courseId, wave }, null)) : undefined}
        />
        <MessageList
          messages={chat.messages}
          viewer={viewer}
          view={room.view}
          anchored={chat.firstMessageDate !== null}
          editingId={chat.editingMessage?._id ?? null}
          onLoadOlder={room.loadOlder}
          onRetry={room.retry}
          onEdit={onEdit}
          onRemove={onRemove}
          onReport={curator ? undefined : setReporting}
          onPin={curator ? onPin : undefined}
          onMute={curator ? setMuting : undefined}
        />
        {(problem || moderation.problem) && (
          <div className={styles.problemBar}>
            <Alert>{problem || moderation.problem}</Alert>
          </div>
        )}
        <ComposerNotice id={noticeId} state={moderation.state} muted={muted} wait={wait} />
        <Composer
          key={`${courseId}:${wave}`}
          room={`${courseId}:${wave}`}
          editing={chat.editingMessage}
          textareaRef={textarea}
          onSend={send}
          onSave={room.edit}
          onCancelEdit={cancelEdit}
          onProblem={setProblem}
          held={muted || wait > 0 ? noticeId : null}
        />
      </div>
      <ReportDialog message={reporting} onClose={() => setReporting(null)} onReport={onReport} />
      <MuteDialog message={muting} onClose={() => setMuting(null)} onMute={onMute} />
    </dialog>
  );
}
