/** Payments' public API: donations and subscriptions, and the console's reports. */
export { paymentAdminRoutes } from './admin-routes.js';
export { paymentDocumentRoutes } from './document-routes.js';
export { PaymentDocuments, RECEIPT_ATTACHMENT } from './documents.js';
export {
  chargesForExport,
  findOrder,
  forgetDonor,
  ordersForExport,
  pendingOrder,
  runningSubscriptionsOf,
} from './repo.js';
export { PaymentReports } from './reports.js';
export { paymentsRoutes } from './routes.js';
export { PaymentsService } from './service.js';
export { SUBSCRIPTION_CHANGES_PER_HOUR } from './subscription-changes.js';
