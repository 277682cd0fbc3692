import type { Kysely } from 'kysely';
import { dealtTasksColumns } from './dealt-tasks.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // A task of the game and olympiads, as authored (JSON with its right answers; never sent as is).
  await db.schema
    .createTable('game_tasks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('topic', 'varchar(20)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // A round of «Паляниця»: the tasks as laid out for this player, a deadline, then the score.
  await db.schema
    .createTable('game_rounds')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .$call(dealtTasksColumns)
    .execute();
  await db.schema.createIndex('game_rounds_user_idx').on('game_rounds').columns(['user_id', 'score']).execute();
  await db.schema.createIndex('game_rounds_score_idx').on('game_rounds').columns(['finished_at', 'score']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['game_rounds', 'game_tasks']) await db.schema.dropTable(table).execute();
}
