import { api } from '../../shared/api';
import type { LessonDateAnswer, LessonDateBody, NextWaveAnswer, NextWaveBody } from './types';

/**
 * The curators' two calls (contract courses.ts, under /api/courses, not /api/admin): the course
 * screen's tools (courseSlice's thunks) and the console's course page (admin/) both send them here.
 */
export const curatorApi = {
  /** `PATCH /api/courses/next`: announces (or changes) the next wave; both null withdraw it. */
  setNextWave: (body: NextWaveBody) => api.patch<NextWaveAnswer>('/courses/next', body),
  /** `PATCH /api/courses/lesson/date`: a lesson opens at this instant for the current wave; null: by the rule. */
  setLessonDate: (body: LessonDateBody) => api.patch<LessonDateAnswer>('/courses/lesson/date', body),
};
