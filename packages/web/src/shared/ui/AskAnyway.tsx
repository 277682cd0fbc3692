import { useEffect, useRef } from 'react';
import { Button } from './Button';
import styles from './ConfirmAction.module.css';

interface AskAnywayProps {
  /** What is left undone, and whether to go on anyway («…Завершити все одно?»). */
  question: string;
  /** Go on as it is. */
  proceed: string;
  /** Go back and finish. */
  back: string;
  onProceed: () => void;
  onBack: () => void;
  busy?: boolean;
  /** The screen's own class beside the shared look (its width, say). */
  className?: string;
}

/**
 * Sending with something left unanswered asks first, in place: the game's and olympiad's tasks
 * and the lesson self-test. The «go on» answer takes focus, so a keyboard user hears the question.
 */
export function AskAnyway({ question, proceed, back, onProceed, onBack, busy = false, className }: AskAnywayProps) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yes.current?.focus();
  }, []);
  return (
    <fieldset className={`${styles.confirm} ${styles.gentle}${className ? ` ${className}` : ''}`}>
      <legend>{question}</legend>
      <div className={styles.actions}>
        <Button ref={yes} onClick={onProceed} disabled={busy}>
          {proceed}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {back}
        </Button>
      </div>
    </fieldset>
  );
}
