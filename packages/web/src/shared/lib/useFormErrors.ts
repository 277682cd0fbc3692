import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import type { FieldErrors } from '../ui/FieldErrors';

const NONE: FieldErrors = {};

/** The wrong fields a failed call names (a refused body's `fields`); none for any other failure. */
export const errorFields = (error: unknown) => (error instanceof ApiError ? error.fields : undefined);

/**
 * A form's problems, every field at once. `check` (checkWith(schema)) runs from the first send on,
 * on every change, so a problem goes as soon as its field is right (a stale message once stayed
 * after the fix); a problem the server named stays until its field (the control of that `name`)
 * changes. After a send that failed on problems, the first marked field takes the focus.
 */
export function useFormErrors<Box extends HTMLElement = HTMLFormElement>(
  body: unknown,
  check?: (body: unknown) => FieldErrors,
) {
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState(NONE);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<Box>(null);

  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  return {
    errors: tried && check ? { ...server, ...check(body) } : server,
    /** The <form>'s (or the fields' box's) ref: its first marked field takes the focus after a refused send. */
    form,
    /** The <form>'s (or the fields' box's) onInput: a field that changes loses the server's problem. */
    onInput(event: FormEvent<HTMLElement>) {
      const { name } = event.target as HTMLInputElement;
      if (server[name]) setServer(({ [name]: _, ...rest }) => rest);
    },
    /** On submit: marks every problem of the body (this render's, or the one being sent); false when it must not be sent. */
    begin(sent: unknown = body): boolean {
      setTried(true);
      setServer(NONE);
      const valid = !check || Object.keys(check(sent)).length === 0;
      if (!valid) setAttempt((n) => n + 1);
      return valid;
    },
    /** After a send that went through: a blank form for the next record shows no problems until sent. */
    done(): void {
      setTried(false);
    },
    /** After a failed send: keeps the fields the server named (errorFields); true when it named some. */
    refused(fields: FieldErrors = NONE): boolean {
      if (Object.keys(fields).length === 0) return false;
      setServer(fields);
      setAttempt((n) => n + 1);
      return true;
    },
  };
}
