import type { Kysely } from 'kysely';

/**
 * «Відкритий звіт» (docs/domain.md «Open book»): the expenses admins enter, and the indexes the
 * public month reads by time across everybody: charges by their date (covering what the month
 * sums, so the table is not read), and first lesson opens by their time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('openbook_expenses')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // The form's key of the request that made it: a repeated send finds this row.
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull().unique())
    // The Kyiv calendar date the money went out, 'YYYY-MM-DD' (a date, not an instant).
    .addColumn('spent_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_kop', 'bigint', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // Not foreign keys: the audit log names who, and an admin's account may go.
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('openbook_expenses_spent_idx')
    .on('openbook_expenses')
    .columns(['spent_on', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_end_date_idx')
    .on('payments')
    .columns(['end_date', 'reversed_at', 'action', 'user_id', 'amount_kop'])
    .execute();
  await db.schema.createIndex('lesson_opens_at_idx').on('lesson_opens').columns(['opened_at', 'user_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lesson_opens_at_idx').execute();
  await db.schema.dropIndex('payments_end_date_idx').execute();
  await db.schema.dropTable('openbook_expenses').execute();
}
