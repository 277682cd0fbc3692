/** The olympiads' console calls (`/api/admin/olympiads`, admins), typed, over the app's one HTTP client. */
import type { AdminOlympiad, AdminOlympiads, Olympiad } from '@yedyni/contract';
import { request } from '../../../shared/api';
import { adminPath, pathSegment as id } from '../../admin';

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

/** Paths of the GET calls, for useAdminQuery. */
export const olympiadAdminPaths = {
  olympiads: () => adminPath('/olympiads'),
} as const;

export const olympiadAdminApi = {
  olympiads: () => request<AdminOlympiads>('GET', olympiadAdminPaths.olympiads()),
  createOlympiad: (body: OlympiadInput) => request<Olympiad>('POST', '/admin/olympiads', body),
  /** 409 once it has started. */
  updateOlympiad: (olympiadId: string, body: OlympiadInput) =>
    request<AdminOlympiad>('PUT', `/admin/olympiads/${id(olympiadId)}`, body),
  /** 409 once it has started. */
  deleteOlympiad: (olympiadId: string) => request<{ _id: string }>('DELETE', `/admin/olympiads/${id(olympiadId)}`),
} as const;
