/** Homework's public API. */

export { homeworkAdminRoutes } from './admin-routes.js';
export { reviewsHomework } from './policy.js';
export { forgetHomeworkFiles, homeworkCommentsForExport, homeworkForExport, homeworkOf } from './repo.js';
export { homeworkRoutes } from './routes.js';
export { HomeworkService } from './service.js';
