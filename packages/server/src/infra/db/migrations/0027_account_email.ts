import type { Kysely } from 'kysely';

/**
 * E-mail addresses are confirmed by a mailed link (issue 21). Everyone already here counts as
 * confirmed: they signed up when no check existed, and asking them all at once would only hold
 * back their invitation points and receipts. `email_tokens` holds the links (only their sha256),
 * for a check of the address at registration (`verify`) or a change to a new one (`change`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db
    .updateTable('users')
    .set((eb) => ({ email_verified_at: eb.ref('created_at') }))
    .execute();
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
