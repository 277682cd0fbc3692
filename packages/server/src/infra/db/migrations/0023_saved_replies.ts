import type { Kysely } from 'kysely';

/**
 * The curator workbench's saved replies and mistake tags (docs/domain.md «Saved replies and
 * mistake tags»): a curator's replies, private or shared, and the tags a comment names, kept on
 * the comment as a JSON array of the contract's MISTAKE_TAGS ids (a handful at most, never
 * queried by tag, so no join table).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_replies')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('author_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A curator's list: their own and the shared ones.
  await db.schema.createIndex('saved_replies_author_idx').on('saved_replies').column('author_id').execute();
  await db.schema.createIndex('saved_replies_shared_idx').on('saved_replies').column('shared').execute();
  await db.schema
    .alterTable('exercise_comments')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exercise_comments').dropColumn('tags').execute();
  await db.schema.dropTable('saved_replies').execute();
}
