import { kyivDayRange } from '@yedyni/contract';
import { type Db, type Executor, needsRowLocks } from '../../infra/db/index.js';

/**
 * The game's daily cap (GAME_DAILY_POINTS) is shared by rounds and «Повторення» sessions: both
 * write footprint rows under their own key prefix, and the cap sums the rows under either.
 */

/** The key prefix of a round's footprint row; the daily cap sums the rows under it. */
export const GAME_SOURCE = 'game:';
/** The key prefix of a «Повторення» session's footprint row: it shares the game's daily cap. */
export const REPETITION_SOURCE = 'repetition:';

/**
 * Locks the player's row (PostgreSQL; SQLite runs one transaction at a time anyway): their
 * concurrent submissions of rounds and «Повторення» sessions take turns reading what today has
 * counted already, so the shared daily cap holds.
 */
export async function lockPlayer(db: Db, trx: Executor, userId: string): Promise<void> {
  if (needsRowLocks(db)) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  }
}

/** The game and «Повторення» points the footprint has counted on the Kyiv day of `instant`. */
export async function countedGamePoints(trx: Executor, userId: string, instant: number): Promise<number> {
  const { start, end } = kyivDayRange(instant);
  const row = await trx
    .selectFrom('mark_entries')
    .select((eb) => eb.fn.sum<number>('points').as('points'))
    .where('user_id', '=', userId)
    .where('date', '>=', start)
    .where('date', '<=', end)
    .where((eb) =>
      eb.or([eb('source_key', 'like', `${GAME_SOURCE}%`), eb('source_key', 'like', `${REPETITION_SOURCE}%`)]),
    )
    .executeTakeFirst();
  return Number(row?.points ?? 0);
}
