import { EMAIL_LINK_TTL_MS } from '@yedyni/contract';
import type { Executor } from '../../infra/db/index.js';
import * as repo from './repo.js';
import { hashResetToken, newResetToken } from './tokens.js';

/**
 * A fresh single-use link confirming `email` for the user, in the caller's transaction; the
 * user's earlier links of the same purpose are spent, so only the newest mail works.
 */
export async function issueEmailLink(
  trx: Executor,
  publicUrl: string,
  link: { userId: string; purpose: 'verify' | 'change'; email: string; now: number },
): Promise<string> {
  await repo.expireEmailTokens(trx, link.userId, link.now, link.purpose);
  const { token, tokenHash } = newResetToken();
  await repo.insertEmailToken(trx, { ...link, tokenHash, expiresAt: link.now + EMAIL_LINK_TTL_MS });
  // Under /uk: opened without a session, it asks to sign in and comes back (the web's previous location).
  return `${publicUrl}/uk/confirm-email/${token}`;
}

/** The row a link's token names is found by its sha256, as reset links are. */
export const hashEmailToken = hashResetToken;
