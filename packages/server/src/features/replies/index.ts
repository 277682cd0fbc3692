/** Saved replies' public API. */
export { repliesRoutes } from './routes.js';
export { RepliesService } from './service.js';
