import { type Actor, isAdmin } from '../auth/policy.js';

/** Everyone's payments, subscriptions and unmatched callbacks: admins only (docs/domain.md «Roles»). */
export function canReadPayments(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * A subscription is its donor's alone to see, change, pause, resume, restart or cancel: a one-off
 * order, a checkout never paid, or anyone else's is as if it did not exist (404), whatever the role.
 */
export function isOwnSubscription(
  userId: string,
  order: { user_id: string; subscribe: number; status: string } | undefined,
): boolean {
  return order !== undefined && order.user_id === userId && order.subscribe === 1 && order.status !== 'pending';
}

/** A payment's receipt and the yearly statement are the payer's own: nobody else's, not even an admin's. */
export function canReadReceipt(actor: Actor, payment: { user_id: string }): boolean {
  return payment.user_id === actor.id;
}
