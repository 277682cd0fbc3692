/** Notifications' public API: other features call `notify` in their own transaction. */
export { passwordChanged } from './account.js';
export type { AttachmentSource, EmailContent, MadeAttachment } from './mail.js';
// Web Push: the channel, the subscriptions and their routes.
export {
  forgetPushBrowsers,
  MAX_PUSH_SUBSCRIPTIONS,
  PushChannel,
  type PushDelivery,
  PushSubscriptions,
} from './push.js';
export { pushRoutes } from './push-routes.js';
export { forgetRecipient } from './repo.js';
export { notificationsRoutes } from './routes.js';
export {
  type LessonRef,
  type NotificationEvent,
  NotificationService,
  type NotificationSources,
  type PushDeliverer,
} from './service.js';
