import { sql } from 'kysely';
import type { Executor } from '../../infra/db/index.js';
import { forgetFiles } from '../files/index.js';

/**
 * A learner's homework, all courses, in one query: the lesson, whether it is handed in (it has
 * text or a file; emptied homework is not) and its rating. The text itself is not read.
 */
export async function homeworkOf(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('exercises')
    .select([
      'course_id',
      'day',
      'rating',
      sql<number>`case when homework <> '' or file_id is not null then 1 else 0 end`.as('handed_in'),
    ])
    .where('user_id', '=', userId)
    .execute();
  return rows.map(({ handed_in, ...row }) => ({ ...row, handedIn: Number(handed_in) === 1 }));
}

/** A person's homework with its file, as their data export gives it back (docs/domain.md «My data»). */
export function homeworkForExport(db: Executor, userId: string) {
  return db
    .selectFrom('exercises as x')
    .innerJoin('courses as c', 'c.id', 'x.course_id')
    .leftJoin('files as f', 'f.id', 'x.file_id')
    .select([
      'x.id',
      'c.title as course',
      'x.day',
      'x.homework',
      'x.rating',
      'x.created_at',
      'x.updated_at',
      'f.storage_key',
      'f.name as file_name',
    ])
    .where('x.user_id', '=', userId)
    .orderBy('x.created_at')
    .execute();
}

/** The comments on a person's homework (theirs and the curators' answers to them), with their files, for the export. */
export function homeworkCommentsForExport(db: Executor, userId: string) {
  return db
    .selectFrom('exercise_comments as m')
    .innerJoin('exercises as x', 'x.id', 'm.exercise_id')
    .innerJoin('users as a', 'a.id', 'm.author_id')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'm.exercise_id',
      'm.author_id',
      'a.first_name',
      'a.last_name',
      'm.comment',
      'm.created_at',
      'f.storage_key',
      'f.name as file_name',
    ])
    .where('x.user_id', '=', userId)
    .orderBy('m.created_at')
    .execute();
}

/**
 * An account's deletion, inside its one transaction: the files of the person's homework and of
 * their own comments go (what they uploaded may show them), while the texts stay, so a
 * curator's review and the conversation under it still read. Returns the storage keys whose
 * bytes to remove after the commit (a rollback must not have lost them).
 */
export async function forgetHomeworkFiles(trx: Executor, userId: string): Promise<string[]> {
  const [own, comments] = await Promise.all([
    trx
      .selectFrom('exercises')
      .select('file_id')
      .where('user_id', '=', userId)
      .where('file_id', 'is not', null)
      .execute(),
    trx
      .selectFrom('exercise_comments')
      .select('file_id')
      .where('author_id', '=', userId)
      .where('file_id', 'is not', null)
      .execute(),
  ]);
  await trx.updateTable('exercises').set({ file_id: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('exercise_comments').set({ file_id: null }).where('author_id', '=', userId).execute();
  return forgetFiles(
    trx,
    [...own, ...comments].map((r) => r.file_id),
  );
}
