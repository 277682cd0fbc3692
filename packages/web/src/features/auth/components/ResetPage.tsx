import { type ResetBody, resetBodySchema } from '@yedyni/contract';
import { Link, useParams } from 'react-router';
import { checkWith } from '../../../shared/lib/formCheck';
import { useAuthDispatch } from '../hooks';
import { reset } from '../thunks';
import { AuthCard } from './AuthCard';
import { CheckedAuthForm, failureOf, NewPasswordField } from './CheckedAuthForm';
import { field } from './formValue';

const t = {
  title: 'Новий пароль',
  lead: 'Придумайте новий пароль для свого кабінету.',
  field: 'Новий пароль',
  submit: 'Змінити пароль',
  busy: 'Змінюємо…',
  again: 'Надіслати нове посилання',
} as const;

const check = checkWith(resetBodySchema);

/** `/reset/:token`: sets a new password from the mailed link and signs the user in. */
export default function ResetPage() {
  const dispatch = useAuthDispatch();
  const { token = '' } = useParams();

  const bodyOf = (form: FormData): ResetBody => ({ token, password: field(form, 'password', false) });
  const onSubmit = async (body: ResetBody) => {
    const result = await dispatch(reset(body));
    return reset.rejected.match(result) ? failureOf(result) : null;
  };

  return (
    <AuthCard title={t.title} lead={t.lead} footer={<Link to="/recovery">{t.again}</Link>}>
      <CheckedAuthForm bodyOf={bodyOf} onSubmit={onSubmit} check={check} submit={t.submit} busy={t.busy}>
        <NewPasswordField label={t.field} />
      </CheckedAuthForm>
    </AuthCard>
  );
}
