/** Notifications' public API: other features call `notify` in their own transaction. */
export type { EmailContent } from './mail.js';
export { notificationsRoutes } from './routes.js';
export {
  type LessonRef,
  type NotificationEvent,
  NotificationService,
  type NotificationSources,
  type PushChannel,
} from './service.js';
