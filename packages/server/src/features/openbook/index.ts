/** «Відкритий звіт»'s public API: the public and donor routes, the console's, and the service. */
export { openbookAdminRoutes } from './admin-routes.js';
export { openbookRoutes } from './routes.js';
export { OpenbookService } from './service.js';
