/** Olympiads' public API. */
export { olympiadAdminRoutes } from './admin-routes.js';
export { olympiadsRoutes } from './routes.js';
export { OlympiadsService } from './service.js';
