import type { AdminCourseDetail } from '@yedyni/contract';
import { courseAdminApi } from './api';

// The curators' two calls (the next wave, a lesson's date) are the courses feature's one client,
// ../api.ts `curatorApi`, which the course screen's tools use too.

/** `DELETE /api/admin/courses/:id/lessons/:day` answers with the course as it is now. */
export const deleteLesson = (courseId: string, day: number) =>
  courseAdminApi.deleteLesson(courseId, day) as Promise<AdminCourseDetail>;
