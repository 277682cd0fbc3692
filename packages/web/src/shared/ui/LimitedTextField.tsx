import { type ComponentProps, useId } from 'react';
import { excessOf } from '../lib/limits';
import { LimitStatus, limitedClass, limitIds } from './LimitStatus';
import styles from './LimitStatus.module.css';
import { TextField } from './TextField';

type LimitedTextFieldProps = Omit<ComponentProps<typeof TextField>, 'maxLength'> & {
  /** Longest text allowed: a counter shows near it; longer text is kept as typed and marked invalid, never cut. */
  limit: number;
};

/**
 * A TextField with a length limit that never cuts (unlike `maxLength`, which drops the end of a
 * paste). Kept apart from TextField so that screens without limits (the sign-in form) do not load it.
 */
export function LimitedTextField({ limit, id, hint, ...rest }: LimitedTextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const value = typeof rest.value === 'string' ? rest.value : '';
  const limited = { id: inputId, value, max: limit };
  const described = [hint ? `${inputId}-hint` : '', ...limitIds(limited)].filter(Boolean).join(' ');
  return (
    <div className={`${styles.textField} ${limitedClass}`}>
      <TextField
        {...rest}
        id={inputId}
        hint={hint}
        aria-describedby={described || undefined}
        aria-invalid={excessOf(value, limit) > 0 || undefined}
      />
      <LimitStatus {...limited} />
    </div>
  );
}
