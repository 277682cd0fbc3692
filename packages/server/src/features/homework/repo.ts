import { sql } from 'kysely';
import type { Executor } from '../../infra/db/index.js';

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
