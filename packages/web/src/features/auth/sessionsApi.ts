/** «Де я увійшов»'s calls (`/api/auth/sessions`), over the app's one client. */
import type { AccountSessions, EndedSessions } from '@yedyni/contract';
import { api, request } from '../../shared/api';

export const sessionsApi = {
  list: () => api.get<AccountSessions>('/auth/sessions'),
  end: (sessionId: string) => request<void>('DELETE', `/auth/sessions/${encodeURIComponent(sessionId)}`),
  endAll: (includingThis: boolean) => api.post<EndedSessions>('/auth/sessions/end', { includingThis }),
};
