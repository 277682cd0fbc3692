import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { exerciseTexts as t } from '../texts';
import styles from './Homework.module.css';

interface ConfirmActionProps {
  /** The button that asks first. */
  label: string;
  question: string;
  confirm: string;
  onConfirm: () => Promise<unknown> | undefined;
  disabled?: boolean;
}

/** A destructive action with a confirm step in place (no window.confirm). */
export function ConfirmAction({ label, question, confirm, onConfirm, disabled }: ConfirmActionProps) {
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
    return (
      <Button
        ref={opener}
        variant="secondary"
        className={styles.danger}
        onClick={() => setAsking(true)}
        disabled={disabled}
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
  return (
    <fieldset className={styles.confirm}>
      <legend>{question}</legend>
      <div className={styles.actions}>
        <Button ref={yes} className={styles.dangerSolid} onClick={run} disabled={busy}>
          {confirm}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
          {t.cancel}
        </Button>
      </div>
    </fieldset>
  );
}
