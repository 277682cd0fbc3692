import { type Actor, isAdmin } from '../auth/policy.js';

/** Everyone's payments, subscriptions and unmatched callbacks: admins only (docs/domain.md «Roles»). */
export function canReadPayments(actor: Actor): boolean {
  return isAdmin(actor);
}
