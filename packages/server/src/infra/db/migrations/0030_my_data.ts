import type { Kysely } from 'kysely';

/**
 * «Мої дані» (docs/domain.md «My data»): a person's data export (one at a time: the row is keyed by
 * the person; the archive's bytes live in the data directory's private `exports` folder) and a
 * requested account deletion, done after its grace period unless the person signs in meanwhile.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(32)')
    .addColumn('size', 'bigint')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('ready_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  // The tick's sweep of expired archives.
  await db.schema.createIndex('data_exports_expires_idx').on('data_exports').column('expires_at').execute();
  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('account_deletions_due_idx')
    .on('account_deletions')
    .columns(['done_at', 'due_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.dropTable('data_exports').execute();
}
