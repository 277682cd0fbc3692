import { type RecoveryBody, recoveryBodySchema } from '@yedyni/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { checkWith } from '../../../shared/lib/formCheck';
import { CardPage } from '../../../shared/ui/CardPage';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { recovery } from '../thunks';
import { CheckedAuthForm, failureOf } from './CheckedAuthForm';
import { field } from './formValue';
import styles from './RecoveryPage.module.css';

const t = {
  title: 'Відновлення пароля',
  lead: 'Вкажіть адресу, з якою ви реєструвалися, — ми надішлемо посилання для зміни пароля.',
  submit: 'Надіслати посилання',
  busy: 'Надсилаємо…',
  back: 'Повернутися до входу',
} as const;

const check = checkWith(recoveryBodySchema);
const bodyOf = (form: FormData): RecoveryBody => ({ email: field(form, 'email') });

/** `/recovery`: asks for a reset link; the answer is the same for any address. */
export default function RecoveryPage() {
  const dispatch = useAuthDispatch();
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (body: RecoveryBody) => {
    setSent(null);
    const result = await dispatch(recovery(body));
    if (recovery.rejected.match(result)) return failureOf(result);
    setSent(result.payload.message);
    return null;
  };

  return (
    <CardPage title={t.title} lead={t.lead} footer={<Link to="/login">{t.back}</Link>}>
      <CheckedAuthForm bodyOf={bodyOf} onSubmit={onSubmit} check={check} submit={t.submit} busy={t.busy}>
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
      </CheckedAuthForm>
      <div role="status" className={styles.status}>
        {sent && <p>{sent}</p>}
      </div>
    </CardPage>
  );
}
