import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './TextField.module.css';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  /** Under the hint, inside the field (TextField's problem). */
  children?: ReactNode;
}

/**
 * A labelled input with an optional hint tied to it by aria-describedby (an `aria-describedby`
 * given replaces it). Without the form's problems: /login's, whose budget has no room for them;
 * every other form uses TextField, which adds them.
 */
export function TextInput({ label, hint, id, children, ...rest }: TextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} className={styles.input} aria-describedby={hint ? hintId : undefined} {...rest} />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}
