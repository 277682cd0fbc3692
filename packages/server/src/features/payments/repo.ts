import type { Executor } from '../../infra/db/index.js';

/** A Kyiv day range from the query: either end may be open. */
export interface Range {
  start?: number | undefined;
  end?: number | undefined;
}

export function findOrder(db: Executor, orderId: string) {
  return db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Successful, not refunded charges of a user, optionally of one order, within a range of end dates. */
export function chargesOf(db: Executor, userId: string, range: Range, orderId?: string) {
  let query = db.selectFrom('payments').where('user_id', '=', userId).where('reversed_at', 'is', null);
  if (orderId) query = query.where('order_id', '=', orderId);
  if (range.start !== undefined) query = query.where('end_date', '>=', range.start);
  if (range.end !== undefined) query = query.where('end_date', '<=', range.end);
  return query;
}

/** A user's subscriptions that started (the provider confirmed them), by start date. */
export function subscriptionsOf(db: Executor, userId: string, range: Range) {
  let query = db
    .selectFrom('payment_orders')
    .where('user_id', '=', userId)
    .where('subscribe', '=', 1)
    .where('status', 'in', ['subscribed', 'unsubscribed']);
  if (range.start !== undefined) query = query.where('subscribed_at', '>=', range.start);
  if (range.end !== undefined) query = query.where('subscribed_at', '<=', range.end);
  return query;
}

/** The last successful charge of each order. */
export async function lastChargeDates(db: Executor, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select(['order_id', (eb) => eb.fn.max<number>('end_date').as('last')])
    .where('order_id', 'in', orderIds)
    .where('reversed_at', 'is', null)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.last)]));
}

/** A person's orders (one-off and monthly), as their data export gives them back (docs/domain.md «My data»). */
export function ordersForExport(db: Executor, userId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['order_id', 'subscribe', 'amount_kop', 'info', 'status', 'created_at', 'subscribed_at', 'unsubscribed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** A person's charges, refunded ones too, for the export. */
export function chargesForExport(db: Executor, userId: string) {
  return db
    .selectFrom('payments')
    .select(['order_id', 'action', 'amount_kop', 'description', 'info', 'end_date', 'card_mask', 'reversed_at'])
    .where('user_id', '=', userId)
    .orderBy('end_date')
    .execute();
}

/** The monthly donations still running at the provider: an account's deletion cancels each first. */
export function runningSubscriptionsOf(db: Executor, userId: string) {
  return db
    .selectFrom('payment_orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('subscribe', '=', 1)
    .where('status', '=', 'subscribed')
    .execute();
}

/**
 * An account's deletion, inside its one transaction: orders and charges stay with their sums,
 * dates and card masks (accounting law keeps them), but lose the donor's own words, the one
 * thing in them that may name or describe the person.
 */
export async function forgetDonor(trx: Executor, userId: string): Promise<void> {
  await trx.updateTable('payment_orders').set({ info: '' }).where('user_id', '=', userId).execute();
  await trx.updateTable('payments').set({ info: '' }).where('user_id', '=', userId).execute();
}
