/** The clubs' console calls (`/api/admin/clubs`, admins), typed, over the app's one HTTP client. */
import type { AdminClubs, Club, ClubAttendanceBody, ClubBody, ClubSignups } from '@yedyni/contract';
import { request } from '../../../shared/api';
import { adminPath, pathSegment as id } from '../../admin';

/** Paths of the GET calls, for useAdminQuery. */
export const clubAdminPaths = {
  clubs: () => adminPath('/clubs'),
  clubSignups: (clubId: string) => adminPath(`/clubs/${id(clubId)}/signups`),
} as const;

export const clubAdminApi = {
  clubs: () => request<AdminClubs>('GET', clubAdminPaths.clubs()),
  createClub: (body: ClubBody) => request<Club>('POST', '/admin/clubs', body),
  updateClub: (clubId: string, body: ClubBody) => request<Club>('PUT', `/admin/clubs/${id(clubId)}`, body),
  clubSignups: (clubId: string) => request<ClubSignups>('GET', clubAdminPaths.clubSignups(clubId)),
  markAttendance: (clubId: string, body: ClubAttendanceBody) =>
    request<ClubSignups>('PUT', `/admin/clubs/${id(clubId)}/attendance`, body),
} as const;
