import { type InputHTMLAttributes, useId } from 'react';
import { excessOf } from '../lib/limits';
import { LimitStatus, limitIds } from './LimitStatus';
import styles from './TextField.module.css';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  /**
   * Longest text allowed (text inputs): a counter shows near it, and longer text is kept as
   * typed and marked invalid, never cut (unlike `maxLength`).
   */
  limit?: number;
}

/** A labelled input with an optional hint tied to it by aria-describedby. */
export function TextField({ label, hint, id, limit, ...rest }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const value = typeof rest.value === 'string' ? rest.value : '';
  const limited = limit === undefined ? null : { id: inputId, value, max: limit };
  const described = [hint ? hintId : '', ...(limited ? limitIds(limited) : [])].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.input}
        aria-describedby={described || undefined}
        aria-invalid={limited && excessOf(value, limited.max) > 0 ? true : undefined}
        {...rest}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {limited && <LimitStatus {...limited} />}
    </div>
  );
}
