/** Analytics' public API: wave analytics and the nudge (curators and admins). */
export { analyticsRoutes } from './routes.js';
export { AnalyticsService } from './service.js';
