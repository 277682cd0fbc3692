import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch, useAuthSelector } from '../hooks';
import { selectIsLoading } from '../slice';
import { authTexts } from '../texts';
import { register } from '../thunks';
import { AuthCard } from './AuthCard';
import { field } from './formValue';

const t = {
  title: 'Реєстрація',
  lead: 'Створіть кабінет — і переходьте на українську разом із тисячами однодумців.',
  invited: 'Вас запросили до команди',
  submit: 'Зареєструватися',
  busy: 'Реєструємо…',
  haveAccount: 'Вже маєте кабінет?',
  login: 'Увійти',
} as const;

/** `/register`; `?ref=<userId>` names the inviter, whose team the new member joins. */
export default function RegisterPage() {
  const dispatch = useAuthDispatch();
  const isLoading = useAuthSelector(selectIsLoading);
  const [searchParams] = useSearchParams();
  const inviterId = searchParams.get('ref')?.trim() || undefined;
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    const result = await dispatch(
      register({
        first_name: field(form, 'first_name'),
        last_name: field(form, 'last_name'),
        email: field(form, 'email'),
        password: field(form, 'password', false),
        ...(inviterId ? { inviterId } : {}),
      }),
    );
    if (register.rejected.match(result)) setError(result.payload ?? authTexts.failed);
  };

  return (
    <AuthCard
      title={t.title}
      lead={t.lead}
      footer={
        <span>
          {t.haveAccount} <Link to="/login">{t.login}</Link>
        </span>
      }
    >
      {inviterId && <Notice tone="info">{t.invited}</Notice>}
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert>{error}</Alert>}
        <TextField label={authTexts.firstName} name="first_name" autoComplete="given-name" required />
        <TextField label={authTexts.lastName} name="last_name" autoComplete="family-name" required />
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
        <TextField
          label={authTexts.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={authTexts.passwordHint}
          minLength={8}
          maxLength={64}
          required
        />
        <Button type="submit" block disabled={isLoading}>
          {isLoading ? t.busy : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
