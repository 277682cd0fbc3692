import { useId } from 'react';
import { excessOf } from '../lib/limits';
import { describedBy, FieldError, useFieldError } from './FieldErrors';
import { LimitStatus, limitedClass, limitIds } from './LimitStatus';
import styles from './TextField.module.css';

interface TextAreaProps {
  label: string;
  hint?: string;
  value: string;
  /**
   * Longest text allowed; a live «N з M символів» counter describes the field. Longer text is
   * kept as typed (never cut) and marked invalid; the form refuses to send it.
   */
  max: number;
  onChange: (value: string) => void;
  rows?: number;
  disabled?: boolean;
  required?: boolean;
  /** The request body's key: the form's problem for it shows under the field. */
  name?: string;
  /** Its problem, when the form does not give it by `name`. */
  error?: string;
}

/** A labelled, controlled text area with an optional hint, a character counter and its problem. */
export function TextArea({
  label,
  hint,
  value,
  max,
  onChange,
  rows = 6,
  disabled,
  required,
  name,
  error,
}: TextAreaProps) {
  const id = useId();
  const limit = { id, value, max, always: true };
  const problem = useFieldError(id, name, error);
  return (
    <div className={`${styles.field} ${limitedClass}`}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <textarea
        id={id}
        className={`${styles.input} ${styles.textarea}`}
        rows={rows}
        value={value}
        disabled={disabled}
        required={required}
        name={name}
        aria-invalid={excessOf(value, max) > 0 || Boolean(problem.text) || undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, ...limitIds(limit), problem.errorId)}
        onChange={(event) => onChange(event.target.value)}
      />
      <LimitStatus {...limit} />
      <FieldError id={problem.errorId} text={problem.text} />
    </div>
  );
}
