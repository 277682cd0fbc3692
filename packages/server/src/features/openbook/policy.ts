import { type Actor, isAdmin } from '../auth/policy.js';

/*
 * «Відкритий звіт» (docs/domain.md «Open book»): the month's page is everybody's, signed in or
 * not, and carries nobody's personal data; a donor's share is read only by that donor (the
 * service reads it for the caller, never for an id in the request).
 */

/** Expenses are the movement's account: admins enter, change and delete them (each audited). */
export function canManageExpenses(actor: Actor): boolean {
  return isAdmin(actor);
}
