/** The game tasks' console calls (`/api/admin/game/tasks`, admins), typed, over the app's one HTTP client. */
import type { AdminTask, AdminTasks, TaskBody } from '@yedyni/contract';
import { request } from '../../../shared/api';
import { adminPath, pathSegment as id, type QueryValue } from '../../admin';

/** Paths of the GET calls, for useAdminQuery. */
export const gameAdminPaths = {
  gameTasks: (query: Record<string, QueryValue> = {}) => adminPath('/game/tasks', query),
} as const;

export const gameAdminApi = {
  gameTasks: (query: Record<string, QueryValue> = {}) => request<AdminTasks>('GET', gameAdminPaths.gameTasks(query)),
  createGameTask: (body: TaskBody) => request<AdminTask>('POST', '/admin/game/tasks', body),
  updateGameTask: (taskId: string, body: TaskBody) =>
    request<AdminTask>('PUT', `/admin/game/tasks/${id(taskId)}`, body),
} as const;
