import type { Role } from '@yedyni/contract';

/*
 * The role predicates every domain's policy.ts is written in (and only they import this file).
 * A service asks its own domain's policy (`can<Verb>(actor, record?)`), never a role.
 */

export interface Actor {
  id: string;
  role: Role;
  /**
   * A curator or admin signed in without two-step sign-in: their staff powers wait for it. Set by
   * the session lookup (AuthService), the one place a caller becomes an actor; an actor made from
   * a stored row to describe someone (a sender's title, who may be muted) carries no session.
   */
  staffWithoutTwoStep?: boolean;
}

/** Curators are moderators; admins can do everything a moderator can. */
export const CURATOR_ROLES: readonly Role[] = ['moderator', 'admin'];

/**
 * Who must use two-step sign-in: everyone whose role sees other people's homework, chats and
 * payments. Until they turn it on, the predicates below hold their staff powers back, so every
 * staff-only rule of every policy refuses them (and the answer says why: authenticate.ts).
 */
export function requiresTwoStep(person: { role: Role }): boolean {
  return CURATOR_ROLES.includes(person.role);
}

export function isCurator(actor: Actor): boolean {
  return CURATOR_ROLES.includes(actor.role) && !actor.staffWithoutTwoStep;
}

export function isAdmin(actor: Actor): boolean {
  return actor.role === 'admin' && !actor.staffWithoutTwoStep;
}

/**
 * Whose changes to their own account (names, address, password) go to the audit log: staff's, by
 * role, before two-step sign-in is on too (a staff account taken over is what the log is for).
 */
export function auditsOwnAccount(actor: Actor): boolean {
  return requiresTwoStep(actor);
}

/** A session is its owner's alone: only they see it or end it, whatever their role. */
export function canEndSession(actor: Actor, session: { user_id: string }): boolean {
  return session.user_id === actor.id;
}
