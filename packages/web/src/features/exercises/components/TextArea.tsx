import { useId } from 'react';
import { exerciseTexts as t } from '../texts';
import styles from './Homework.module.css';

interface TextAreaProps {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  rows?: number;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled text area with a live «N з M символів» counter as its description. */
export function TextArea({ label, value, max, onChange, rows = 6, disabled, required }: TextAreaProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        maxLength={max}
        value={value}
        disabled={disabled}
        required={required}
        aria-describedby={`${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-count`} className={value.length >= max ? `${styles.count} ${styles.full}` : styles.count}>
        {t.counter(value.length, max)}
      </span>
    </div>
  );
}
