import type { EmailChangeBody, PasswordChangeBody, ProfileBody, User } from '@yedyni/contract';
import { api } from '../../../../shared/api';
import { userUpdated } from '../../../../shared/lib/session';
import { Notice } from '../../../../shared/ui/Alert';
import { FieldErrorsContext } from '../../../../shared/ui/FieldErrors';
import { FormActions } from '../../../../shared/ui/FormActions';
import { Panel } from '../../../../shared/ui/Panel';
import { TextField } from '../../../../shared/ui/TextField';
import { useAuthDispatch, useAuthSelector } from '../../hooks';
import { selectUser } from '../../slice';
import { field } from '../formValue';
import styles from './AccountSettings.module.css';
import { accountTexts as t } from './texts';
import { useAccountForm } from './useAccountForm';

/** The profile's own part of issue 21: names, address and password, each a form of its own. */
export function AccountSettings() {
  const user = useAuthSelector(selectUser);
  if (!user) return null;
  return (
    <>
      <NamesForm user={user} />
      <EmailForm user={user} />
      <PasswordForm />
    </>
  );
}

function NamesForm({ user }: { user: User }) {
  const dispatch = useAuthDispatch();
  const form = useAccountForm({
    bodyOf: (data): ProfileBody => ({ first_name: field(data, 'first_name'), last_name: field(data, 'last_name') }),
    send: (body) => api.patch<User>('/account/profile', body),
    onDone: (answer) => {
      // The header, the menu and this page read the stored user: they change at once.
      dispatch(userUpdated(answer));
      return t.names.saved;
    },
  });
  return (
    <Panel title={t.names.title} lead={t.names.lead}>
      <form {...form.formProps} className={styles.form}>
        <FieldErrorsContext.Provider value={form.errors}>
          <div className={styles.pair}>
            <TextField label="Імʼя" name="first_name" defaultValue={user.first_name} autoComplete="given-name" />
            <TextField label="Прізвище" name="last_name" defaultValue={user.last_name} autoComplete="family-name" />
          </div>
        </FieldErrorsContext.Provider>
        <FormActions
          failure={form.failure}
          problems={form.errors}
          busy={form.busy}
          submit={t.names.submit}
          busyText={t.names.busy}
        />
        {form.note && <Notice>{form.note}</Notice>}
      </form>
    </Panel>
  );
}

function EmailForm({ user }: { user: User }) {
  const dispatch = useAuthDispatch();
  const form = useAccountForm({
    bodyOf: (data): EmailChangeBody => ({
      email: field(data, 'email'),
      currentPassword: field(data, 'currentPassword', false),
    }),
    send: (body) => api.post<{ message: string; user: User }>('/account/email', body),
    onDone: (answer, element) => {
      dispatch(userUpdated(answer.user));
      element.reset();
      return answer.message;
    },
  });
  return (
    <Panel title={t.email.title}>
      <p>
        {t.email.current}: <strong className={styles.address}>{user.email}</strong> —{' '}
        {user.emailVerified ? t.email.verified : t.email.unverified}
      </p>
      {user.pendingEmail && <Notice tone="info">{t.email.pending(user.pendingEmail)}</Notice>}
      <p className={styles.muted}>{t.email.lead}</p>
      <form {...form.formProps} className={styles.form}>
        <FieldErrorsContext.Provider value={form.errors}>
          <TextField label={t.email.field} name="email" type="email" autoComplete="email" />
          <TextField
            label={t.password.current}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
          />
        </FieldErrorsContext.Provider>
        <FormActions
          failure={form.failure}
          problems={form.errors}
          busy={form.busy}
          submit={t.email.submit}
          busyText={t.email.busy}
        />
        {form.note && <Notice>{form.note}</Notice>}
      </form>
    </Panel>
  );
}

function PasswordForm() {
  const form = useAccountForm({
    bodyOf: (data): PasswordChangeBody => ({
      currentPassword: field(data, 'currentPassword', false),
      password: field(data, 'password', false),
      endOtherSessions: data.get('endOtherSessions') === 'on',
    }),
    send: (body) => api.post<{ message: string }>('/account/password', body),
    onDone: (answer, element) => {
      element.reset();
      return answer.message;
    },
  });
  return (
    <Panel title={t.password.title}>
      <form {...form.formProps} className={styles.form}>
        <FieldErrorsContext.Provider value={form.errors}>
          <TextField
            label={t.password.current}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            label={t.password.field}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t.password.hint}
          />
        </FieldErrorsContext.Provider>
        <label className={styles.check}>
          <input type="checkbox" name="endOtherSessions" defaultChecked />
          <span>
            {t.password.others}
            <span className={styles.hint}>{t.password.othersHint}</span>
          </span>
        </label>
        <FormActions
          failure={form.failure}
          problems={form.errors}
          busy={form.busy}
          submit={t.password.submit}
          busyText={t.password.busy}
        />
        {form.note && <Notice>{form.note}</Notice>}
      </form>
    </Panel>
  );
}
