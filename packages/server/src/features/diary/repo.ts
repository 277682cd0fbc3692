import { randomUUID } from 'node:crypto';
import type { Diary } from '@yedyni/contract';
import type { Executor } from '../../infra/db/index.js';
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
