/** Progress's public API: «Мій прогрес», read from the other features' own figures. Nothing imports it but the app. */
export { progressRoutes } from './routes.js';
export { ProgressService } from './service.js';
