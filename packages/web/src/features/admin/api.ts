/**
 * The console's own calls (`/api/admin/...`, contract admin.ts: users and the audit log) and the
 * path helpers every domain's console client uses (courses/admin/api.ts, game/admin/api.ts,
 * olympiads/admin/api.ts, clubs/admin/api.ts, payments/admin/api.ts), over the app's one HTTP
 * client (Bearer token, JSON, `{message}` errors → ApiError with the Ukrainian message). Every call
 * returns a promise; failures reject with an ApiError (show it with `errorMessage(error)` from
 * shared/api). Only types come from the contract; the server validates every body.
 *
 *   adminPath(path, query)  — `/admin<path>?<query>` with empty values dropped (GET paths for useAdminQuery)
 *   pathSegment(value)      — an id or a day as one URL path segment
 *   adminApi.<call>(…)      — one function per endpoint of the console shell, listed below
 */
import type { AdminUser, AdminUserDetail, AdminUsers, AuditLog, Role } from '@yedyni/contract';
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

/** An id (or a lesson's day) as one path segment. */
export const pathSegment = (value: string | number) => encodeURIComponent(String(value));
const id = pathSegment;

/** The user list's filter and page (contract `AdminUsersQuery`). */
export interface UsersQuery {
  q?: string;
  role?: Role | '';
  page?: number;
  limit?: number;
}

/** Paths of the GET lists, for useAdminQuery (each is also callable through adminApi). */
export const adminPaths = {
  users: (query: UsersQuery = {}) => adminPath('/users', { ...query }),
  user: (userId: string) => adminPath(`/users/${id(userId)}`),
  audit: (query: { action?: string; page?: number } = {}) => adminPath('/audit', query),
} as const;

export const adminApi = {
  // ─── Users (admins) ───
  users: (query: UsersQuery = {}) => request<AdminUsers>('GET', adminPaths.users(query)),
  user: (userId: string) => request<AdminUserDetail>('GET', adminPaths.user(userId)),
  /** 409 {message} when it would take the role from the last admin. */
  setRole: (userId: string, role: Role) => request<AdminUser>('PATCH', `/admin/users/${id(userId)}/role`, { role }),

  // ─── Audit (admins) ───
  audit: (query: { action?: string; page?: number } = {}) => request<AuditLog>('GET', adminPaths.audit(query)),
} as const;
