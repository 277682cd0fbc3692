import type { Actor } from '../auth/index.js';

/** A notification is its recipient's alone: nobody else reads it or marks it, whatever their role. */
export function canReadNotification(actor: Actor, notification: { user_id: string }): boolean {
  return notification.user_id === actor.id;
}
