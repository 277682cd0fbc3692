/** Clubs' public API: the learners' routes, the console's, and the service. */
export { clubAdminRoutes } from './admin-routes.js';
export { clubsRoutes } from './routes.js';
export { ClubsService } from './service.js';
