import { type Actor, isCurator } from '../auth/policy.js';

/**
 * Wave analytics show who is falling behind, by name: the people who run waves (curators and
 * admins) see them and nudge; learners see no one's but their own progress.
 */
export function canSeeWaveAnalytics(actor: Actor): boolean {
  return isCurator(actor);
}

export function canNudge(actor: Actor): boolean {
  return isCurator(actor);
}
