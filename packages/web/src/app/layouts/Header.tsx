import type { User } from '@yedyni/contract';
import { Link } from 'react-router';
import { NavLink } from '../../shared/lib/navLink';
import { buttonClass } from '../../shared/ui/Button';
import styles from './Header.module.css';
import { OfficeMenu } from './OfficeMenu';
import { layoutTexts as t } from './texts';

interface HeaderProps {
  user: User;
  supportLevel: number | null;
  countNotifications: number;
  onLogout: () => void;
}

const NAV = [
  ['/uk', t.home],
  ['/uk/learn', t.learn],
  ['/uk/game', t.game],
] as const;

export function Header({ user, supportLevel, countNotifications, onLogout }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/uk" className={styles.brand}>
          {t.brand}
        </Link>
        <nav className={styles.nav} aria-label={t.mainNav}>
          <ul className={styles.navList}>
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/uk'} className={styles.navLink}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.tools}>
          <Link to="/uk/donat" className={`${buttonClass('accent')} ${styles.support}`}>
            {t.support}
          </Link>
          {countNotifications > 0 && (
            <Link to="/uk/notifications" className={styles.badge} aria-label={t.unread(countNotifications)}>
              {countNotifications}
            </Link>
          )}
          <OfficeMenu
            user={user}
            supportLevel={supportLevel}
            countNotifications={countNotifications}
            onLogout={onLogout}
          />
        </div>
      </div>
    </header>
  );
}
