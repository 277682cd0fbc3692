import type { Actor } from '../auth/policy.js';

/**
 * «Мої дані» belong to their owner alone (docs/domain.md «My data»): nobody else (no curator, no
 * admin) requests, reads or downloads a person's export, or deletes their account. The routes
 * name no one's id, so a request can only ever be about the caller; these rules say so again.
 */
export function canDownloadExport(actor: Actor, archive: { user_id: string }): boolean {
  return archive.user_id === actor.id;
}

/** Deleting an account is its owner's own act (after their password and a typed confirmation). */
export function canDeleteAccount(actor: Actor, account: { id: string }): boolean {
  return account.id === actor.id;
}
