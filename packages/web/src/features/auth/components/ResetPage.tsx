import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch, useAuthSelector } from '../hooks';
import { selectIsLoading } from '../slice';
import { authTexts } from '../texts';
import { reset } from '../thunks';
import { AuthCard } from './AuthCard';
import { field } from './formValue';

const t = {
  title: 'Новий пароль',
  lead: 'Придумайте новий пароль для свого кабінету.',
  field: 'Новий пароль',
  submit: 'Змінити пароль',
  busy: 'Змінюємо…',
  again: 'Надіслати нове посилання',
} as const;

/** `/reset/:token`: sets a new password from the mailed link and signs the user in. */
export default function ResetPage() {
  const dispatch = useAuthDispatch();
  const isLoading = useAuthSelector(selectIsLoading);
  const { token = '' } = useParams();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    const result = await dispatch(reset({ token, password: field(form, 'password', false) }));
    if (reset.rejected.match(result)) setError(result.payload ?? authTexts.failed);
  };

  return (
    <AuthCard title={t.title} lead={t.lead} footer={<Link to="/recovery">{t.again}</Link>}>
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert>{error}</Alert>}
        <TextField
          label={t.field}
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
