import { formatUah } from '@yedyni/contract';
import { type Ref, useId } from 'react';
import buttons from '../../../shared/ui/buttons.module.css';
import field from '../../../shared/ui/TextField.module.css';
import { isValidAmount, nearestAmount, QUICK_AMOUNTS, paymentTexts as t } from '../texts';
import styles from './DonationPage.module.css';

/** What the amount field holds: the number typed (NaN when empty), whether it may be given. */
export function readAmount(text: string): { amount: number; valid: boolean } {
  const amount = text.trim() === '' ? Number.NaN : Number(text);
  return { amount, valid: isValidAmount(amount) };
}

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The form was sent once: a wrong amount is explained from then on (not on blur, which would move the button). */
  showError: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A gift's amount, as the donation form and a subscription's «Змінити суму» ask it: whole
 * forties within the limits, the nearest valid amount offered, and the quick picks.
 */
export function AmountField({ value, onChange, showError, inputRef }: AmountFieldProps) {
  const id = useId();
  const { amount, valid } = readAmount(value);
  const error =
    showError && !valid ? (value.trim() === '' ? t.amountEmpty : t.amountWrong(nearestAmount(amount))) : null;
  const described = [`${id}-amount-hint`, error ? `${id}-amount-error` : ''].filter(Boolean).join(' ');
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-amount`}>
          {t.amount}
        </label>
        <input
          ref={inputRef}
          id={`${id}-amount`}
          className={`${field.input} ${styles.amount}`}
          type="number"
          inputMode="numeric"
          min={40}
          max={100_000}
          step={40}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <span id={`${id}-amount-hint`} className={styles.hint}>
          {t.amountHint}
        </span>
        {error && (
          <p id={`${id}-amount-error`} className={styles.error}>
            {error}
          </p>
        )}
        {error && value.trim() !== '' && (
          <button type="button" className={styles.linkButton} onClick={() => onChange(String(nearestAmount(amount)))}>
            {t.nearestPick(nearestAmount(amount))}
          </button>
        )}
      </div>

      <fieldset className={styles.quickSet}>
        <legend className="sr-only">{t.quick}</legend>
        <div className={styles.quick}>
          {QUICK_AMOUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              className={`${buttons.outline} ${styles.quickButton}`}
              aria-pressed={valid && amount === quick}
              onClick={() => onChange(String(quick))}
            >
              {formatUah(quick)}
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}
