import { formatDate } from '@yedyni/contract';
import { useCopy } from '../../../shared/lib/useCopy';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { MyDataSection } from '../../privacy';
import { useAuthSelector } from '../hooks';
import { selectUser } from '../slice';
import { AccountSettings } from './account/AccountSettings';
import styles from './ProfilePage.module.css';
import { SessionsSection } from './SessionsSection';
import { TwoStepSection } from './TwoStepSection';

const t = {
  title: 'Профіль',
  firstName: 'Імʼя',
  lastName: 'Прізвище',
  email: 'Електронна пошта',
  role: 'Роль',
  registered: 'Дата реєстрації',
  inviter: 'Вас запросив(-ла)',
  movement: 'Рух Єдині',
  invite: 'Запрошення до команди',
  inviteLead: 'Поділіться цим посиланням: кожен, хто зареєструється за ним, стане частиною вашої команди.',
  inviteLabel: 'Ваше посилання-запрошення',
  copy: 'Скопіювати',
  copied: 'Посилання скопійовано.',
  copyFailed: 'Не вдалося скопіювати. Виділіть посилання та скопіюйте його вручну.',
  roles: { user: 'учасник', moderator: 'куратор', admin: 'адміністратор' },
} as const;

/** `/uk/profile`: who I am, who invited me, and my own invitation link. */
export default function ProfilePage() {
  const user = useAuthSelector(selectUser);
  const { copy, status: copyStatus } = useCopy({ done: t.copied, failed: t.copyFailed });
  if (!user) return null;

  const inviteLink = `${window.location.origin}/register?ref=${encodeURIComponent(user._id)}`;
  const inviter = user.inviter ? `${user.inviter.first_name} ${user.inviter.last_name}` : t.movement;
  const rows: [string, string][] = [
    [t.firstName, user.first_name],
    [t.lastName, user.last_name],
    [t.email, user.email],
    [t.role, t.roles[user.role]],
    [t.registered, formatDate(user.createdAt)],
    [t.inviter, inviter],
  ];

  return (
    <div className={styles.page}>
      <h1>{t.title}</h1>
      <section className={styles.card}>
        <dl className={styles.list}>
          {rows.map(([label, value]) => (
            <div className={styles.row} key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="invite-title">
        <h2 id="invite-title">{t.invite}</h2>
        <p className={styles.muted}>{t.inviteLead}</p>
        <div className={styles.copy}>
          <TextField label={t.inviteLabel} value={inviteLink} readOnly onFocus={(event) => event.target.select()} />
          <Button variant="accent" onClick={() => copy(inviteLink)}>
            {t.copy}
          </Button>
        </div>
        <p role="status">{copyStatus}</p>
      </section>
      <AccountSettings />
      <MyDataSection />
      <SessionsSection />
      <TwoStepSection />
    </div>
  );
}
