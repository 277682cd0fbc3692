import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch, useAuthSelector } from '../hooks';
import { selectIsLoading } from '../slice';
import { authTexts } from '../texts';
import { login } from '../thunks';
import { AuthCard } from './AuthCard';
import { field } from './formValue';

const t = authTexts.login;

/** `/login`, also shown for any unknown path. On success the public-route guard moves the user on. */
export function LoginPage() {
  const dispatch = useAuthDispatch();
  const isLoading = useAuthSelector(selectIsLoading);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    const result = await dispatch(login({ email: field(form, 'email'), password: field(form, 'password', false) }));
    if (login.rejected.match(result)) setError(result.payload ?? authTexts.failed);
  };

  return (
    <AuthCard
      title={t.title}
      lead={t.lead}
      footer={
        <>
          <Link to="/recovery">{t.forgot}</Link>
          <span>
            {t.noAccount} <Link to="/register">{t.register}</Link>
          </span>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert>{error}</Alert>}
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
        <TextField
          label={authTexts.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" block disabled={isLoading}>
          {isLoading ? t.busy : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
