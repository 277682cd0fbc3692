import type { LoginBody } from '@yedyni/contract';
import { Link } from 'react-router';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { login } from '../thunks';
import { AuthCard } from './AuthCard';
import { AuthForm, failureOf } from './AuthForm';
import { field } from './formValue';

const t = authTexts.login;

// The server checks it (naming each wrong field): zod would not fit /login's budget.
const bodyOf = (form: FormData): LoginBody => ({
  email: field(form, 'email'),
  password: field(form, 'password', false),
});

/** `/login`, also shown for any unknown path. On success the public-route guard moves the user on. */
export function LoginPage() {
  const dispatch = useAuthDispatch();
  const onSubmit = async (body: LoginBody) => {
    const result = await dispatch(login(body));
    return login.rejected.match(result) ? failureOf(result) : null;
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
      <AuthForm bodyOf={bodyOf} onSubmit={onSubmit} submit={t.submit} busy={t.busy}>
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
        <TextField
          label={authTexts.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
