import { type Actor, isAdmin } from '../auth/policy.js';

/** The game's and olympiads' task base is written by admins (docs/domain.md «Roles»). */
export function canAuthorTasks(actor: Actor): boolean {
  return isAdmin(actor);
}
