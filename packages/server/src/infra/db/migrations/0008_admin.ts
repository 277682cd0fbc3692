import type { Kysely } from 'kysely';
import { userSearchText } from '../search.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // Who changed what, when: written in the same transaction as the change itself.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // Null for the operator's command line.
    .addColumn('actor_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON: what the change carried, for a closer look.
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();

  // The editor's Markdown; null for lessons written as HTML (the HTML is then the source).
  for (const column of ['content_md', 'theory_md', 'practice_md']) {
    await db.schema.alterTable('lessons').addColumn(column, 'text').execute();
  }

  // Names and email in lower case, for the console's search: SQLite's lower() and a PostgreSQL
  // in the C locale fold only ASCII, and learners' names are Cyrillic.
  await db.schema
    .alterTable('users')
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const users = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).execute();
  for (const user of users) {
    await db
      .updateTable('users')
      .set({ search: userSearchText(user) })
      .where('id', '=', user.id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('search').execute();
  for (const column of ['content_md', 'theory_md', 'practice_md']) {
    await db.schema.alterTable('lessons').dropColumn(column).execute();
  }
  await db.schema.dropTable('audit_log').execute();
}
