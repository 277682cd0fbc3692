import { randomUUID } from 'node:crypto';
import type { Diary } from '@yedyni/contract';
import { type Executor, isUniqueViolation } from '../../infra/db/index.js';
import type { DiaryEntriesTable } from '../../infra/db/schema.js';

export function findDiary(db: Executor, userId: string, courseId: string, day: number) {
  return db
    .selectFrom('diary_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('day', '=', day)
    .executeTakeFirst();
}

/** A learner's entries of one course, by lesson day. */
export function diariesOf(db: Executor, userId: string, courseId: string) {
  return db
    .selectFrom('diary_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .orderBy('day')
    .execute();
}

export function insertDiary(
  db: Executor,
  entry: Pick<DiaryEntriesTable, 'user_id' | 'course_id' | 'day' | 'date' | 'entry' | 'plan'> & { now: number },
) {
  const { now, ...fields } = entry;
  const id = randomUUID();
  return db
    .insertInto('diary_entries')
    .values({ ...fields, id, test: null, test_version: 0, created_at: now, updated_at: now })
    .execute()
    .then(() => id);
}

export function diaryView(row: DiaryEntriesTable): Diary {
  return {
    courseId: row.course_id,
    lessonId: String(row.day),
    date: row.date,
    entry: row.entry,
    plan: row.plan,
    test: row.test,
  };
}

/** Days of the lessons a learner has a diary entry for, per course. */
export async function diaryDaysOf(db: Executor, userId: string): Promise<Map<string, Set<number>>> {
  const rows = await db
    .selectFrom('diary_entries')
    .select(['course_id', 'day'])
    .where('user_id', '=', userId)
    .execute();
  const days = new Map<string, Set<number>>();
  for (const row of rows) {
    const set = days.get(row.course_id) ?? new Set<number>();
    set.add(row.day);
    days.set(row.course_id, set);
  }
  return days;
}

/**
 * Every diary entry of a learner, all courses, in one query: the lesson, the date written about,
 * the self-test score, and whether anything was written (a self-test alone makes an empty entry).
 */
export async function diaryEntriesOf(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('diary_entries')
    .select(['course_id', 'day', 'date', 'test', 'entry', 'plan'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map(({ entry, plan, ...row }) => ({ ...row, written: entry.trim() !== '' || plan.trim() !== '' }));
}

/**
 * Records a lesson's first complete self-test score in its diary entry (made, empty, if missing),
 * inside the caller's transaction. The entry's `test` is set once, from null, so concurrent
 * submissions never count twice. Returns the entry's id when this score counted, `null` when a
 * score had counted already, and `undefined` when another tab got in between (try again).
 */
export async function recordFirstTest(
  trx: Executor,
  test: { userId: string; courseId: string; day: number; date: string; score: number; now: number },
): Promise<string | null | undefined> {
  const { userId, courseId, day, now } = test;
  let entry = await findDiary(trx, userId, courseId, day);
  if (!entry) {
    try {
      await insertDiary(trx, { user_id: userId, course_id: courseId, day, date: test.date, entry: '', plan: '', now });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
    entry = await findDiary(trx, userId, courseId, day);
    if (!entry) return undefined;
  }
  if (entry.test !== null) return null;
  const updated = await trx
    .updateTable('diary_entries')
    .set({ test: test.score, test_version: entry.test_version + 1, updated_at: now })
    .where('id', '=', entry.id)
    .where('test', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n ? entry.id : undefined;
}

/** Every diary entry of a person, as their data export gives it back (docs/domain.md «My data»). */
export function diaryForExport(db: Executor, userId: string) {
  return db
    .selectFrom('diary_entries as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .select(['c.title as course', 'd.day', 'd.date', 'd.entry', 'd.plan', 'd.test', 'd.created_at', 'd.updated_at'])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at')
    .execute();
}

/**
 * An account's deletion: the diary is the learner's own words about themselves, so it goes
 * whole (no one else's conversation depends on it). Inside the deletion's one transaction, so
 * a deletion never stops halfway with the diary left behind.
 */
export async function forgetLearnerDiary(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('diary_entries').where('user_id', '=', userId).execute();
}

/** Whether the learner has a scored self-test anywhere: they have really started (an inviter's points wait for it). */
export async function hasScoredSelfTest(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('diary_entries')
    .select('id')
    .where('user_id', '=', userId)
    .where('test', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
