/** Homework's public API. */
export { reviewsHomework } from './policy.js';
export { homeworkOf } from './repo.js';
export { homeworkAdminRoutes } from './admin-routes.js';
export { homeworkRoutes } from './routes.js';
export { HomeworkService } from './service.js';
