import { type Actor, isAdmin } from '../auth/policy.js';

/** Olympiads are scheduled, changed and removed by admins (docs/domain.md «Roles»); everyone takes part. */
export function canManageOlympiads(actor: Actor): boolean {
  return isAdmin(actor);
}
