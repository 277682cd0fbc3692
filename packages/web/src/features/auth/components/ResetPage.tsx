import { type ResetBody, resetBodySchema } from '@yedyni/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { checkWith } from '../../../shared/lib/formCheck';
import { CardPage } from '../../../shared/ui/CardPage';
import { useAuthDispatch } from '../hooks';
import { reset } from '../thunks';
import { CheckedAuthForm, failureOf, NewPasswordField } from './CheckedAuthForm';
import { field } from './formValue';
import TwoStepPage from './TwoStepPage';

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
  // With two-step sign-in on, the new password is set and the code is still asked for.
  const [ticket, setTicket] = useState('');

  const bodyOf = (form: FormData): ResetBody => ({ token, password: field(form, 'password', false) });
  const onSubmit = async (body: ResetBody) => {
    const result = await dispatch(reset(body));
    if (reset.fulfilled.match(result) && 'twoStep' in result.payload) setTicket(result.payload.twoStep.ticket);
    return reset.rejected.match(result) ? failureOf(result) : null;
  };
  if (ticket) return <TwoStepPage ticket={ticket} />;

  return (
    <CardPage title={t.title} lead={t.lead} footer={<Link to="/recovery">{t.again}</Link>}>
      <CheckedAuthForm bodyOf={bodyOf} onSubmit={onSubmit} check={check} submit={t.submit} busy={t.busy}>
        <NewPasswordField label={t.field} />
      </CheckedAuthForm>
    </CardPage>
  );
}
