import { kyivIsoDate, LESSON_PRACTICE, type PracticeKind } from '@yedyni/contract';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from '../../infra/db/index.js';

/** One act of real practice, recorded by the feature where it happened. */
export interface Practice {
  userId: string;
  kind: PracticeKind;
  /** Names the cause (e.g. `game:<round>`); a cause is counted once, however often it is raised. */
  sourceKey: string;
  /** When it happened; its Kyiv date is the day it counts for, unless `day` says otherwise. */
  at: number;
  /** The Kyiv date it counts for when that is not the date of `at` (a club attended on its own day). */
  day?: string;
  /** The lesson as '<course>:<day>', for diary, self-test and homework (the goal counts lessons). */
  lesson?: string;
}

/**
 * Records practice inside the caller's transaction, so a change that rolls back counts for
 * nothing. A repeated cause is a no-op (the source key is the primary key). Returns false then.
 */
export async function recordPractice(trx: Executor, practice: Practice): Promise<boolean> {
  const inserted = await trx
    .insertInto('practice_events')
    .values({
      source_key: practice.sourceKey,
      user_id: practice.userId,
      day: practice.day ?? kyivIsoDate(practice.at),
      kind: practice.kind,
      ref: practice.lesson ?? null,
      at: practice.at,
    })
    .onConflict((c) => c.column('source_key').doNothing())
    .returning('source_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Takes back practice whose cause was undone (a club attendance unmarked). */
export async function forgetPractice(trx: Executor, sourceKey: string): Promise<void> {
  await trx.deleteFrom('practice_events').where('source_key', '=', sourceKey).execute();
}

/** The Kyiv dates on which each of these people practised, from `fromDay` on: one query for any number of people. */
export async function practiceDays(db: Executor, userIds: string[], fromDay: string): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('practice_events')
    .select(['user_id', 'day'])
    .distinct()
    .where('user_id', 'in', userIds)
    .where('day', '>=', fromDay)
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push(row.day);
  return byUser;
}

/**
 * How many distinct people of `members` (a subquery of enrolments, so no list of ids travels) did
 * each lesson practice on each of these lessons ('<course>:<day>'): one grouped query on the
 * practice's lesson index, whatever the number of people.
 */
export async function lessonPracticeCounts<DB, TB extends keyof DB>(
  db: Executor,
  lessons: string[],
  members: SelectQueryBuilder<DB, TB, { user_id: string }>,
): Promise<{ lesson: string; kind: PracticeKind; people: number }[]> {
  if (lessons.length === 0) return [];
  const rows = await db
    .selectFrom('practice_events')
    .select(['ref', 'kind', (eb) => eb.fn.count<number | string>('user_id').distinct().as('people')])
    .where('ref', 'in', lessons)
    .where('kind', 'in', [...LESSON_PRACTICE])
    .where('user_id', 'in', members)
    .groupBy(['ref', 'kind'])
    .execute();
  return rows.map((r) => ({ lesson: r.ref ?? '', kind: r.kind as PracticeKind, people: Number(r.people) }));
}

/** Whether the person in `userColumn` practised on `fromDay` or later (a correlated test on the (user, day) index). */
export function practisedSince(userColumn: string, fromDay: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from practice_events p where p.user_id = ${sql.ref(userColumn)} and p.day >= ${fromDay})`;
}

/** The Kyiv date of the last practice of the person in `userColumn` (null when none), from the (user, day) index. */
export function lastPracticeDay(userColumn: string): RawBuilder<string | null> {
  return sql<string | null>`(select max(p.day) from practice_events p where p.user_id = ${sql.ref(userColumn)})`;
}
