import type { Role } from '@yedyni/contract';

/*
 * The role predicates every domain's policy.ts is written in (and only they import this file).
 * A service asks its own domain's policy (`can<Verb>(actor, record?)`), never a role.
 */

export interface Actor {
  id: string;
  role: Role;
}

/** Curators are moderators; admins can do everything a moderator can. */
export const CURATOR_ROLES: readonly Role[] = ['moderator', 'admin'];

export function isCurator(actor: Actor): boolean {
  return CURATOR_ROLES.includes(actor.role);
}

export function isAdmin(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** Whose changes to their own account (names, address, password) go to the audit log: staff's. */
export function auditsOwnAccount(actor: Actor): boolean {
  return isCurator(actor);
}

/** A session is its owner's alone: only they see it or end it, whatever their role. */
export function canEndSession(actor: Actor, session: { user_id: string }): boolean {
  return session.user_id === actor.id;
}
