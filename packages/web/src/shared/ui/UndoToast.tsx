import { useEffect, useRef } from 'react';
import styles from './UndoToast.module.css';

interface UndoToastProps {
  /** What was just done («Оцінку 9 з 12 виставлено»). */
  message: string;
  /** The button that takes it back. */
  undoLabel?: string;
  onUndo: () => void;
  /** Called once `durationMs` has passed without an undo: the step is final now. */
  onExpire: () => void;
  /** How long the undo is offered; keep it shorter than the server's own window. */
  durationMs: number;
  busy?: boolean;
}

/**
 * A step just done, with a few seconds to take it back (a rating). It does not take the focus,
 * and its bar shows the time left.
 */
export function UndoToast({ message, undoLabel = 'Скасувати', onUndo, onExpire, durationMs, busy }: UndoToastProps) {
  // The latest callback, so a parent's new function does not restart the time.
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    const timer = setTimeout(() => expire.current(), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);

  return (
    <div className={styles.toast} role="status">
      <span className={styles.message}>{message}</span>
      <button type="button" className={styles.undo} onClick={onUndo} disabled={busy}>
        {undoLabel}
      </button>
      <span className={styles.bar} style={{ animationDuration: `${durationMs}ms` }} aria-hidden="true" />
    </div>
  );
}
