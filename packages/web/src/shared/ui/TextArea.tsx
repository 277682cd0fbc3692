import { useId } from 'react';
import styles from './TextField.module.css';

interface TextAreaProps {
  label: string;
  hint?: string;
  value: string;
  /** Longest text allowed; a live «N з M символів» counter describes the field. */
  max: number;
  onChange: (value: string) => void;
  rows?: number;
  disabled?: boolean;
  required?: boolean;
}

const counter = (used: number, max: number) =>
  `${used.toLocaleString('uk-UA')} з ${max.toLocaleString('uk-UA')} символів`;

/** A labelled, controlled text area with an optional hint and a character counter. */
export function TextArea({ label, hint, value, max, onChange, rows = 6, disabled, required }: TextAreaProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', `${id}-count`].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
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
        maxLength={max}
        value={value}
        disabled={disabled}
        required={required}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-count`} className={value.length >= max ? `${styles.count} ${styles.full}` : styles.count}>
        {counter(value.length, max)}
      </span>
    </div>
  );
}
