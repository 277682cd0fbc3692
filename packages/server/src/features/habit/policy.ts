import type { Actor } from '../auth/index.js';

/**
 * The habit is one's own (docs/domain.md «The daily habit»): a person reads their own streak and
 * sets their own goal; nobody, admins included, reads or sets another's. The service's queries
 * take the caller's id, so no id from a request ever names whose habit it is.
 */
export function canKeepHabit(actor: Actor, ownerId: string): boolean {
  return actor.id === ownerId;
}
