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
