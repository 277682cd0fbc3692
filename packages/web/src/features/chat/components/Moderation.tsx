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
import { type FormEvent, useEffect, useId, useState } from 'react';
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

/** Seconds until `at`, ticking each second; 0 once it has passed. */
function useSecondsUntil(at: number | null): number {
  const left = () => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`.
  useEffect(() => {
    setSeconds(left());
    if (at === null) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/** Above the composer: why and until when the reader is muted, or slow mode and its countdown. */
export function ComposerNotice({ state, exempt }: { state: ChatRoomState; exempt: boolean }) {
  const wait = useSecondsUntil(state.nextSendAt);
  const mutedFor = useSecondsUntil(state.mute?.until ?? null);
  if (state.mute && mutedFor > 0) {
    return (
      <p className={styles.muted} role="status">
        {t.muted(formatDateTime(state.mute.until), state.mute.reason)}
      </p>
    );
  }
  if (state.slowSeconds === 0) return null;
  return (
    <p className={styles.slow} role="status">
      {t.slowOn(state.slowSeconds)} {!exempt && wait > 0 && <strong>{t.slowWait(wait)}</strong>}
    </p>
  );
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
  onReport: (message: ChatMessage, reason: ChatReportReason, text: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState<ChatReportReason>('rude');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message) return;
    setBusy(true);
    try {
      await onReport(message, reason, text);
      setText('');
      setProblem('');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={message !== null} onClose={onClose} title={t.reportTitle} closeLabel={t.cancel}>
      <form onSubmit={submit} className={styles.form}>
        {message?.text && <blockquote className={styles.quote}>{message.text}</blockquote>}
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
    </Modal>
  );
}

/** A curator mutes a member in this room for a while, with the reason the member will see. */
export function MuteDialog({
  message,
  onClose,
  onMute,
}: {
  message: ChatMessage | null;
  onClose: () => void;
  onMute: (message: ChatMessage, minutes: number, reason: string) => Promise<boolean>;
}) {
  const [minutes, setMinutes] = useState<number>(CHAT_MUTE_MINUTES[1]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message) return;
    setBusy(true);
    const done = await onMute(message, minutes, reason);
    setBusy(false);
    if (done) {
      setReason('');
      onClose();
    }
  };
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title={message ? t.muteTitle(t.fullName(message.sender)) : t.mute}
      closeLabel={t.cancel}
    >
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
        <Button type="submit" disabled={busy || !reason.trim()}>
          {t.muteSend}
        </Button>
      </form>
    </Modal>
  );
}
