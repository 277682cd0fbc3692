import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../ui/FieldErrors';

const NONE: FieldErrors = {};

/** The value at a dotted key of a body (`test.1.options.0`), as text to compare. */
function valueAt(body: unknown, key: string): string {
  let value: unknown = body;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return JSON.stringify(value) ?? '';
}

/**
 * A form's problems, every field at once. `check` (checkWith(schema)) runs from the first send on,
 * on every change, so a problem goes as soon as its field is right (a stale message once stayed
 * after the fix); the server's field problems stay until their field changes. After a send that
 * failed on problems, the first marked field takes the focus.
 */
export function useFormErrors(body: unknown, check?: (body: unknown) => FieldErrors) {
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ errors: FieldErrors; at: Record<string, string> }>({ errors: NONE, at: {} });
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const live = tried && check ? check(body) : NONE;
  const kept = Object.entries(server.errors).filter(([key]) => valueAt(body, key) === server.at[key]);
  const errors: FieldErrors = kept.length ? { ...Object.fromEntries(kept), ...live } : live;

  useEffect(() => {
    if (attempt) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  return {
    errors,
    /** The <form>'s ref: its first marked field takes the focus after a refused send. */
    form,
    /** On submit: marks every problem of the body (this render's, or the one being sent); false when it must not be sent. */
    begin(sent: unknown = body): boolean {
      setTried(true);
      setServer({ errors: NONE, at: {} });
      const found = check ? check(sent) : NONE;
      if (Object.keys(found).length === 0) return true;
      setAttempt((n) => n + 1);
      return false;
    },
    /** After a send that went through: a blank form for the next record shows no problems until sent. */
    done(): void {
      setTried(false);
    },
    /** After a failed send: keeps the fields the server named (errorFields); true when it named some. */
    refused(fields: FieldErrors = NONE, sent: unknown = body): boolean {
      const keys = Object.keys(fields);
      if (keys.length === 0) return false;
      setServer({ errors: fields, at: Object.fromEntries(keys.map((key) => [key, valueAt(sent, key)])) });
      setAttempt((n) => n + 1);
      return true;
    },
  };
}
