/** Courses' public API: learning, the console's authoring, media, and the content importer. */
export { courseAdminRoutes } from './admin-routes.js';
export { CourseAuthoring } from './authoring.js';
export { ContentError, courseFolders, exportCourses, importCourse } from './content.js';
export { mediaFiles } from './media.js';
export { enrollmentsForExport, insertEnrollment } from './repo.js';
export { coursesRoutes } from './routes.js';
export { sanitizeLessonHtml } from './sanitize.js';
export { CoursesService, type EnrolledWave } from './service.js';
