import type { AnalyticsWaves, NudgeResult, WaveAnalytics } from '@yedyni/contract';
import { request } from '../../shared/api';

const segment = (value: string) => encodeURIComponent(value);

/** `/api/analytics`: the paths the screen reads and the nudge it sends. */
export const analyticsPaths = {
  waves: '/analytics/waves',
  wave: (courseId: string, wave: string) => `/analytics/waves/${segment(courseId)}/${segment(wave)}`,
} as const;

export const analyticsApi = {
  waves: () => request<AnalyticsWaves>('GET', analyticsPaths.waves),
  wave: (courseId: string, wave: string) => request<WaveAnalytics>('GET', analyticsPaths.wave(courseId, wave)),
  nudge: (courseId: string, wave: string, userIds: string[]) =>
    request<NudgeResult>('POST', `${analyticsPaths.wave(courseId, wave)}/nudges`, { userIds }),
} as const;
