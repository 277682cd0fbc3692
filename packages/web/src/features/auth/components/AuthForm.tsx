import { type FormEvent, type ReactNode, useState } from 'react';
import { useFormErrors } from '../../../shared/lib/useFormErrors';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { type FieldErrors, FieldErrorsContext, FormProblems } from '../../../shared/ui/FieldErrors';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthSelector } from '../hooks';
import { selectIsLoading } from '../slice';
import { authTexts } from '../texts';

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

interface AuthFormProps<Body> {
  /** The request body of the form's fields (named as the body's keys). */
  bodyOf: (form: FormData) => Body;
  /** Sends the body; resolves to why it failed, or null on success. */
  onSubmit: (body: Body) => Promise<AuthFailure | null>;
  /** The contract's check of the body in the browser (checkWith); none on /login, which must not load zod. */
  check?: (body: unknown) => FieldErrors;
  submit: string;
  busy: string;
  children: ReactNode;
}

/**
 * The form of every account screen: every field's problem under it and listed in a role="alert"
 * region above the fields (the contract's check, else the server's), or the server's message;
 * one submit button that says what is happening while the request runs. The browser's own
 * validation is off so the contract's Ukrainian field messages are what people see.
 */
export function AuthForm<Body>({ bodyOf, onSubmit, check, submit, busy, children }: AuthFormProps<Body>) {
  const isLoading = useAuthSelector(selectIsLoading);
  const [body, setBody] = useState<Body | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const checked = useFormErrors(body, check);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = bodyOf(new FormData(event.currentTarget));
    setBody(sent);
    setError(null);
    if (!checked.begin(sent)) return;
    const failure = await onSubmit(sent);
    if (failure && !checked.refused(failure.fields, sent)) setError(failure.message);
  };

  return (
    // method="post": submitted before the app has taken over (the prerendered /login), the browser
    // posts the form instead of putting the password into the address as a query.
    <form
      ref={checked.form}
      method="post"
      onSubmit={handleSubmit}
      // Each change is checked again: a problem goes as soon as its field is right.
      onInput={(event) => setBody(bodyOf(new FormData(event.currentTarget)))}
      noValidate
    >
      <FormProblems problems={checked.errors} />
      {error && <Alert>{error}</Alert>}
      <FieldErrorsContext.Provider value={checked.errors}>{children}</FieldErrorsContext.Provider>
      <Button type="submit" block disabled={isLoading}>
        {isLoading ? busy : submit}
      </Button>
    </form>
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
