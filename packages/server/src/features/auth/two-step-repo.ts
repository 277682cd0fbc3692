import { type Executor, inserted } from '../../infra/db/index.js';

/** Kysely queries of two-step sign-in's tables (migration 0029). */

export function findTwoStep(db: Executor, userId: string) {
  return db.selectFrom('two_step').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new secret waiting for its first code; replaces a set-up never confirmed, never one that is on. */
export async function startTwoStep(db: Executor, row: { userId: string; secret: string; now: number }) {
  await db.deleteFrom('two_step').where('user_id', '=', row.userId).where('enabled_at', 'is', null).execute();
  const result = await db
    .insertInto('two_step')
    .values({ user_id: row.userId, secret: row.secret, enabled_at: null, last_step: null, created_at: row.now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return inserted(result);
}

/**
 * Takes a code's 30-second step: only when it is later than every step taken before, so of two
 * uses of one code (or of two codes of one step) exactly one wins.
 */
export async function takeStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function turnOn(db: Executor, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step')
    .set({ enabled_at: now })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function turnOff(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step_tickets').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses a recovery code once: of two simultaneous uses exactly one wins. */
export async function useRecoveryCode(db: Executor, userId: string, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_step_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTicket(
  db: Executor,
  ticket: { tokenHash: string; userId: string; now: number; expiresAt: number },
) {
  // Tickets that ended are of no use to anyone: each new one sweeps its person's old ones.
  await db
    .deleteFrom('two_step_tickets')
    .where('user_id', '=', ticket.userId)
    .where((eb) => eb.or([eb('expires_at', '<=', ticket.now), eb('used_at', 'is not', null)]))
    .execute();
  await db
    .insertInto('two_step_tickets')
    .values({
      token_hash: ticket.tokenHash,
      user_id: ticket.userId,
      created_at: ticket.now,
      expires_at: ticket.expiresAt,
      used_at: null,
    })
    .execute();
}

export function findLiveTicket(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('two_step_tickets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a live ticket once. */
export async function useTicket(db: Executor, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_step_tickets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
