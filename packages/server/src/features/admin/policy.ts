import { type Actor, isAdmin, isCurator } from '../auth/policy.js';

/*
 * The console shell's rules (docs/domain.md «Roles»): admins assign roles and read the audit log.
 * Each domain's own console rules live in its policy.ts (courses, game, olympiads, clubs, payments).
 */

/** Who is let through the console's door: admins everywhere; curators where a route lets them in. */
export function canEnterConsole(actor: Actor, curatorsAllowed: boolean): boolean {
  return curatorsAllowed ? isCurator(actor) : isAdmin(actor);
}

/** People in the console: search, enrolments, and role changes (an admin's hand, or the operator's). */
export function canManageUsers(actor: Actor): boolean {
  return isAdmin(actor);
}

export function canReadAudit(actor: Actor): boolean {
  return isAdmin(actor);
}

/** What the account may do in the console, sent with the current user so the web shows its menu and tabs by it. */
export function consoleAbilities(actor: Actor) {
  return { enterConsole: canEnterConsole(actor, true), administerConsole: canEnterConsole(actor, false) };
}
