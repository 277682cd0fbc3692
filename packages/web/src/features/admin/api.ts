/**
 * The admin console's calls (`/api/admin/...`, contract admin.ts), typed, over the app's one HTTP
 * client (Bearer token, JSON, `{message}` errors → ApiError with the Ukrainian message). Every call
 * returns a promise; failures reject with an ApiError (show it with `errorMessage(error)` from
 * shared/api). Only types come from the contract; the server validates every body.
 *
 * Stable surface for the console's screens (courses and game editors included):
 *   adminPath(path, query)  — `/admin<path>?<query>` with empty values dropped (GET paths for useAdminQuery)
 *   adminApi.<call>(…)      — one function per endpoint, listed below by section
 */
import type {
  AdminClubs,
  AdminCourseDetail,
  AdminCourses,
  AdminLesson,
  AdminOlympiad,
  AdminOlympiads,
  AdminPayments,
  AdminSubscriptions,
  AdminTask,
  AdminTasks,
  AdminUser,
  AdminUserDetail,
  AdminUsers,
  AuditLog,
  Club,
  ClubBody,
  ClubSignups,
  CourseCreateBody,
  CourseMedia,
  CourseUpdateBody,
  LessonEditBody,
  MonthTotals,
  Olympiad,
  Role,
  TaskBody,
  UnmatchedCallbacks,
} from '@yedyni/contract';
import { request } from '../../shared/api';

/** A query value: empty strings, null and undefined are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/** `/admin<path>` with the non-empty query values, e.g. `adminPath('/users', { q: 'ol', page: 2 })`. */
export function adminPath(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return `/admin${path}${text ? `?${text}` : ''}`;
}

const id = (value: string | number) => encodeURIComponent(String(value));

/** What the console sends to schedule or change an olympiad (contract olympiads.ts `olympiadBodySchema`). */
export interface OlympiadInput {
  title: string;
  description: string;
  /** Kyiv wall time read from the form; undefined when the field is empty (the server says what is missing). */
  startsAt?: number;
  endsAt?: number;
  durationMin?: number;
  taskCount?: number;
}

/** The user list's filter and page (contract `AdminUsersQuery`). */
export interface UsersQuery {
  q?: string;
  role?: Role | '';
  page?: number;
  limit?: number;
}

/** The payments list's Kyiv range (ms, inclusive; null: open), payer search and page. */
export interface PaymentsQuery {
  start?: number | null;
  end?: number | null;
  q?: string;
  page?: number;
  limit?: number;
}

/** Paths of the GET lists, for useAdminQuery (each is also callable through adminApi). */
export const adminPaths = {
  users: (query: UsersQuery = {}) => adminPath('/users', { ...query }),
  user: (userId: string) => adminPath(`/users/${id(userId)}`),
  courses: () => adminPath('/courses'),
  course: (courseId: string) => adminPath(`/courses/${id(courseId)}`),
  lesson: (courseId: string, day: number | string) => adminPath(`/courses/${id(courseId)}/lessons/${id(day)}`),
  /** The course's content as a zip (a download: use useDownload, not request). */
  courseExport: (courseId: string) => adminPath(`/courses/${id(courseId)}/export`),
  gameTasks: (query: Record<string, QueryValue> = {}) => adminPath('/game/tasks', query),
  olympiads: () => adminPath('/olympiads'),
  clubs: () => adminPath('/clubs'),
  clubSignups: (clubId: string) => adminPath(`/clubs/${id(clubId)}/signups`),
  payments: (query: PaymentsQuery = {}) => adminPath('/payments', { ...query }),
  paymentMonths: () => adminPath('/payments/months'),
  /** CSV of the payments in a Kyiv range (a download: use useDownload). */
  paymentsExport: (query: Pick<PaymentsQuery, 'start' | 'end'> = {}) => adminPath('/payments/export', { ...query }),
  subscriptions: (query: { status?: 'subscribed' | 'unsubscribed' | ''; page?: number } = {}) =>
    adminPath('/subscriptions', query),
  callbacks: (query: { page?: number } = {}) => adminPath('/callbacks', query),
  audit: (query: { action?: string; page?: number } = {}) => adminPath('/audit', query),
} as const;

