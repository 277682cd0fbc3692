import { useEffect, useRef, useState } from 'react';
import { Button } from './Button';
import buttons from './buttons.module.css';
import styles from './ConfirmAction.module.css';

interface ConfirmActionProps {
  /** The button that asks first. */
  label: string;
  question: string;
  confirm: string;
  onConfirm: () => Promise<unknown> | undefined;
  disabled?: boolean;
  /** The «no» button. */
  cancel?: string;
  /** The id of what the action is about (the opener's description), when many alike are listed. */
  describedBy?: string;
  /** A small text opener and small answers, for lists of many items. */
  compact?: boolean;
}

/** A destructive action with a confirm step in place (no window.confirm). */
export function ConfirmAction({
  label,
  question,
  confirm,
  onConfirm,
  disabled,
  cancel = 'Скасувати',
  describedBy,
  compact = false,
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return compact ? (
      <button
        ref={opener}
        type="button"
        className={`${buttons.text} ${buttons.small} ${styles.compactOpener}`}
        onClick={() => setAsking(true)}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {label}
      </button>
    ) : (
      <Button
        ref={opener}
        variant="secondary"
        className={styles.danger}
        onClick={() => setAsking(true)}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {label}
      </Button>
    );
  }
  const run = async () => {
    setBusy(true);
    await onConfirm();
    setBusy(false);
    setAsking(false);
  };
  const size = compact ? ` ${styles.compact}` : '';
  return (
    <fieldset className={styles.confirm}>
      <legend>{question}</legend>
      <div className={styles.actions}>
        <Button ref={yes} className={`${styles.dangerSolid}${size}`} onClick={run} disabled={busy}>
          {confirm}
        </Button>
        <Button
          variant="secondary"
          className={size.trim() || undefined}
          onClick={() => setAsking(false)}
          disabled={busy}
        >
          {cancel}
        </Button>
      </div>
    </fieldset>
  );
}
