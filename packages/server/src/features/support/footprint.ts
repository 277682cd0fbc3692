import { randomUUID } from 'node:crypto';
import { addIsoDays, type FootprintEntry, INVITATION_POINTS, kyivDateRange, kyivIsoDate } from '@yedyni/contract';
import { sql } from 'kysely';
import type { Executor } from '../../infra/db/index.js';
import { pageWithTotal } from '../../infra/db/paging.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';

/** A row to add to the ledger. */
export interface NewFootprintEntry {
  userId: string;
  points: number;
  /** Ukrainian, shown in the user's «Укр.слід» history. */
  comment: string;
  /** Names the cause (e.g. `registration:<userId>`); a cause is counted once, ever. */
  sourceKey: string;
  date: number;
}

/**
 * Adds one row to the footprint ledger inside the caller's transaction. The running total is
 * moved by one atomic UPDATE (a row lock on PostgreSQL), so concurrent rows for one user never
 * lose an update, and the source key's unique index makes a repeated cause a no-op.
 * Returns false when the cause had been counted already.
 */
export async function addFootprint(trx: Executor, entry: NewFootprintEntry): Promise<boolean> {
  const inserted = await trx
    .insertInto('mark_entries')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      date: entry.date,
      points: entry.points,
      comment: entry.comment,
      final_value: 0,
      source_key: entry.sourceKey,
    })
    .onConflict((conflict) => conflict.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const { mark } = await trx
    .updateTable('users')
    .set((eb) => ({ mark: eb('mark', '+', entry.points) }))
    .where('id', '=', entry.userId)
    .returning('mark')
    .executeTakeFirstOrThrow();
  await trx.updateTable('mark_entries').set({ final_value: mark }).where('id', '=', inserted.id).execute();
  return true;
}

/**
 * The inviter's INVITATION_POINTS for a new team member, once that member has really started
 * (their first complete self-test) and confirmed their address, not on registration: throwaway
 * accounts made with someone's link earn them nothing. Call it inside the transaction of either
 * cause (the later one pays); the source key is the one registration used before, so a member
 * counted then is never counted again.
 */
export async function creditInvitation(trx: Executor, memberId: string, now: number): Promise<boolean> {
  // The member's row lock (PostgreSQL; SQLite runs one transaction at a time): a self-test and the
  // address's confirmation both take it, so whichever commits second sees both causes and pays.
  await trx
    .updateTable('users')
    .set((eb) => ({ email_verified_at: eb.ref('email_verified_at') }))
    .where('id', '=', memberId)
    .execute();
  const member = await trx
    .selectFrom('users as m')
    .innerJoin('users as i', 'i.id', 'm.inviter_id')
    .select(['m.first_name', 'm.last_name', 'i.id as inviterId'])
    .where('m.id', '=', memberId)
    .where('m.email_verified_at', 'is not', null)
    .where('i.id', '!=', ROOT_USER_ID)
    .executeTakeFirst();
  if (!member) return false;
  return addFootprint(trx, {
    userId: member.inviterId,
    points: INVITATION_POINTS,
    comment: `Новий учасник команди почав навчання: ${member.first_name} ${member.last_name}`,
    sourceKey: `invitation:${memberId}`,
    date: now,
  });
}

/** One page of a user's footprint ledger, newest first, optionally within a range of dates. */
export async function footprintHistory(
  db: Executor,
  userId: string,
  query: { start?: number | undefined; end?: number | undefined; page: number; limit: number },
): Promise<{ mark: FootprintEntry[]; totalPages: number }> {
  let base = db.selectFrom('mark_entries').where('user_id', '=', userId);
  if (query.start !== undefined) base = base.where('date', '>=', query.start);
  if (query.end !== undefined) base = base.where('date', '<=', query.end);
  const offset = (query.page - 1) * query.limit;
  const { rows, total } = await pageWithTotal(
    await base
      .select(['id', 'date', 'points', 'comment', 'final_value', (eb) => eb.fn.countAll<number>().over().as('total')])
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(query.limit)
      .execute(),
    offset,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  );
  return {
    mark: rows.map((r) => ({
      _id: r.id,
      date: r.date,
      points: r.points,
      comment: r.comment,
      finalValue: r.final_value,
    })),
    totalPages: Math.ceil(total / query.limit),
  };
}

/**
 * A user's footprint at the end of each Kyiv day from `fromDay` to `today`, in one query: what the
 * rows before `fromDay` add up to, and the rows since, summed by instant. Kyiv days are counted
 * here rather than in SQL, where neither engine knows when Kyiv's clocks change.
 */
export async function footprintByDay(
  db: Executor,
  userId: string,
  fromDay: string,
  today: string,
): Promise<{ date: string; total: number }[]> {
  const from = kyivDateRange(fromDay).start;
  // Everything before the window is one group (instant 0); the rest keep their instants. The
  // bound is a literal (our own number), so PostgreSQL sees one expression in SELECT and GROUP BY.
  const at = sql<number>`case when ${sql.ref('date')} < ${sql.lit(from)} then 0 else ${sql.ref('date')} end`;
  const rows = await db
    .selectFrom('mark_entries')
    .select([at.as('at'), (eb) => eb.fn.sum<number>('points').as('points')])
    .where('user_id', '=', userId)
    .groupBy(at)
    .execute();
  const byDay = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    if (Number(row.at) < from) total += Number(row.points);
    else {
      const day = kyivIsoDate(Number(row.at));
      byDay.set(day, (byDay.get(day) ?? 0) + Number(row.points));
    }
  }
  const series: { date: string; total: number }[] = [];
  for (let day = fromDay; day <= today; day = addIsoDays(day, 1)) {
    total += byDay.get(day) ?? 0;
    series.push({ date: day, total });
  }
  return series;
}

/** The person's whole ledger, oldest first, for their data export (the history screen pages it newest first). */
export function footprintForExport(db: Executor, userId: string) {
  return db
    .selectFrom('mark_entries')
    .select(['date', 'points', 'comment', 'final_value'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .orderBy('id')
    .execute();
}
