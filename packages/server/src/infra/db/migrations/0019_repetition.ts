import type { Kysely } from 'kysely';

/**
 * «Повторення»: a learner's cards made from their own mistakes (a game task, a self-test question,
 * an olympiad task), each with the FSRS scheduler's state (ts-fsrs' Card, instants in ms); the
 * log of every grading (FSRS history, so the parameters can later be fitted to our learners); and
 * the sessions that deal due cards, kept like game rounds. An olympiad remembers when its
 * participants' mistakes became cards, so that happens once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('repetition_cards')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // `task:<taskId>` or `selftest:<courseId>:<day>:<questionIndex>`: one card per mistake per person.
    .addColumn('card_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    // The task id, or `<courseId>:<day>:<questionIndex>`.
    .addColumn('ref', 'varchar(200)', (c) => c.notNull())
    .addColumn('due', 'bigint', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('repetition_cards_user_key', ['user_id', 'card_key'])
    .execute();
  // A session deals the caller's cards due now, oldest due first.
  await db.schema.createIndex('repetition_cards_due_idx').on('repetition_cards').columns(['user_id', 'due']).execute();

  await db.schema
    .createTable('repetition_logs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('card_id', 'varchar(36)', (c) => c.notNull().references('repetition_cards.id').onDelete('cascade'))
    // The session that graded it; null for a mistake made again outside «Повторення» (a lapse).
    .addColumn('session_id', 'varchar(36)')
    .addColumn('rating', 'integer', (c) => c.notNull())
    // The card's state and due before the grading, and its due after.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('due_before', 'bigint', (c) => c.notNull())
    .addColumn('due_after', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('repetition_logs_card_idx').on('repetition_logs').column('card_id').execute();

  await db.schema
    .createTable('repetition_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // JSON: [{ cardId, key, layout }], the cards in order as laid out for this learner.
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('score', 'integer')
    // JSON of the task results, once scored.
    .addColumn('results', 'text')
    .execute();
  await db.schema
    .createIndex('repetition_sessions_user_idx')
    .on('repetition_sessions')
    .columns(['user_id', 'started_at'])
    .execute();

  await db.schema.alterTable('olympiads').addColumn('mistakes_carded_at', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('olympiads').dropColumn('mistakes_carded_at').execute();
  for (const table of ['repetition_sessions', 'repetition_logs', 'repetition_cards']) {
    await db.schema.dropTable(table).execute();
  }
}
