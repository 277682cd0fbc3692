import type { Executor } from '../../infra/db/index.js';
import type { PaymentOrdersTable } from '../../infra/db/schema.js';
import { isOwnSubscription } from './policy.js';

/** A Kyiv day range from the query: either end may be open. */
export interface Range {
  start?: number | undefined;
  end?: number | undefined;
}

/** A new order before the payer leaves for the checkout: what it is for; the rest comes from the provider. */
export function pendingOrder(
  fields: Pick<PaymentOrdersTable, 'order_id' | 'user_id' | 'subscribe' | 'amount_kop' | 'info' | 'created_at'> &
    Partial<Pick<PaymentOrdersTable, 'resumes_order_id' | 'offer_accepted_at'>>,
): PaymentOrdersTable {
  return {
    status: 'pending',
    offer_accepted_at: fields.created_at,
    subscribed_at: null,
    unsubscribed_at: null,
    paused_at: null,
    resume_at: null,
    resumes_order_id: null,
    pending_change: null,
    pending_amount_kop: null,
    pending_resume_at: null,
    pending_since: null,
    charge_failed_at: null,
    restarted_to: null,
    ...fields,
  };
}

export function findOrder(db: Executor, orderId: string) {
  return db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The caller's own subscription by its order id (policy.ts `isOwnSubscription`), else undefined. */
export async function findOwnSubscription(db: Executor, userId: string, orderId: string) {
  const order = await findOrder(db, orderId);
  return order && isOwnSubscription(userId, order) ? order : undefined;
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
    .where('status', 'in', ['subscribed', 'paused', 'unsubscribed']);
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

/**
 * The monthly donations still running at the provider, and the paused ones (which would be told
 * to resume): an account's deletion cancels each first.
 */
export function runningSubscriptionsOf(db: Executor, userId: string) {
  return db
    .selectFrom('payment_orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('subscribe', '=', 1)
    .where('status', 'in', ['subscribed', 'paused'])
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

/** The columns of a charge that its receipt shows, with the payer's name. */
const RECEIPT_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.payment_id',
  'p.order_id',
  'p.action',
  'p.amount_kop',
  'p.end_date',
  'p.card_mask',
  'p.reversed_at',
  'u.first_name',
  'u.last_name',
] as const;

/** One charge, refunded or not, by our id (the history's `_id`) or by the provider's `payment_id`. */
export function chargeForReceipt(db: Executor, by: { id: string } | { paymentId: string }) {
  return db
    .selectFrom('payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(RECEIPT_COLUMNS)
    .where('id' in by ? 'p.id' : 'p.payment_id', '=', 'id' in by ? by.id : by.paymentId)
    .executeTakeFirst();
}
