import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { useAuthSelector } from '../hooks';
import { selectIsLoading } from '../slice';

interface AuthFormProps {
  /** Sends the form; resolves to the message to show in the alert, or null on success (or when nothing was sent). */
  onSubmit: (form: FormData) => Promise<string | null>;
  submit: string;
  busy: string;
  children: ReactNode;
}

/**
 * The form of every account screen: the server's message in a role="alert" region above the
 * fields, and one submit button that says what is happening while the request runs. The
 * browser's own validation is off so the server's Ukrainian field messages are what people see.
 * Kept this small for /login's budget; the other account screens mark each field (CheckedAuthForm).
 */
export function AuthForm({ onSubmit, submit, busy, children }: AuthFormProps) {
  const isLoading = useAuthSelector(selectIsLoading);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setError(await onSubmit(form));
  };

  return (
    // method="post": submitted before the app has taken over (the prerendered /login), the browser
    // posts the form instead of putting the password into the address as a query.
    <form method="post" onSubmit={handleSubmit} noValidate>
      {error && <Alert>{error}</Alert>}
      {children}
      <Button type="submit" block disabled={isLoading}>
        {isLoading ? busy : submit}
      </Button>
    </form>
  );
}
