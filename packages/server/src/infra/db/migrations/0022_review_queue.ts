import { type Kysely, sql } from 'kysely';

/**
 * The curators' review queue (docs/domain.md «Homework and review»): when a homework last began
 * waiting (the queue's order), who holds its claim and until when (a time, so a claim lapses by
 * itself), when a curator last answered it (the history's order), a target reply time per course,
 * and the reply log the reply-time report is computed from.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exercises').addColumn('waiting_since', 'bigint').execute();
  await db.schema.alterTable('exercises').addColumn('reviewed_at', 'bigint').execute();
  // Not a foreign key: SQLite cannot add one to an existing table; a lapsed or gone holder is no holder.
  await db.schema.alterTable('exercises').addColumn('claimed_by', 'varchar(36)').execute();
  await db.schema.alterTable('exercises').addColumn('claim_until', 'bigint').execute();
  // Waiting work began waiting at its last change, the best the old rows know.
  await db.updateTable('exercises').set({ waiting_since: sql`updated_at` }).where('status', '=', 'active').execute();
  await db
    .updateTable('exercises')
    .set({ reviewed_at: sql`updated_at` })
    .where('status', '=', 'inactive')
    .where((eb) =>
      eb.or([
        eb('rating', 'is not', null),
        eb.exists(
          eb
            .selectFrom('exercise_comments as c')
            .select('c.id')
            .whereRef('c.exercise_id', '=', 'exercises.id')
            .whereRef('c.author_id', '!=', 'exercises.user_id'),
        ),
      ]),
    )
    .execute();
  // The queue's page in order, and its count from the index alone: every column a queue filter
  // reads is in it (counting 10,000 waiting rows through the table took 12 ms on SQLite, 0.4 here).
  const filtered = ['user_id', 'day', 'claimed_by', 'claim_until'];
  await db.schema
    .createIndex('exercises_waiting')
    .on('exercises')
    .columns(['waiting_since', 'id', 'course_id', ...filtered])
    .execute();
  await db.schema
    .createIndex('exercises_course_waiting')
    .on('exercises')
    .columns(['course_id', 'waiting_since', 'id', ...filtered])
    .execute();
  await db.schema.createIndex('exercises_reviewed').on('exercises').columns(['reviewed_at', 'id']).execute();
  await db.schema
    .alterTable('courses')
    .addColumn('reply_target_hours', 'integer', (c) => c.notNull().defaultTo(48))
    .execute();
  // What a withdrawn rating puts back: the time the homework had been waiting since.
  await db.schema.alterTable('exercise_ratings').addColumn('previous_waiting_since', 'bigint').execute();
  await db.schema
    .createTable('homework_replies')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('exercise_id', 'varchar(36)', (c) => c.notNull().references('exercises.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('wave', 'varchar(64)', (c) => c.notNull())
    // Kept when the curator's account goes, as the audit log keeps its lines.
    .addColumn('curator_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('waited_from', 'bigint', (c) => c.notNull())
    .addColumn('replied_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('homework_replies_time').on('homework_replies').columns(['replied_at']).execute();
  await db.schema
    .createIndex('homework_replies_curator')
    .on('homework_replies')
    .columns(['curator_id', 'replied_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('homework_replies').execute();
  await db.schema.alterTable('exercise_ratings').dropColumn('previous_waiting_since').execute();
  await db.schema.alterTable('courses').dropColumn('reply_target_hours').execute();
  await db.schema.dropIndex('exercises_reviewed').execute();
  await db.schema.dropIndex('exercises_course_waiting').execute();
  await db.schema.dropIndex('exercises_waiting').execute();
  for (const column of ['claim_until', 'claimed_by', 'reviewed_at', 'waiting_since']) {
    await db.schema.alterTable('exercises').dropColumn(column).execute();
  }
}
