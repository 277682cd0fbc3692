import { CardPage } from '../../../shared/ui/CardPage';
import { TextInput } from '../../../shared/ui/TextInput';
import { useAuthDispatch } from '../hooks';
import { login } from '../thunks';
import { AuthForm } from './AuthForm';
import { field } from './formValue';

const t = {
  title: 'Код підтвердження',
  lead: 'Відкрийте застосунок-автентифікатор і введіть 6 цифр, які він показує для «Єдині». Немає телефону під рукою? Введіть один із резервних кодів.',
  code: 'Код',
  hint: '6 цифр або резервний код на кшталт abcde-23456',
  submit: 'Підтвердити',
  busy: 'Перевіряємо…',
  back: 'Почати вхід заново',
  failed: 'Не вдалося перевірити код. Спробуйте ще раз.',
} as const;

/**
 * The code step of two-step sign-in, after a right password (on /login, or after a new password
 * by mail): no session exists until the code is right. In the account pages' chunk, so /login
 * carries only the switch to it.
 */
export default function TwoStepPage({ ticket }: { ticket: string }) {
  const dispatch = useAuthDispatch();
  const onSubmit = async (form: FormData) => {
    const result = await dispatch(login({ ticket, code: field(form, 'code') }));
    return login.rejected.match(result) ? (result.payload ?? t.failed) : null;
  };

  return (
    // A full load of /login: the ticket is this screen's alone, and starting over forgets it.
    <CardPage title={t.title} lead={t.lead} footer={<a href="/login">{t.back}</a>}>
      <AuthForm onSubmit={onSubmit} submit={t.submit} busy={t.busy}>
        <TextInput
          label={t.code}
          hint={t.hint}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          // The screen's one field, shown right after the password was sent.
          autoFocus
        />
      </AuthForm>
    </CardPage>
  );
}
