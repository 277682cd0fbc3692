import type { AdminCourseDetail } from '@yedyni/contract';
import { request } from '../../../shared/api';
import { courseAdminApi } from './api';

/*
 * The curators' two calls live under /api/courses (contract courses.ts), not /api/admin, so the
 * console's api.ts does not carry them: typed here over the app's one client.
 */

/** `PATCH /api/courses/next`: announces (or changes) the next wave; both null withdraw it. */
export const setNextWave = (courseId: string, nextWave: string | null, nextStart: number | null) =>
  request<{ _id: string; nextWave: string | null; nextStart: number | null }>('PATCH', '/courses/next', {
    courseId,
    nextWave,
    nextStart,
  });

/** `PATCH /api/courses/lesson/date`: a lesson opens at this instant for the current wave; null: by the rule. */
export const setLessonDate = (courseId: string, day: number, scheduledDate: number | null) =>
  request<{ lessonId: string; scheduledDate: number | null }>('PATCH', '/courses/lesson/date', {
    courseId,
    lessonId: String(day),
    scheduledDate,
  });

/** `DELETE /api/admin/courses/:id/lessons/:day` answers with the course as it is now. */
export const deleteLesson = (courseId: string, day: number) =>
  courseAdminApi.deleteLesson(courseId, day) as Promise<AdminCourseDetail>;
