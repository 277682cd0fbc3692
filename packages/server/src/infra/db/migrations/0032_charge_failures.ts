import type { Kysely } from 'kysely';

/**
 * A failed monthly charge and its one-click restart (docs/domain.md «Donations and subscriptions
 * (LiqPay)»): when the current run of failed charges began (cleared by a success), the order a
 * restart made in its place (one at a time, so a repeated restart cannot start two), and the
 * sandbox's count of failed attempts in a row (the provider retries a failed charge three times).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_orders').addColumn('charge_failed_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('restarted_to', 'varchar(255)').execute();
  // The minute's look for failing subscriptions whose retries are over.
  await db.schema
    .createIndex('payment_orders_charge_failed_idx')
    .on('payment_orders')
    .column('charge_failed_at')
    .execute();
  await db.schema
    .alterTable('liqpay_sandbox_subscriptions')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('liqpay_sandbox_subscriptions').dropColumn('failures').execute();
  await db.schema.dropIndex('payment_orders_charge_failed_idx').execute();
  await db.schema.alterTable('payment_orders').dropColumn('restarted_to').execute();
  await db.schema.alterTable('payment_orders').dropColumn('charge_failed_at').execute();
}
