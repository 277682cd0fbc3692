import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api';
import type { FieldErrors } from '../../../../shared/ui/FieldErrors';

const NONE: FieldErrors = {};

/**
 * One account form: the body from its fields, the server's message or the fields it names (the
 * contract's check runs on the server), and a calm note once it went through. Neither the
 * contract's schemas nor useFormErrors are used here: the registration screens share them, and a
 * module shared with this screen becomes a chunk of its own that the first screen's preload list
 * must name (the /login budget).
 */
export function useAccountForm<Body, Answer>(options: {
  bodyOf: (form: FormData) => Body;
  send: (body: Body) => Promise<Answer>;
  /** What to do with the answer; returns the note to show. */
  onDone: (answer: Answer, form: HTMLFormElement) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState(NONE);
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused send the first marked field takes the focus.
  useEffect(() => {
    if (refusals) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    setFailure('');
    setNote('');
    setErrors(NONE);
    setBusy(true);
    try {
      setNote(options.onDone(await options.send(options.bodyOf(new FormData(element))), element));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors(fields);
        setRefusals((n) => n + 1);
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    failure,
    note,
    errors,
    formProps: {
      ref: form,
      onSubmit,
      noValidate: true,
      // A field that changes loses its problem; the note of the last send goes too.
      onInput: (event: FormEvent<HTMLFormElement>) => {
        const { name } = event.target as HTMLInputElement;
        if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
        setNote('');
      },
    },
  };
}
