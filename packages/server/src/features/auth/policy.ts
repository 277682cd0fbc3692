import type { Role } from '@yedyni/contract';

export interface Actor {
  id: string;
  role: Role;
}

/** Curators are moderators; admins can do everything a moderator can. */
export function isCurator(actor: Actor): boolean {
  return actor.role === 'moderator' || actor.role === 'admin';
}

export function isAdmin(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** Roles change only by an admin's hand (over the admin API) or the operator's command line. */
export function canChangeRole(actor: Actor): boolean {
  return isAdmin(actor);
}
