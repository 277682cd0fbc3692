import type { TwoStepChallenge } from '@yedyni/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyScreen } from '../../../shared/lib/lazyScreen';
import { CardPage } from '../../../shared/ui/CardPage';
import { TextInput } from '../../../shared/ui/TextInput';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { login } from '../thunks';
import { AuthForm } from './AuthForm';
import { field } from './formValue';

const t = authTexts.login;
/** The code step of two-step sign-in, loaded only when the password asks for it (the /login budget). */
const TwoStepPage = lazyScreen<{ ticket: string }>(() => import('./AccountPages'));

/** `/login`, also shown for any unknown path. On success the public-route guard moves the user on. */
export function LoginPage() {
  const dispatch = useAuthDispatch();
  // The fields the server found wrong: each is marked, and the alert names them all at once.
  const [wrong, setWrong] = useState<Readonly<Record<string, string>>>({});
  const [ticket, setTicket] = useState<string>();
  const onSubmit = async (form: FormData) => {
    const result = await dispatch(login({ email: field(form, 'email'), password: field(form, 'password', false) }));
    if (login.fulfilled.match(result)) {
      // Signed in (the public-route guard moves on), or asked for the code first.
      setTicket((result.payload as Partial<TwoStepChallenge>).twoStep?.ticket);
      return null;
    }
    const fields = result.meta.fields ?? {};
    setWrong(fields);
    return Object.values(fields).join('. ') || result.payload || authTexts.failed;
  };
  if (ticket) return <TwoStepPage ticket={ticket} />;

  return (
    <CardPage
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
    </CardPage>
  );
}
