import {
  CHAT_MUTE_MINUTES,
  CHAT_REPORT_REASONS,
  CHAT_REPORT_TEXT_MAX,
  CHAT_SLOW_SECONDS,
  type ChatMessage,
  type ChatReportReason,
  type ChatRoomState,
  formatDateTime,
} from '@yedyni/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import buttons from '../../../shared/ui/buttons.module.css';
import { Modal } from '../../../shared/ui/Modal';
import { chatTexts as t } from '../texts';
import styles from './Moderation.module.css';

/** The room's one pinned message, above the history; curators may unpin it. */
export function PinnedBar({ pinned, onUnpin }: { pinned: ChatMessage | null; onUnpin?: (() => void) | undefined }) {
  if (!pinned) return null;
  return (
    <section className={styles.pinned} aria-label={t.pinned}>
      <p className={styles.pinnedText}>
        <strong>{t.pinned}:</strong> {pinned.text || pinned.fileName || t.reports.file}
      </p>
      {onUnpin && (
        <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={onUnpin}>
          {t.unpin}
        </button>
      )}
    </section>
  );
}

/** Seconds until `at`, ticking each second while there are any; 0 once it has passed. */
export function useSecondsUntil(at: number | null): number {
  const left = () => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`.
  useEffect(() => {
    setSeconds(left());
    if (at === null || left() === 0) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/**
 * Above the composer: why and until when the reader is muted, or slow mode and the seconds left
 * until they may write again (`wait`). The notice is a status, announced when it appears; the
 * ticking seconds are a timer, which is not read out every second.
 */
export function ComposerNotice({
  id,
  state,
  muted,
  wait,
}: {
  id: string;
  state: ChatRoomState;
  muted: boolean;
  wait: number;
}) {
  if (state.mute && muted) {
    return (
      <p id={id} className={styles.muted} role="status">
        {t.muted(formatDateTime(state.mute.until), state.mute.reason)}
      </p>
    );
  }
  if (state.slowSeconds === 0) return null;
  return (
    <p id={id} className={styles.slow} role="status">
      {t.slowOn(state.slowSeconds)}{' '}
      {wait > 0 && (
        <strong role="timer" aria-live="off">
          {t.slowWait(wait)}
        </strong>
      )}
    </p>
  );
}

/**
 * When a member under slow mode may write again: a slow-mode wait after their newest message in
 * the list (so it shows after their own send, and when a curator turns slow mode on after it),
 * or, with none loaded, what the server said when the room was read. Null for curators, who are
 * exempt, and when nothing holds the member back.
 */
export function slowWaitUntil(
  state: ChatRoomState,
  messages: readonly ChatMessage[],
  viewer: { _id: string; canModerateChat: boolean },
): number | null {
  if (state.slowSeconds === 0 || viewer.canModerateChat) return null;
  const newestOwn = messages.reduce<number | null>(
    (newest, m) => (m.sender._id === viewer._id && (newest === null || m.date > newest) ? m.date : newest),
    null,
  );
  return newestOwn === null ? state.nextSendAt : newestOwn + state.slowSeconds * 1000;
}

/** For curators: the room's slow mode. */
export function SlowModeSelect({ seconds, onChange }: { seconds: number; onChange: (seconds: number) => void }) {
  const id = useId();
  return (
    <div className={styles.slowSelect}>
      <label htmlFor={id}>{t.slowMode}</label>
      <select id={id} value={seconds} onChange={(event) => onChange(Number(event.target.value))}>
        {CHAT_SLOW_SECONDS.map((value) => (
          <option key={value} value={value}>
            {t.slowChoices[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

const reasons = Object.entries(CHAT_REPORT_REASONS) as [ChatReportReason, string][];

/** A member's report on someone else's message: one of the reasons, a few words if they like. */
export function ReportDialog({
  message,
  onClose,
  onReport,
}: {
  message: ChatMessage | null;
  onClose: () => void;
  onReport: (message: ChatMessage, reason: ChatReportReason, text: string) => Promise<{ hidden: boolean }>;
}) {
  // After sending, the dialog thanks the reporter instead of vanishing: they know it arrived.
  const [done, setDone] = useState<{ hidden: boolean } | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <Modal open={message !== null} onClose={close} title={t.reportTitle} closeLabel={done ? undefined : t.cancel}>
      {message && done ? (
        <Thanks hidden={done.hidden} onClose={close} />
      ) : (
        message && <ReportForm message={message} onReport={onReport} onDone={setDone} />
      )}
    </Modal>
  );
}

function Thanks({ hidden, onClose }: { hidden: boolean; onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // The form and its focused button are gone: focus goes to the one way on.
  useEffect(() => button.current?.focus(), []);
  return (
    <div className={styles.form}>
      <p className={styles.thanks} role="status">
        {t.reportDone}
        {hidden && ` ${t.reportHid}`}
      </p>
      <Button ref={button} onClick={onClose}>
        {t.reportClose}
      </Button>
    </div>
  );
}

function ReportForm({
  message,
  onReport,
  onDone,
}: {
  message: ChatMessage;
  onReport: (message: ChatMessage, reason: ChatReportReason, text: string) => Promise<{ hidden: boolean }>;
  onDone: (result: { hidden: boolean }) => void;
}) {
  const [reason, setReason] = useState<ChatReportReason>('rude');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onDone(await onReport(message, reason, text));
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className={styles.form}>
      {message.text && <blockquote className={styles.quote}>{message.text}</blockquote>}
      <fieldset className={styles.reasons}>
        <legend>{t.reportReason}</legend>
        {reasons.map(([value, label]) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={textId}>{t.reportText}</label>
      <input
        id={textId}
        className={styles.input}
        value={text}
        maxLength={CHAT_REPORT_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && <Alert>{problem}</Alert>}
      <Button type="submit" disabled={busy}>
        {t.reportSend}
      </Button>
    </form>
  );
}

/**
 * A curator mutes a member in this room for a while, with the reason the member will see. A
 * refusal shows in the dialog, beside the choices it is about.
 */
export function MuteDialog({
  message,
  onClose,
  onMute,
}: {
  message: ChatMessage | null;
  onClose: () => void;
  onMute: (message: ChatMessage, minutes: number, reason: string) => Promise<unknown>;
}) {
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title={message ? t.muteTitle(t.fullName(message.sender)) : t.mute}
      closeLabel={t.cancel}
    >
      {message && <MuteForm message={message} onMute={onMute} onDone={onClose} />}
    </Modal>
  );
}

function MuteForm({
  message,
  onMute,
  onDone,
}: {
  message: ChatMessage;
  onMute: (message: ChatMessage, minutes: number, reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [minutes, setMinutes] = useState<number>(CHAT_MUTE_MINUTES[1]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onMute(message, minutes, reason);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className={styles.form}>
      <fieldset className={styles.reasons}>
        <legend>{t.muteFor}</legend>
        {CHAT_MUTE_MINUTES.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="minutes"
              value={value}
              checked={minutes === value}
              onChange={() => setMinutes(value)}
            />{' '}
            {t.muteChoices[value]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={reasonId}>{t.muteReason}</label>
      <input
        id={reasonId}
        className={styles.input}
        value={reason}
        required
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem && <Alert>{problem}</Alert>}
      <Button type="submit" disabled={busy || !reason.trim()}>
        {t.muteSend}
      </Button>
    </form>
  );
}
