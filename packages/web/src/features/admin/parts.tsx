import { type ReactNode, useEffect, useId, useState } from 'react';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import styles from './Admin.module.css';
import { adminTexts as t } from './texts';

/*
 * Small pieces the console's screens share: a failed load with its retry, a debounced value, a
 * labelled <select>, and a state badge.
 */

/** A failed load: the message in an alert and «Спробувати ще раз». Nothing when `error` is ''. */
export function LoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  if (!error) return null;
  return (
    <div className={styles.failed}>
      <Alert>{error}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t.common.retry}
      </Button>
    </div>
  );
}

/** `value`, once it has stayed the same for `ms` (search boxes: 300 ms). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs, in order. */
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
}

/** A labelled <select> styled like the text fields, for filter rows (`.toolbar`). */
export function SelectField({ label, value, onChange, options, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.control}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A small state label: `tone` ok (green), warn (wheat), off (red) or plain (blue). */
export function Badge({ tone, children }: { tone?: 'ok' | 'warn' | 'off'; children: ReactNode }) {
  return <span className={tone ? `${styles.badge} ${styles[tone]}` : styles.badge}>{children}</span>;
}
