import { formatLevel, type User } from '@yedyni/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { useDisclosure } from '../../shared/lib/useDisclosure';
import { Button } from '../../shared/ui/Button';
import styles from './OfficeMenu.module.css';
import { layoutTexts as t } from './texts';

interface OfficeMenuProps {
  user: User;
  supportLevel: number | null;
  countNotifications: number;
  onLogout: () => void;
}

/** The user's first name opens the office: who I am, my support level, my pages, sign-out. */
export function OfficeMenu({ user, supportLevel, countNotifications, onLogout }: OfficeMenuProps) {
  const { open, toggle, close, wrapperRef, buttonRef } = useDisclosure();
  const panelId = useId();
  const countId = useId();
  const links = [
    ['/uk/profile', t.profile],
    ['/uk/notifications', t.notifications],
    ['/uk/notifications/settings', t.notificationSettings],
    ['/uk/clubs', t.clubs],
    ['/uk/bonus', t.bonus],
    // Those the server lets into the console (curators and admins).
    ...(user.abilities.enterConsole ? ([['/uk/admin', t.admin]] as const) : []),
  ] as const;

  return (
    <div className={styles.office} ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span className={styles.name}>{user.first_name}</span>
        <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.fullName}>
          {user.first_name} {user.last_name}
        </p>
        <p className={styles.email}>{user.email}</p>
        <p className={styles.level}>
          <span>{t.level}</span>
          <strong>{supportLevel === null ? '—' : formatLevel(supportLevel)}</strong>
        </p>
        <nav aria-label={t.office}>
          <ul className={styles.links}>
            {links.map(([to, label]) => {
              const count = to === '/uk/notifications' ? countNotifications : 0;
              return (
                <li key={to}>
                  {/* The name stays the bare label; the unread count is its description. */}
                  <Link
                    to={to}
                    className={styles.link}
                    onClick={close}
                    aria-describedby={count > 0 ? countId : undefined}
                  >
                    <span>{label}</span>
                    {count > 0 && (
                      <span className={styles.count} aria-hidden="true">
                        {count}
                      </span>
                    )}
                  </Link>
                  {count > 0 && (
                    <span id={countId} hidden>
                      {t.unread(count)}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <Button variant="secondary" className={styles.logout} onClick={onLogout}>
          {t.logout}
        </Button>
      </div>
    </div>
  );
}
