import { formatDate } from '@yedyni/contract';
import { useCopy } from '../../../shared/lib/useCopy';
import { Button } from '../../../shared/ui/Button';
import { Panel } from '../../../shared/ui/Panel';
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
  // Name and address are edited in their own sections below; here they only say whose page it is.
  const rows: [string, string][] = [
    [t.role, t.roles[user.role]],
    [t.registered, formatDate(user.createdAt)],
    [t.inviter, inviter],
  ];

  return (
    <div className={styles.page}>
      <h1>{t.title}</h1>
      <Panel title={`${user.first_name} ${user.last_name}`} lead={user.email}>
        <dl className={styles.list}>
          {rows.map(([label, value]) => (
            <div className={styles.row} key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title={t.invite} lead={t.inviteLead}>
        <div className={styles.copy}>
          <TextField label={t.inviteLabel} value={inviteLink} readOnly onFocus={(event) => event.target.select()} />
          <Button variant="accent" onClick={() => copy(inviteLink)}>
            {t.copy}
          </Button>
        </div>
        <p role="status">{copyStatus}</p>
      </Panel>
      <AccountSettings />
      <TwoStepSection />
      <SessionsSection />
      <MyDataSection />
    </div>
  );
}
