import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch, useAuthSelector } from '../hooks';
import { selectIsLoading } from '../slice';
import { authTexts } from '../texts';
import { recovery } from '../thunks';
import { AuthCard } from './AuthCard';
import { field } from './formValue';
import styles from './RecoveryPage.module.css';

const t = {
  title: 'Відновлення пароля',
  lead: 'Вкажіть адресу, з якою ви реєструвалися, — ми надішлемо посилання для зміни пароля.',
  submit: 'Надіслати посилання',
  busy: 'Надсилаємо…',
  back: 'Повернутися до входу',
} as const;

/** `/recovery`: asks for a reset link; the answer is the same for any address. */
export default function RecoveryPage() {
  const dispatch = useAuthDispatch();
  const isLoading = useAuthSelector(selectIsLoading);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setSent(null);
    const result = await dispatch(recovery({ email: field(form, 'email') }));
    if (recovery.fulfilled.match(result)) setSent(result.payload.message);
    else setError(result.payload ?? authTexts.failed);
  };

  return (
    <AuthCard title={t.title} lead={t.lead} footer={<Link to="/login">{t.back}</Link>}>
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert>{error}</Alert>}
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
        <Button type="submit" block disabled={isLoading}>
          {isLoading ? t.busy : t.submit}
        </Button>
      </form>
      <div role="status" className={styles.status}>
        {sent && <p>{sent}</p>}
      </div>
    </AuthCard>
  );
}
