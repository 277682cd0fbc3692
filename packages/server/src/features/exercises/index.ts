/** Homework's public API. */
export { reviewsHomework } from './policy.js';
export { exercisesRoutes } from './routes.js';
export { ExercisesService } from './service.js';
