import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * What the curators' queue and history show, under a number (features/homework/queue-cache.ts):
 * `review_version.version` goes up, by trigger, in the same transaction as any change to what those
 * pages read: a homework's waiting, review, mark, lesson, course or claim; a comment (the «last
 * word»); a learner's wave in a course they have homework in; a name; a course's title or promised
 * reply time. Instances keep the pages they answered under the number they read before reading
 * them, so nobody is shown a page older than the number they saw, on any instance.
 *
 * Two rows: 1 counts every such change but claims, 2 counts claims (taken, renewed, let go). A
 * curator opening work changes the queue, not the history: the history is kept under row 1 alone.
 *
 * Also the index the cache asks «when does the next claim lapse?» (a lapsed claim changes the
 * «неназначені» and «мої» pages without any write), and the reviewed index made covering, so that
 * the history's count reads the index alone.
 */
const WORK = 1;
const CLAIMS = 2;
const CLAIM_COLUMNS = ['claimed_by', 'claim_until'];
const WATCHED: readonly { table: string; columns: readonly string[] }[] = [
  { table: 'exercises', columns: ['waiting_since', 'reviewed_at', 'rating', 'course_id', 'day', 'user_id'] },
  { table: 'exercise_comments', columns: ['comment', 'author_id', 'exercise_id'] },
  { table: 'enrollments', columns: ['wave', 'user_id', 'course_id'] },
  { table: 'users', columns: ['first_name', 'last_name', 'search'] },
  { table: 'courses', columns: ['title', 'reply_target_hours'] },
];
/** Rows whose coming and going changes a page; a new enrolment does only where homework already is. */
const ROWS_COUNT = ['exercises', 'exercise_comments', 'enrollments', 'courses'];

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('review_version')
    .values([
      { id: WORK, version: 0 },
      { id: CLAIMS, version: 0 },
    ])
    .execute();
  await db.schema
    .createIndex('exercises_claim_until')
    .on('exercises')
    .column('claim_until')
    .where('claim_until', 'is not', null)
    .execute();
  await db.schema.dropIndex('exercises_reviewed').execute();
  await db.schema
    .createIndex('exercises_reviewed')
    .on('exercises')
    .columns(['reviewed_at', 'id', 'waiting_since', 'course_id', 'user_id'])
    .execute();

  const bumpOf = (row: number) => `UPDATE review_version SET version = version + 1 WHERE id = ${row}`;
  const bump = bumpOf(WORK);
  const changed = (columns: readonly string[], distinct: string) =>
    columns.map((c) => `OLD.${c} ${distinct} NEW.${c}`).join(' OR ');
  const hasHomework = (row: 'NEW' | 'OLD') =>
    `EXISTS (SELECT 1 FROM exercises e WHERE e.user_id = ${row}.user_id AND e.course_id = ${row}.course_id)`;

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`CREATE FUNCTION bump_review_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${bump}; RETURN NULL; END $$`)
      .execute(db);
    // A trigger's WHEN cannot hold a subquery: the enrolment's own function asks.
    await sql
      .raw(`CREATE FUNCTION bump_review_version_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (TG_OP = 'INSERT' AND ${hasHomework('NEW')}) OR (TG_OP = 'DELETE' AND ${hasHomework('OLD')}) THEN
            ${bump};
          END IF;
          RETURN NULL;
        END $$`)
      .execute(db);
    await sql
      .raw(`CREATE FUNCTION bump_review_claims_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${bumpOf(CLAIMS)}; RETURN NULL; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER exercises_review_claims_version AFTER UPDATE ON exercises FOR EACH ROW
            WHEN (${changed(CLAIM_COLUMNS, 'IS DISTINCT FROM')}) EXECUTE FUNCTION bump_review_claims_version()`)
      .execute(db);
    for (const { table, columns } of WATCHED) {
      await sql
        .raw(`CREATE TRIGGER ${table}_review_version_update AFTER UPDATE ON ${table} FOR EACH ROW
              WHEN (${changed(columns, 'IS DISTINCT FROM')}) EXECUTE FUNCTION bump_review_version()`)
        .execute(db);
    }
    for (const table of ROWS_COUNT) {
      // Once per statement: a bulk insert or a cascade raises the number once, not per row.
      await sql
        .raw(
          table === 'enrollments'
            ? `CREATE TRIGGER enrollments_review_version_rows AFTER INSERT OR DELETE ON enrollments
               FOR EACH ROW EXECUTE FUNCTION bump_review_version_enrollment()`
            : `CREATE TRIGGER ${table}_review_version_rows AFTER INSERT OR DELETE ON ${table}
               FOR EACH STATEMENT EXECUTE FUNCTION bump_review_version()`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(`CREATE TRIGGER exercises_review_claims_version AFTER UPDATE ON exercises
          WHEN ${changed(CLAIM_COLUMNS, 'IS NOT')} BEGIN ${bumpOf(CLAIMS)}; END`)
    .execute(db);
  for (const { table, columns } of WATCHED) {
    await sql
      .raw(`CREATE TRIGGER ${table}_review_version_update AFTER UPDATE ON ${table}
            WHEN ${changed(columns, 'IS NOT')} BEGIN ${bump}; END`)
      .execute(db);
  }
  for (const table of ROWS_COUNT) {
    for (const [event, row] of [
      ['INSERT', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      const when = table === 'enrollments' ? `WHEN ${hasHomework(row)}` : '';
      await sql
        .raw(`CREATE TRIGGER ${table}_review_version_${event.toLowerCase()} AFTER ${event} ON ${table}
              ${when} BEGIN ${bump}; END`)
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql
    .raw(
      postgres
        ? 'DROP TRIGGER exercises_review_claims_version ON exercises'
        : 'DROP TRIGGER exercises_review_claims_version',
    )
    .execute(db);
  for (const { table } of WATCHED) {
    const names = postgres
      ? [`${table}_review_version_update`, ...(ROWS_COUNT.includes(table) ? [`${table}_review_version_rows`] : [])]
      : [
          `${table}_review_version_update`,
          ...(ROWS_COUNT.includes(table) ? [`${table}_review_version_insert`, `${table}_review_version_delete`] : []),
        ];
    for (const name of names) {
      await sql.raw(postgres ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`).execute(db);
    }
  }
  if (postgres) {
    await sql.raw('DROP FUNCTION bump_review_version_enrollment()').execute(db);
    await sql.raw('DROP FUNCTION bump_review_version()').execute(db);
    await sql.raw('DROP FUNCTION bump_review_claims_version()').execute(db);
  }
  await db.schema.dropIndex('exercises_reviewed').execute();
  await db.schema.createIndex('exercises_reviewed').on('exercises').columns(['reviewed_at', 'id']).execute();
  await db.schema.dropIndex('exercises_claim_until').execute();
  await db.schema.dropTable('review_version').execute();
}
