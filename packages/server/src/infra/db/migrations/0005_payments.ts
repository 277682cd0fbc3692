import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // An order made by POST /api/payments/donat before the payer leaves for the checkout: the only
  // source of who pays and what for (a callback's own `customer` is never trusted).
  await db.schema
    .createTable('payment_orders')
    .addColumn('order_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscribe', 'integer', (c) => c.notNull())
    .addColumn('amount_kop', 'bigint', (c) => c.notNull())
    .addColumn('info', 'varchar(100)', (c) => c.notNull())
    // pending → paid | failed (one-off); pending → subscribed → unsubscribed (monthly).
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('offer_accepted_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('subscribed_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('payment_orders_user_idx')
    .on('payment_orders')
    .columns(['user_id', 'created_at'])
    .execute();

  // A successful charge: a one-off payment or a monthly one. Unique by the provider's payment id.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('payment_orders.order_id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_kop', 'bigint', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('info', 'varchar(100)', (c) => c.notNull())
    .addColumn('end_date', 'bigint', (c) => c.notNull())
    .addColumn('card_mask', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set when the provider reports the charge refunded; it then counts for nothing.
    .addColumn('reversed_at', 'bigint')
    .execute();
  await db.schema.createIndex('payments_user_date_idx').on('payments').columns(['user_id', 'end_date']).execute();
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['order_id', 'end_date']).execute();

  // Every verified callback, raw, with what it did: the record for reconciliation.
  await db.schema
    .createTable('payment_callbacks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('signature', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(255)')
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('action', 'varchar(32)')
    .addColumn('status', 'varchar(32)')
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_callbacks_outcome_idx')
    .on('payment_callbacks')
    .columns(['outcome', 'received_at'])
    .execute();

  // The built-in sandbox's own memory of subscriptions, as the provider would keep it.
  await db.schema
    .createTable('liqpay_sandbox_subscriptions')
    .addColumn('order_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('charges', 'integer', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['liqpay_sandbox_subscriptions', 'payment_callbacks', 'payments', 'payment_orders']) {
    await db.schema.dropTable(table).execute();
  }
}