export const adminApi = {
  // ─── Users (admins) ───
  users: (query: UsersQuery = {}) => request<AdminUsers>('GET', adminPaths.users(query)),
  user: (userId: string) => request<AdminUserDetail>('GET', adminPaths.user(userId)),
  /** 409 {message} when it would take the role from the last admin. */
  setRole: (userId: string, role: Role) => request<AdminUser>('PATCH', `/admin/users/${id(userId)}/role`, { role }),

  // ─── Courses (list and detail: curators too; the rest: admins) ───
  courses: () => request<AdminCourses>('GET', adminPaths.courses()),
  /** 409 when the slug is taken. */
  createCourse: (body: CourseCreateBody) => request<AdminCourseDetail>('POST', '/admin/courses', body),
  course: (courseId: string) => request<AdminCourseDetail>('GET', adminPaths.course(courseId)),
  updateCourse: (courseId: string, body: CourseUpdateBody) =>
    request<AdminCourseDetail>('PATCH', `/admin/courses/${id(courseId)}`, body),
  createLesson: (courseId: string, theme: string) =>
    request<AdminLesson>('POST', `/admin/courses/${id(courseId)}/lessons`, { theme }),
  /** Every lesson's current day in the new order. */
  orderLessons: (courseId: string, days: number[]) =>
    request<AdminCourseDetail>('PUT', `/admin/courses/${id(courseId)}/lessons/order`, { days }),
  lesson: (courseId: string, day: number | string) => request<AdminLesson>('GET', adminPaths.lesson(courseId, day)),
  saveLesson: (courseId: string, day: number | string, body: LessonEditBody) =>
    request<AdminLesson>('PUT', adminPaths.lesson(courseId, day), body),
  deleteLesson: (courseId: string, day: number | string) =>
    request<unknown>('DELETE', adminPaths.lesson(courseId, day)),
  /** Multipart `file` (an image or audio, at most MEDIA_MAX_BYTES). */
  uploadMedia: (courseId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<CourseMedia>('POST', `/admin/courses/${id(courseId)}/media`, form);
  },
  /** Markdown → the sanitized HTML the learners will see. */
  preview: (markdown: string) => request<{ html: string }>('POST', '/admin/preview', { markdown }),

  // ─── Game tasks (admins) ───
  gameTasks: (query: Record<string, QueryValue> = {}) => request<AdminTasks>('GET', adminPaths.gameTasks(query)),
  createGameTask: (body: TaskBody) => request<AdminTask>('POST', '/admin/game/tasks', body),
  updateGameTask: (taskId: string, body: TaskBody) =>
    request<AdminTask>('PUT', `/admin/game/tasks/${id(taskId)}`, body),

  // ─── Olympiads (admins) ───
  olympiads: () => request<AdminOlympiads>('GET', adminPaths.olympiads()),
  createOlympiad: (body: OlympiadInput) => request<Olympiad>('POST', '/admin/olympiads', body),
  /** 409 once it has started. */
  updateOlympiad: (olympiadId: string, body: OlympiadInput) =>
    request<AdminOlympiad>('PUT', `/admin/olympiads/${id(olympiadId)}`, body),
  /** 409 once it has started. */
  deleteOlympiad: (olympiadId: string) => request<{ _id: string }>('DELETE', `/admin/olympiads/${id(olympiadId)}`),

  // ─── Clubs (admins) ───
  clubs: () => request<AdminClubs>('GET', adminPaths.clubs()),
  createClub: (body: ClubBody) => request<Club>('POST', '/admin/clubs', body),
  updateClub: (clubId: string, body: ClubBody) => request<Club>('PUT', `/admin/clubs/${id(clubId)}`, body),
  clubSignups: (clubId: string) => request<ClubSignups>('GET', adminPaths.clubSignups(clubId)),

  // ─── Payments (admins) ───
  payments: (query: PaymentsQuery = {}) => request<AdminPayments>('GET', adminPaths.payments(query)),
  paymentMonths: () => request<MonthTotals>('GET', adminPaths.paymentMonths()),
  subscriptions: (query: { status?: 'subscribed' | 'unsubscribed' | ''; page?: number } = {}) =>
    request<AdminSubscriptions>('GET', adminPaths.subscriptions(query)),
  callbacks: (query: { page?: number } = {}) => request<UnmatchedCallbacks>('GET', adminPaths.callbacks(query)),

  // ─── Audit (admins) ───
  audit: (query: { action?: string; page?: number } = {}) => request<AuditLog>('GET', adminPaths.audit(query)),
} as const;
