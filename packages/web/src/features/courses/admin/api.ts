/**
 * The courses' console calls (`/api/admin/courses/...` and the Markdown preview, contract
 * admin.ts), typed, over the app's one HTTP client; paths for useAdminQuery in
 * `courseAdminPaths`. List and detail: curators too; the rest: admins.
 */
import type {
  AdminCourseDetail,
  AdminCourses,
  AdminLesson,
  CourseCreateBody,
  CourseMedia,
  CourseUpdateBody,
  LessonEditBody,
} from '@yedyni/contract';
import { request, type UploadOptions, upload } from '../../../shared/api';
import { adminPath, pathSegment as id } from '../../admin';

/** Paths of the GET calls, for useAdminQuery (each is also callable through courseAdminApi). */
export const courseAdminPaths = {
  courses: () => adminPath('/courses'),
  course: (courseId: string) => adminPath(`/courses/${id(courseId)}`),
  lesson: (courseId: string, day: number | string) => adminPath(`/courses/${id(courseId)}/lessons/${id(day)}`),
  /** The course's content as a zip (a download: use useDownload, not request). */
  courseExport: (courseId: string) => adminPath(`/courses/${id(courseId)}/export`),
} as const;

export const courseAdminApi = {
  courses: () => request<AdminCourses>('GET', courseAdminPaths.courses()),
  /** 409 when the slug is taken. */
  createCourse: (body: CourseCreateBody) => request<AdminCourseDetail>('POST', '/admin/courses', body),
  course: (courseId: string) => request<AdminCourseDetail>('GET', courseAdminPaths.course(courseId)),
  updateCourse: (courseId: string, body: CourseUpdateBody) =>
    request<AdminCourseDetail>('PATCH', `/admin/courses/${id(courseId)}`, body),
  createLesson: (courseId: string, theme: string) =>
    request<AdminLesson>('POST', `/admin/courses/${id(courseId)}/lessons`, { theme }),
  /** Every lesson's current day in the new order. */
  orderLessons: (courseId: string, days: number[]) =>
    request<AdminCourseDetail>('PUT', `/admin/courses/${id(courseId)}/lessons/order`, { days }),
  lesson: (courseId: string, day: number | string) =>
    request<AdminLesson>('GET', courseAdminPaths.lesson(courseId, day)),
  saveLesson: (courseId: string, day: number | string, body: LessonEditBody) =>
    request<AdminLesson>('PUT', courseAdminPaths.lesson(courseId, day), body),
  deleteLesson: (courseId: string, day: number | string) =>
    request<unknown>('DELETE', courseAdminPaths.lesson(courseId, day)),
  /** Multipart `file` (an image or audio, at most MEDIA_MAX_BYTES). */
  uploadMedia: (courseId: string, file: File, options?: UploadOptions) => {
    const form = new FormData();
    form.append('file', file);
    return upload<CourseMedia>('POST', `/admin/courses/${id(courseId)}/media`, form, options);
  },
  /** Markdown → the sanitized HTML the learners will see. */
  preview: (markdown: string) => request<{ html: string }>('POST', '/admin/preview', { markdown }),
} as const;
