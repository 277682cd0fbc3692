import { type InputHTMLAttributes, useId } from 'react';
import { describedBy, FieldError, useFieldError } from './FieldErrors';
import styles from './TextField.module.css';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  /** Its problem; without it, the form's problem for its `name` (FieldErrorsContext). */
  error?: string;
}

/**
 * A labelled input with an optional hint and its problem under it, both tied to it by
 * aria-describedby; a problem also marks it aria-invalid.
 */
export function TextField({ label, hint, error, id, ...rest }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const problem = useFieldError(inputId, rest.name, error);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.input}
        {...rest}
        aria-describedby={describedBy(rest['aria-describedby'] ?? (hint && hintId), problem.errorId)}
        aria-invalid={problem.text ? true : rest['aria-invalid']}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <FieldError id={problem.errorId} text={problem.text} />
    </div>
  );
}
