import { useState } from 'react';
import { Link } from 'react-router';
import { TextInput } from '../../../shared/ui/TextInput';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { login } from '../thunks';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
import { field } from './formValue';

const t = authTexts.login;

/** `/login`, also shown for any unknown path. On success the public-route guard moves the user on. */
export function LoginPage() {
  const dispatch = useAuthDispatch();
  // The fields the server found wrong: each is marked, and the alert names them all at once.
  const [wrong, setWrong] = useState<Readonly<Record<string, string>>>({});
  const onSubmit = async (form: FormData) => {
    const result = await dispatch(login({ email: field(form, 'email'), password: field(form, 'password', false) }));
    const fields = (login.rejected.match(result) && result.meta.fields) || {};
    setWrong(fields);
    return login.rejected.match(result) ? Object.values(fields).join('. ') || result.payload || authTexts.failed : null;
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
      <AuthForm onSubmit={onSubmit} submit={t.submit} busy={t.busy}>
        <TextInput
          label={authTexts.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={!!wrong.email}
        />
        <TextInput
          label={authTexts.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={!!wrong.password}
        />
      </AuthForm>
    </AuthCard>
  );
}
