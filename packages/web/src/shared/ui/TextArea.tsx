import { useId } from 'react';
import { excessOf } from '../lib/limits';
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
}

/** A labelled, controlled text area with an optional hint and a character counter. */
export function TextArea({ label, hint, value, max, onChange, rows = 6, disabled, required }: TextAreaProps) {
  const id = useId();
  const limit = { id, value, max, always: true };
  const described = [hint ? `${id}-hint` : '', ...limitIds(limit)].filter(Boolean).join(' ');
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
        aria-invalid={excessOf(value, max) > 0 || undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
      <LimitStatus {...limit} />
    </div>
  );
}
