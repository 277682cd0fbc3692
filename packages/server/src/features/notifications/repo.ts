import type { Executor } from '../../infra/db/index.js';
import type { NotificationDeliveriesTable, NotificationsTable } from '../../infra/db/schema.js';

export type NotificationRow = NotificationsTable;
export type DeliveryRow = NotificationDeliveriesTable;

export async function insertNotification(db: Executor, row: NotificationRow): Promise<boolean> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function storedPreferences(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('preferences')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.preferences;
}

export async function savePreferences(db: Executor, userId: string, preferences: string, now: number) {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, preferences, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences, updated_at: now }))
    .execute();
}

/** Unread and told by `now` (a held one, `created_at` still ahead, is not there yet). */
export async function unreadCount(db: Executor, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('created_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of what was told by `now`, newest first. */
export function listOf(db: Executor, userId: string, now: number, limit: number, offset: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'category', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('created_at', '<=', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Takes a delivery to send: pending, or sending under a lease that ran out (its sender died).
 * Atomic, so of two instances holding the same job only one sends.
 */
export async function claimDelivery(db: Executor, id: string, wallNow: number, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .updateTable('notification_deliveries')
    .set((eb) => ({ status: 'sending', lease_until: wallNow + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', wallNow)])]),
    )
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

export async function finishDelivery(
  db: Executor,
  id: string,
  fields: Pick<DeliveryRow, 'status'> & Partial<Pick<DeliveryRow, 'sent_at' | 'last_error'>>,
) {
  await db
    .updateTable('notification_deliveries')
    .set({ ...fields, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * An account's deletion, inside its one transaction: the in-app list (their deliveries go with
 * it) and the preferences are about no one but the person, and a deleted account is never told
 * anything again, so both go whole.
 */
export async function forgetRecipient(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
}
