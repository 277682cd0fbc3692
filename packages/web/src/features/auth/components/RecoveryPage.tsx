import { useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { recovery } from '../thunks';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
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
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (form: FormData) => {
    setSent(null);
    const result = await dispatch(recovery({ email: field(form, 'email') }));
    if (recovery.rejected.match(result)) return result.payload ?? authTexts.failed;
    setSent(result.payload.message);
    return null;
  };

  return (
    <AuthCard title={t.title} lead={t.lead} footer={<Link to="/login">{t.back}</Link>}>
      <AuthForm onSubmit={onSubmit} submit={t.submit} busy={t.busy}>
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
      </AuthForm>
      <div role="status" className={styles.status}>
        {sent && <p>{sent}</p>}
      </div>
    </AuthCard>
  );
}
