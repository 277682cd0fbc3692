import type { Kysely } from 'kysely';
import { dealtTasksColumns } from './dealt-tasks.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // An olympiad: open between starts_at and ends_at; each participant gets duration_ms, once.
  await db.schema
    .createTable('olympiads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    // JSON: the task ids, the same for everyone.
    .addColumn('task_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('olympiads_starts_idx').on('olympiads').column('starts_at').execute();

  await db.schema
    .createTable('olympiad_attempts')
    .addColumn('olympiad_id', 'varchar(36)', (c) => c.notNull().references('olympiads.id').onDelete('cascade'))
    .$call(dealtTasksColumns)
    .addPrimaryKeyConstraint('olympiad_attempts_pk', ['olympiad_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('clubs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Empty for an online club.
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('place', 'varchar(300)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('host', 'varchar(200)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    // Moved only together with a sign-up row, under the capacity condition: never overbooked.
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clubs_starts_idx').on('clubs').column('starts_at').execute();

  await db.schema
    .createTable('club_signups')
    .addColumn('club_id', 'varchar(36)', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('club_signups_pk', ['club_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['club_signups', 'clubs', 'olympiad_attempts', 'olympiads']) {
    await db.schema.dropTable(table).execute();
  }
}
