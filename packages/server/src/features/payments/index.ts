/** Payments' public API: donations and subscriptions, and the console's reports. */
export { paymentAdminRoutes } from './admin-routes.js';
export { chargesForExport, forgetDonor, ordersForExport, runningSubscriptionsOf } from './repo.js';
export { PaymentReports } from './reports.js';
export { paymentsRoutes } from './routes.js';
export { PaymentsService } from './service.js';
