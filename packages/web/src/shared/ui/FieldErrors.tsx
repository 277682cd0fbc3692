import { createContext, useContext } from 'react';
import { Alert } from './Alert';
import styles from './FieldErrors.module.css';

/** A form's problems by field: the key is the field's `name` (the request body's key, dotted inside lists). */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The problems of the form around: a field finds its own by its `name`, so a form marks every
 * field at once without handing each its message (AdminForm, AuthForm provide it).
 */
export const FieldErrorsContext = createContext<FieldErrors>({});

/**
 * A message as shown under its field: the contract's messages start with the field's label
 * («Назва: обовʼязкове поле»), which the label above already says.
 */
export function underField(message: string): string {
  const text = message.replace(/^[^:]{1,40}: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A field's problem, its own (`error`) or the form's for its `name`, and the props that tie it
 * to the control: `aria-invalid`, and the message's id to add to `aria-describedby`.
 */
export function useFieldError(id: string, name: string | undefined, error: string | undefined) {
  const errors = useContext(FieldErrorsContext);
  const text = error || (name ? errors[name] : undefined);
  return text ? { text: underField(text), errorId: `${id}-error` } : { text: '', errorId: '' };
}

/** The message under a field (its id is the one `useFieldError` gave). */
export function FieldError({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <span id={id} className={styles.error}>
      {text}
    </span>
  );
}

/** `aria-describedby` of several parts (hint, counter, error), or nothing when none is there. */
export function describedBy(...ids: (string | undefined | false)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * Why a form was not sent: every problem, named with its field, above or below the fields (each is
 * also under its own field). Nothing when there is none.
 */
export function FormProblems({ problems }: { problems: FieldErrors }) {
  const texts = [...new Set(Object.values(problems))];
  if (texts.length === 0) return null;
  return (
    <Alert>
      {texts.length === 1 ? (
        texts[0]
      ) : (
        <>
          {formProblemsTitle}
          <ul className={styles.problems}>
            {texts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}

export const formProblemsTitle = 'Форму не надіслано, виправте:';
