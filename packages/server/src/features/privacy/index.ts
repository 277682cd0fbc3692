/** «Мої дані»: the export of a person's data and the account's deletion (docs/domain.md «My data»). */
export { privacyRoutes } from './routes.js';
export { PrivacyService, type PrivacySources } from './service.js';
