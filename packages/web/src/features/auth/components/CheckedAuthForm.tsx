import { type ReactNode, useState } from 'react';
import { useFormErrors } from '../../../shared/lib/useFormErrors';
import { type FieldErrors, FieldErrorsContext, FormProblems } from '../../../shared/ui/FieldErrors';
import { TextField } from '../../../shared/ui/TextField';
import { authTexts } from '../texts';
import { AuthForm } from './AuthForm';

/** Why a send failed: the server's message and the fields it named. */
export interface AuthFailure {
  message: string;
  fields?: FieldErrors;
}

/** A rejected auth thunk's action as the form's failure. */
export const failureOf = (action: { payload?: string; meta: { fields?: FieldErrors } }): AuthFailure => ({
  message: action.payload ?? authTexts.failed,
  fields: action.meta.fields,
});

interface CheckedAuthFormProps<Body> {
  /** The request body of the form's fields (named as the body's keys). */
  bodyOf: (form: FormData) => Body;
  /** Sends the body; resolves to why it failed, or null on success. */
  onSubmit: (body: Body) => Promise<AuthFailure | null>;
  /** The contract's check of the body in the browser (checkWith). */
  check: (body: unknown) => FieldErrors;
  submit: string;
  busy: string;
  children: ReactNode;
}

/**
 * An AuthForm that marks every wrong field at once (registration, reset, recovery): the
 * contract's check before sending and on every change after the first try, then the fields the
 * server names; each problem under its field and all of them listed above the fields.
 */
export function CheckedAuthForm<Body>({ bodyOf, onSubmit, check, children, ...texts }: CheckedAuthFormProps<Body>) {
  const [body, setBody] = useState<Body | undefined>(undefined);
  const checked = useFormErrors<HTMLDivElement>(body, check);

  const send = async (form: FormData) => {
    const sent = bodyOf(form);
    setBody(sent);
    if (!checked.begin(sent)) return null;
    const failure = await onSubmit(sent);
    return failure && !checked.refused(failure.fields) ? failure.message : null;
  };

  return (
    <AuthForm {...texts} onSubmit={send}>
      {/* The fields' box: input events bubble to it from every field, and it finds the first marked one. */}
      <div
        ref={checked.form}
        onInput={(event) => {
          const form = event.currentTarget.closest('form');
          if (form) setBody(bodyOf(new FormData(form)));
          checked.onInput(event);
        }}
      >
        <FormProblems problems={checked.errors} />
        <FieldErrorsContext.Provider value={checked.errors}>{children}</FieldErrorsContext.Provider>
      </div>
    </AuthForm>
  );
}

/** A password being chosen (registration, reset), with the length rule as its hint. */
export function NewPasswordField({ label }: { label: string }) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      hint={authTexts.passwordHint}
      minLength={8}
      maxLength={64}
      required
    />
  );
}
