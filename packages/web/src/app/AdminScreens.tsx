import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminsOnly, ConsoleFrame, StaffOnly } from '../features/admin';
import AuditPage from '../features/admin/audit/AuditPage';
import UserPage from '../features/admin/users/UserPage';
import UsersPage from '../features/admin/users/UsersPage';
import { WaveAnalyticsPage } from '../features/analytics';
import { selectUser } from '../features/auth';
import CertificatesAdminPage from '../features/certificates/admin/CertificatesAdminPage';
import ChatReportsPage from '../features/chat/admin/ChatReportsPage';
import ClubsAdminPage from '../features/clubs/admin/ClubsAdminPage';
import CoursePage from '../features/courses/admin/CoursePage';
import CoursesPage from '../features/courses/admin/CoursesPage';
import LessonEditorPage from '../features/courses/admin/LessonEditorPage';
import TasksPage from '../features/game/admin/TasksPage';
import ReplyTimesPage from '../features/homework/admin/ReplyTimesPage';
import OlympiadsAdminPage from '../features/olympiads/admin/OlympiadsAdminPage';
import ExpensesAdminPage from '../features/openbook/admin/ExpensesAdminPage';
import PaymentsAdminPage from '../features/payments/admin/PaymentsAdminPage';
import { modalReducer } from '../shared/modal/slice';
import { Spinner } from '../shared/ui/Spinner';
import { useAppSelector } from './hooks';
import { injectReducers } from './store';

// The console's confirmation dialogs (a role change) use the modal slice; it joins the store with
// the console, so /login does not carry it. Injecting again is a no-op.
injectReducers({ modal: modalReducer });

// `/uk/admin/*`, «Керування»: one lazy chunk for the whole console, its route table. The shell
// (frame, tabs, access screens) is the admin feature's; each domain's console screens are its own
// (features/<domain>/admin/). Curators (moderators) see the courses only; admins everything. The
// server checks every call again, so this is only the shape of the screen, not the protection.

/** The console: its heading, the tabs the viewer may use, and the screen of the path. */
export default function AdminScreens() {
  const abilities = useAppSelector(selectUser)?.abilities;
  if (!abilities) return <Spinner />;
  if (!abilities.enterConsole) return <StaffOnly />;
  const { administerConsole } = abilities;
  const adminOnly = (screen: ReactNode) => (administerConsole ? screen : <AdminsOnly />);
  return (
    <ConsoleFrame administerConsole={administerConsole}>
      <Routes>
        <Route index element={<Navigate to="courses" replace />} />
        <Route path="courses" element={<CoursesPage />} />
        <Route path="courses/:courseId" element={<CoursePage />} />
        <Route path="courses/:courseId/lessons/:day" element={<LessonEditorPage />} />
        <Route path="chat" element={<ChatReportsPage />} />
        <Route path="analytics" element={<WaveAnalyticsPage />} />
        <Route path="reply-times" element={<ReplyTimesPage />} />
        <Route path="game" element={adminOnly(<TasksPage />)} />
        <Route path="users" element={adminOnly(<UsersPage />)} />
        <Route path="users/:userId" element={adminOnly(<UserPage />)} />
        <Route path="olympiads" element={adminOnly(<OlympiadsAdminPage />)} />
        <Route path="clubs" element={adminOnly(<ClubsAdminPage />)} />
        <Route path="certificates" element={adminOnly(<CertificatesAdminPage />)} />
        <Route path="payments" element={adminOnly(<PaymentsAdminPage />)} />
        <Route path="openbook" element={adminOnly(<ExpensesAdminPage />)} />
        <Route path="audit" element={adminOnly(<AuditPage />)} />
        {/* Absolute: a relative target in a splat route resolves below the unknown path itself
            (/uk/admin/nope/courses), which matches this route again, forever. */}
        <Route path="*" element={<Navigate to="/uk/admin/courses" replace />} />
      </Routes>
    </ConsoleFrame>
  );
}
