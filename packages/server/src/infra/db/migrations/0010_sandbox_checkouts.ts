import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // The built-in sandbox's memory of the checkouts it completed: like the provider, it acts on an
  // order once (a checkout submitted five times was paid five times). The key makes it atomic.
  await db.schema
    .createTable('liqpay_sandbox_checkouts')
    .addColumn('order_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('choice', 'varchar(16)', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('liqpay_sandbox_checkouts').execute();
}
