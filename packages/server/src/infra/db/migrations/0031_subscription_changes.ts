import type { Kysely } from 'kysely';

/**
 * A donor's own changes to a monthly subscription (docs/domain.md «Changing, pausing and resuming
 * a subscription»): the amount changed in place at the provider, a pause with its resume date,
 * the order a resume starts, the provider call in flight (so repeats and concurrent requests make
 * one call, and a callback that arrives during a pause is known as its echo), and the events
 * the subscription's history shows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_orders').addColumn('paused_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('resume_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('resumes_order_id', 'varchar(64)').execute();
  await db.schema.alterTable('payment_orders').addColumn('pending_change', 'varchar(16)').execute();
  await db.schema.alterTable('payment_orders').addColumn('pending_amount_kop', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('pending_resume_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('pending_since', 'bigint').execute();
  // The resume tick looks at paused subscriptions only.
  await db.schema
    .createIndex('payment_orders_paused_idx')
    .on('payment_orders')
    .columns(['status', 'resume_at'])
    .execute();
  await db.schema.createIndex('payment_orders_resumes_idx').on('payment_orders').column('resumes_order_id').execute();

  await db.schema
    .createTable('subscription_events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('payment_orders.order_id').onDelete('cascade'))
    // amount_changed | paused | resumed | cancelled
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('from_kop', 'bigint')
    .addColumn('to_kop', 'bigint')
    .addColumn('until', 'bigint')
    .addColumn('other_order_id', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('subscription_events_order_idx')
    .on('subscription_events')
    .columns(['order_id', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_events').execute();
  await db.schema.dropIndex('payment_orders_resumes_idx').execute();
  await db.schema.dropIndex('payment_orders_paused_idx').execute();
  for (const column of [
    'pending_since',
    'pending_resume_at',
    'pending_amount_kop',
    'pending_change',
    'resumes_order_id',
    'resume_at',
    'paused_at',
  ]) {
    await db.schema.alterTable('payment_orders').dropColumn(column).execute();
  }
}
