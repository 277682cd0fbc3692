import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../../shared/ui/Button';
import badges from '../../shared/ui/badges.module.css';
import { TextField } from '../../shared/ui/TextField';
import field from '../../shared/ui/TextField.module.css';
import styles from './Admin.module.css';
import { adminTexts as t } from './texts';

/*
 * Small pieces the console's screens share (an action's outcome is shared/ui/Outcome.tsx): a
 * debounced value, the focus kept while a list's rows move, the button that opens a screen's
 * form, the controls of a filter row (a labelled <select> or <input>, a search box), a state
 * badge, and an answer option's «right» mark. Lists: ListState.tsx; forms: AdminForm.tsx.
 */

/**
 * Keeps the focus on a list's controls while its rows move or go: after a render, the element
 * matching the pending selector (or, when that one is missing or disabled, the fallback) is focused.
 */
export function useRefocus() {
  const pending = useRef<string[] | null>(null);
  useEffect(() => {
    const selectors = pending.current;
    if (!selectors) return;
    pending.current = null;
    for (const selector of selectors) {
      const element = document.querySelector<HTMLButtonElement>(selector);
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });
  return (...selectors: string[]) => {
    pending.current = selectors;
  };
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

/** The props of an input for a code typed by hand (a course's slug, a task's id): no autofill, capitals or spell check. */
export const codeInput = { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } as const;

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs, in order. */
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
}

interface FormToggleProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  open: boolean;
  /** The id of the box the form opens in. */
  controls: string;
  openText: string;
  /** Default «Закрити форму». */
  closeText?: string;
}

/** Opens and closes a screen's form («Нова …» / «Закрити форму»): primary while closed. */
export function FormToggle({ open, controls, openText, closeText = t.common.closeForm, ...rest }: FormToggleProps) {
  return (
    <Button variant={open ? 'secondary' : 'primary'} aria-expanded={open} aria-controls={controls} {...rest}>
      {open ? closeText : openText}
    </Button>
  );
}

/** A control of a filter row (`.toolbar`): its label above it. */
function Control({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={styles.control}>
      <label className={field.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled <select> styled like the text fields (shared/ui TextField), for filter rows. */
export function SelectField({ label, value, onChange, options, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <Control id={id} label={label}>
      <select
        id={id}
        className={field.input}
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
    </Control>
  );
}

/** A labelled <input> styled like the text fields, for filter rows (a date, a short search). */
export function FilterInput({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Control id={id} label={label}>
      <input id={id} className={field.input} {...input} />
    </Control>
  );
}

/** The search box of a filter row (a TextField with its hint), growing into the room left. */
export function SearchField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.grow}>
      <TextField
        label={label}
        hint={hint}
        type="search"
        value={value}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** «Правильна» beside an answer option: its checkbox or radio, named for screen readers by `option`. */
export function RightAnswer({
  className,
  label,
  option,
  ...input
}: { label: string; option: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={`${styles.rightAnswer} ${className}`}>
      <input {...input} />
      <span>
        {label} <span className="sr-only">{option}</span>
      </span>
    </label>
  );
}

const BADGE_TONES = { ok: badges.success, warn: badges.accent, off: badges.danger, plain: badges.primary };

/** A small state label: `tone` ok (green), warn (wheat), off (red) or plain (blue). */
export function Badge({
  tone = 'plain',
  className,
  children,
}: {
  tone?: keyof typeof BADGE_TONES;
  className?: string;
  children: ReactNode;
}) {
  const classes = `${badges.badge} ${BADGE_TONES[tone]} ${styles.badge}`;
  return <span className={className ? `${classes} ${className}` : classes}>{children}</span>;
}
