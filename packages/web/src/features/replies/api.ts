/** Saved replies' calls (`/api/exercises/replies`), over the app's one client. */
import type { SavedReply, SavedReplyBody } from '@yedyni/contract';
import { api, request } from '../../shared/api';

const segment = (value: string) => encodeURIComponent(value);

export const repliesApi = {
  list: () => api.get<{ replies: SavedReply[] }>('/exercises/replies'),
  create: (body: SavedReplyBody) => api.post<SavedReply>('/exercises/replies', body),
  update: (id: string, body: SavedReplyBody) => request<SavedReply>('PUT', `/exercises/replies/${segment(id)}`, body),
  remove: (id: string) => api.delete<{ replyId: string }>(`/exercises/replies/${segment(id)}`),
};
