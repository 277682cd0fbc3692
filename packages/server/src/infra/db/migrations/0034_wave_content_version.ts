import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { bumpOnSqlite } from './0009_content_version.js';

/**
 * A course's waves (their labels and start dates) join its lessons and lesson schedules under
 * `courses.content_version` (migration 0009): the same trigger raises it with every insert,
 * update or delete of `course_waves`, in the writer's transaction, so the instances' course cache
 * (features/courses/content-cache.ts) keeps the waves too and a course page reads one row
 * instead of three (issue 23).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      CREATE TRIGGER course_waves_content_version
      AFTER INSERT OR UPDATE OR DELETE ON course_waves
      FOR EACH ROW EXECUTE FUNCTION bump_course_content_version()`.execute(db);
    return;
  }
  await bumpOnSqlite(db, 'course_waves');
}

// biome-ignore lint/suspicious/noExplicitAny: as up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER course_waves_content_version ON course_waves`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER course_waves_content_version_${event}`).execute(db);
  }
}
