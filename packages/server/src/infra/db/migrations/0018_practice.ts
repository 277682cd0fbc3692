import type { Kysely } from 'kysely';

/**
 * The daily habit: each act of real practice (a diary entry, a self-test, homework, a game round,
 * a «Повторення» session, a club attended) is one row on its Kyiv day, keyed by its cause so that a
 * repeated request counts once. Streaks, goals and calendars are computed from these rows when
 * read, so nothing has to run at midnight. A learner's daily goal is a row of its own.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('practice_events')
    .addColumn('source_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The Kyiv date 'YYYY-MM-DD' the practice belongs to.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // The lesson ('<course>:<day>') for diary, self-test and homework, so a goal counts lessons.
    .addColumn('ref', 'varchar(200)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('practice_events_user_day_idx')
    .on('practice_events')
    .columns(['user_id', 'day'])
    .execute();
  // The evening reminder and a wave's analytics read one day across everybody.
  await db.schema.createIndex('practice_events_day_idx').on('practice_events').columns(['day', 'user_id']).execute();
  await db.schema
    .createTable('practice_goals')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('lessons', 'integer', (c) => c.notNull())
    .addColumn('repetitions', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('practice_goals').execute();
  await db.schema.dropTable('practice_events').execute();
}
