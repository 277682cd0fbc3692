/** Certificates' public API: the public and learner routes, the console's, and the service. */
export { certificateAdminRoutes } from './admin-routes.js';
export { renameCertificates } from './repo.js';
export { certificatesRoutes } from './routes.js';
export { CertificatesService } from './service.js';
