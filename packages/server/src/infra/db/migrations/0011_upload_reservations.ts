import type { Kysely } from 'kysely';

/**
 * Room claimed in a user's upload quota by uploads still arriving: taken (in a transaction that
 * also reads what the user already stores) before the first byte is written, given back when the
 * file is recorded or refused. Concurrent uploads by one user thus never add up past the quota.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_reservations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_reservations_owner_idx').on('upload_reservations').column('owner_id').execute();
  await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_owner_idx').execute();
  await db.schema.dropTable('upload_reservations').execute();
}
