import { type Actor, isAdmin } from '../auth/policy.js';

/**
 * Certificates are the movement's word that someone learnt: admins set the criteria, see what was
 * issued and revoke (docs/domain.md «Certificates»). Curators run waves but do not certify.
 */
export function canManageCertificates(actor: Actor): boolean {
  return isAdmin(actor);
}

/** A certificate still standing may be revoked, by whoever manages certificates. */
export function canRevokeCertificate(actor: Actor, certificate: { revoked_at: number | null }): boolean {
  return canManageCertificates(actor) && certificate.revoked_at === null;
}
