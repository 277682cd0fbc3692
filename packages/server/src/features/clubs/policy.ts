import { type Actor, isAdmin } from '../auth/policy.js';

/** Clubs are run by admins (docs/domain.md «Roles»): create, edit, see who signed up. */
export function canManageClubs(actor: Actor): boolean {
  return isAdmin(actor);
}

/** An online club's link is its address; a city club's link (if any) only for those signed up, and admins. */
export function canSeeLink(actor: Actor, club: { city: string }, signedUp: boolean): boolean {
  return club.city === '' || signedUp || canManageClubs(actor);
}

/**
 * Who marks attendance: the admins who run clubs. A club's host is a free-text name, not an
 * account, so no curator can be told apart as its host; attendance gives streak days, so it stays
 * with the people who already manage clubs.
 */
export function canMarkAttendance(actor: Actor): boolean {
  return canManageClubs(actor);
}
