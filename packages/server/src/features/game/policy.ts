import { type Actor, isAdmin } from '../auth/policy.js';

/** The game's and olympiads' task base is written by admins (docs/domain.md «Roles»). */
export function canAuthorTasks(actor: Actor): boolean {
  return isAdmin(actor);
}

/** A «Повторення» session is its learner's own: nobody else reads or answers it (404, as if absent). */
export function canPlayRepetition(actor: Actor, session: { user_id: string }): boolean {
  return session.user_id === actor.id;
}
