import { Link, useParams } from 'react-router';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { reset } from '../thunks';
import { AuthCard } from './AuthCard';
import { AuthForm, NewPasswordField } from './AuthForm';
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
  const { token = '' } = useParams();

  const onSubmit = async (form: FormData) => {
    const result = await dispatch(reset({ token, password: field(form, 'password', false) }));
    return reset.rejected.match(result) ? (result.payload ?? authTexts.failed) : null;
  };

  return (
    <AuthCard title={t.title} lead={t.lead} footer={<Link to="/recovery">{t.again}</Link>}>
      <AuthForm onSubmit={onSubmit} submit={t.submit} busy={t.busy}>
        <NewPasswordField label={t.field} />
      </AuthForm>
    </AuthCard>
  );
}
