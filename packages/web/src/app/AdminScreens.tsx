import type { Role } from '@yedyni/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import styles from '../features/admin/Admin.module.css';
import AuditPage from '../features/admin/audit/AuditPage';
import ClubsAdminPage from '../features/admin/clubs/ClubsAdminPage';
import CoursePage from '../features/admin/courses/CoursePage';
import CoursesPage from '../features/admin/courses/CoursesPage';
import LessonEditorPage from '../features/admin/courses/LessonEditorPage';
import TasksPage from '../features/admin/game/TasksPage';
import OlympiadsAdminPage from '../features/admin/olympiads/OlympiadsAdminPage';
import PaymentsAdminPage from '../features/admin/payments/PaymentsAdminPage';
import { adminTexts as t } from '../features/admin/texts';
import UserPage from '../features/admin/users/UserPage';
import UsersPage from '../features/admin/users/UsersPage';
import { selectUser } from '../features/auth';
import { buttonClass } from '../shared/ui/Button';
import { Spinner } from '../shared/ui/Spinner';
import { useAppSelector } from './hooks';

// `/uk/admin/*`, «Керування»: one lazy chunk for the whole console. Curators (moderators) see the
// courses only; admins everything. The server checks every call again, so this is only the shape
// of the screen, not the protection.

const TABS: readonly (readonly [path: string, label: string, curators: boolean])[] = [
  ['courses', t.nav.courses, true],
  ['game', t.nav.game, false],
  ['users', t.nav.users, false],
  ['olympiads', t.nav.olympiads, false],
  ['clubs', t.nav.clubs, false],
  ['payments', t.nav.payments, false],
  ['audit', t.nav.audit, false],
];

/** The console: its heading, the tabs the viewer may use, and the screen of the path. */
export default function AdminScreens() {
  const role = useAppSelector(selectUser)?.role;
  if (!role) return <Spinner />;
  if (role === 'user') return <StaffOnly />;
  const isAdmin = role === 'admin';
  const adminOnly = (screen: ReactNode) => (isAdmin ? screen : <AdminsOnly />);
  return (
    <div className={styles.console}>
      <h1 className={styles.title}>{t.title}</h1>
      <ConsoleNav role={role} />
      <Routes>
        <Route index element={<Navigate to="courses" replace />} />
        <Route path="courses" element={<CoursesPage />} />
        <Route path="courses/:courseId" element={<CoursePage />} />
        <Route path="courses/:courseId/lessons/:day" element={<LessonEditorPage />} />
        <Route path="game" element={adminOnly(<TasksPage />)} />
        <Route path="users" element={adminOnly(<UsersPage />)} />
        <Route path="users/:userId" element={adminOnly(<UserPage />)} />
        <Route path="olympiads" element={adminOnly(<OlympiadsAdminPage />)} />
        <Route path="clubs" element={adminOnly(<ClubsAdminPage />)} />
        <Route path="payments" element={adminOnly(<PaymentsAdminPage />)} />
        <Route path="audit" element={adminOnly(<AuditPage />)} />
        {/* Absolute: a relative target in a splat route resolves below the unknown path itself
            (/uk/admin/nope/courses), which matches this route again, forever. */}
        <Route path="*" element={<Navigate to="/uk/admin/courses" replace />} />
      </Routes>
    </div>
  );
}

function ConsoleNav({ role }: { role: Role }) {
  const tabs = TABS.filter(([, , curators]) => curators || role === 'admin');
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
function StaffOnly() {
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
function AdminsOnly() {
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
