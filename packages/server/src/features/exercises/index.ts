/** Homework's public API. */
export { exercisesRoutes } from './routes.js';
export { ExercisesService } from './service.js';
