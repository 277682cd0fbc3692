import type { Actor } from '../auth/policy.js';

interface Learner {
  user_id: string;
}

/**
 * A learner's progress is theirs alone, whatever the caller's role: it is made of the private
 * diary (docs/domain.md «Diary and self-test»), so curators and admins do not read it either.
 */
export function canReadProgress(actor: Actor, learner: Learner): boolean {
  return learner.user_id === actor.id;
}
