import type { Executor } from '../../infra/db/index.js';

/*
 * Privacy's own tables: the exports and the deletions. What the export reads and what the
 * deletion rewrites in the other domains, each owning feature does through its index.ts
 * (docs/domain.md «My data»); the service only orchestrates them.
 */

// --- exports --------------------------------------------------------------------------------

export function findExport(db: Executor, userId: string) {
  return db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function expiredExports(db: Executor, now: number) {
  return db
    .selectFrom('data_exports')
    .select(['user_id', 'storage_key', 'expires_at'])
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
}

export async function claimedExportKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('data_exports').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.storage_key ?? ''));
}

// --- deletion -------------------------------------------------------------------------------

export function findDeletion(db: Executor, userId: string) {
  return db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function dueDeletions(db: Executor, now: number) {
  return db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(20)
    .execute();
}

/** Takes a due deletion for this run (once: a second run, or a sign-in that won the race, finds nothing). */
export async function claimDeletion(trx: Executor, userId: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('account_deletions')
    .set({ done_at: now })
    .where('user_id', '=', userId)
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
