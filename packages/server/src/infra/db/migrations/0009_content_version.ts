import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Tables whose rows make up what a course page shows of its lessons. */
const CONTENT_TABLES = ['lessons', 'lesson_schedules'] as const;

/**
 * `courses.content_version` goes up with every change to a course's lessons or lesson schedules,
 * by trigger, so that every way of writing them (the console, the content import, a restore, a
 * hand-made UPDATE) is counted in the same transaction. Instances keep a course's lessons in
 * memory under this number (features/courses/content-cache.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      CREATE FUNCTION bump_course_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE courses SET content_version = content_version + 1 WHERE id = OLD.course_id;
        END IF;
        IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.course_id IS DISTINCT FROM OLD.course_id) THEN
          UPDATE courses SET content_version = content_version + 1 WHERE id = NEW.course_id;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    for (const table of CONTENT_TABLES) {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_content_version`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION bump_course_content_version()`.execute(db);
    }
    return;
  }
  for (const table of CONTENT_TABLES) await bumpOnSqlite(db, table);
}

/** SQLite's three triggers raising `courses.content_version` with each change to `table` (also 0034). */
// biome-ignore lint/suspicious/noExplicitAny: as up()
export async function bumpOnSqlite(db: Kysely<any>, table: string): Promise<void> {
  for (const [event, rows] of [
    ['INSERT', ['NEW']],
    ['UPDATE', ['OLD', 'NEW']],
    ['DELETE', ['OLD']],
  ] as const) {
    const courses = rows.map((row) => `${row}.course_id`).join(', ');
    await sql
      .raw(
        `CREATE TRIGGER ${table}_content_version_${event.toLowerCase()} AFTER ${event} ON ${table}
         BEGIN UPDATE courses SET content_version = content_version + 1 WHERE id IN (${courses}); END`,
      )
      .execute(db);
  }
}
