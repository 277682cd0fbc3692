import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { NavLink } from '../../shared/lib/navLink';
import { buttonClass } from '../../shared/ui/Button';
import styles from './Admin.module.css';
import { adminTexts as t } from './texts';

// The console's shell, «Керування»: its heading and tabs, and what a learner or a curator is told
// on a screen not theirs. The route table (app/AdminScreens.tsx) puts each domain's screens in it.
// The server checks every call again, so this is only the shape of the screen, not the protection.

const TABS: readonly (readonly [path: string, label: string, curators: boolean])[] = [
  ['courses', t.nav.courses, true],
  ['analytics', t.nav.analytics, true],
  ['reply-times', t.nav.replyTimes, true],
  ['chat', t.nav.chat, true],
  ['game', t.nav.game, false],
  ['users', t.nav.users, false],
  ['olympiads', t.nav.olympiads, false],
  ['clubs', t.nav.clubs, false],
  ['certificates', t.nav.certificates, false],
  ['payments', t.nav.payments, false],
  ['openbook', t.nav.openbook, false],
  ['audit', t.nav.audit, false],
];

/** The console's frame: its heading, the tabs the viewer may use, and the screen (`children`). */
export function ConsoleFrame({ administerConsole, children }: { administerConsole: boolean; children: ReactNode }) {
  return (
    <div className={styles.console}>
      <h1 className={styles.title}>{t.title}</h1>
      <ConsoleNav administerConsole={administerConsole} />
      {children}
    </div>
  );
}

/** `administerConsole`: the user's ability (server policy) to use the admins-only tabs. */
function ConsoleNav({ administerConsole }: { administerConsole: boolean }) {
  const tabs = TABS.filter(([, , curators]) => curators || administerConsole);
  const strip = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // On a phone the strip scrolls sideways: the current tab is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path marks another tab.
  useEffect(() => {
    const box = strip.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (box && current && box.scrollWidth > box.clientWidth) {
      box.scrollLeft = current.offsetLeft - box.offsetLeft - (box.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);

  return (
    <nav className={styles.nav} aria-label={t.nav.label}>
      <ul className={styles.tabs} ref={strip}>
        {tabs.map(([path, label]) => (
          <li key={path}>
            <NavLink to={`/uk/admin/${path}`} className={styles.tab}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A learner who opened the console. */
export function StaffOnly() {
  return (
    <section className={styles.page} aria-labelledby="admin-denied">
      <h1 id="admin-denied" className={styles.title}>
        {t.access.staffOnly}
      </h1>
      <p className={styles.lead}>{t.access.staffOnlyLead}</p>
      <Link to="/uk" className={`${buttonClass('primary')} ${styles.back}`}>
        {t.access.home}
      </Link>
    </section>
  );
}

/** A curator on an admin's screen. */
export function AdminsOnly() {
  return (
    <section className={styles.page} aria-labelledby="admin-only">
      <h2 id="admin-only">{t.access.adminsOnly}</h2>
      <p className={styles.lead}>{t.access.adminsOnlyLead}</p>
      <Link to="/uk/admin/courses" className={`${buttonClass('secondary')} ${styles.back}`}>
        {t.access.toCourses}
      </Link>
    </section>
  );
}
