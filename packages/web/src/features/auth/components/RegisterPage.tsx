import { type RegisterBody, registerBodySchema } from '@yedyni/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { checkWith } from '../../../shared/lib/formCheck';
import { Notice } from '../../../shared/ui/Alert';
import { CardPage } from '../../../shared/ui/CardPage';
import { FieldError, useFieldError } from '../../../shared/ui/FieldErrors';
import { TextField } from '../../../shared/ui/TextField';
import { useAuthDispatch } from '../hooks';
import { authTexts } from '../texts';
import { register } from '../thunks';
import { CheckedAuthForm, failureOf, NewPasswordField } from './CheckedAuthForm';
import { field } from './formValue';
import styles from './RegisterPage.module.css';

const t = {
  title: 'Реєстрація',
  lead: 'Створіть кабінет — і переходьте на українську разом із тисячами однодумців.',
  invited: 'Вас запросили до команди',
  submit: 'Зареєструватися',
  busy: 'Реєструємо…',
  haveAccount: 'Вже маєте кабінет?',
  login: 'Увійти',
  consent: 'Я погоджуюся з тим, як «Єдині» зберігає мої дані',
  privacy: 'Що ми зберігаємо і навіщо',
} as const;

const check = checkWith(registerBodySchema);

/** `/register`; `?ref=<userId>` names the inviter, whose team the new member joins. */
export default function RegisterPage() {
  const dispatch = useAuthDispatch();
  const [searchParams] = useSearchParams();
  const inviterId = searchParams.get('ref')?.trim() || undefined;
  const bodyOf = (form: FormData): RegisterBody => ({
    first_name: field(form, 'first_name'),
    last_name: field(form, 'last_name'),
    email: field(form, 'email'),
    password: field(form, 'password', false),
    ...(inviterId ? { inviterId } : {}),
    // Unticked, it stays false: the contract's check (and the server's) names the field.
    consent: (form.get('consent') === 'on') as true,
  });
  const onSubmit = async (body: RegisterBody) => {
    const result = await dispatch(register(body));
    return register.rejected.match(result) ? failureOf(result) : null;
  };

  return (
    <CardPage
      title={t.title}
      lead={t.lead}
      footer={
        <span>
          {t.haveAccount} <Link to="/login">{t.login}</Link>
        </span>
      }
    >
      {inviterId && <Notice tone="info">{t.invited}</Notice>}
      <CheckedAuthForm bodyOf={bodyOf} onSubmit={onSubmit} check={check} submit={t.submit} busy={t.busy}>
        <TextField label={authTexts.firstName} name="first_name" autoComplete="given-name" required />
        <TextField label={authTexts.lastName} name="last_name" autoComplete="family-name" required />
        <TextField label={authTexts.email} name="email" type="email" autoComplete="email" required />
        <NewPasswordField label={authTexts.password} />
        <ConsentField />
      </CheckedAuthForm>
    </CardPage>
  );
}

/** The privacy notice's required checkbox, its problem under it like any field's. */
function ConsentField() {
  const id = useId();
  const problem = useFieldError(id, 'consent', undefined);
  return (
    <div className={styles.consent}>
      <input
        id={id}
        type="checkbox"
        name="consent"
        required
        aria-invalid={problem.text ? true : undefined}
        aria-describedby={problem.errorId || undefined}
      />
      <label htmlFor={id}>
        {t.consent} (
        <Link to="/privacy" target="_blank" rel="noopener">
          {t.privacy}
        </Link>
        )
      </label>
      <FieldError id={problem.errorId} text={problem.text} />
    </div>
  );
}
