import { type Actor, isAdmin, isCurator } from '../auth/policy.js';

/*
 * The console's rules (DOMAIN.md «Roles»): admins author courses, lessons, game tasks, olympiads
 * and clubs, assign roles, and read payments and the audit log. Curators see the courses they
 * run (every course) to schedule lessons and announce waves — through the courses API.
 */

export function canAdminister(actor: Actor): boolean {
  return isAdmin(actor);
}

export function canOverseeCourses(actor: Actor): boolean {
  return isCurator(actor);
}
