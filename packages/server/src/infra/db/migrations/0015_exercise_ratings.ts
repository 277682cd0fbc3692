import type { Kysely } from 'kysely';

/**
 * A homework's last rating, kept so that the curator who set it may withdraw it for a few seconds
 * (RATING_UNDO_MS) and the homework goes back to exactly what it was: the row holds what the rating
 * replaced. One row per homework; a new rating replaces it, a withdrawal deletes it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exercise_ratings')
    .addColumn('exercise_id', 'varchar(36)', (c) => c.primaryKey().references('exercises.id').onDelete('cascade'))
    .addColumn('curator_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The exercise's rating_version the rating made: anything that moved it since makes it final.
    .addColumn('rating_version', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('rated_at', 'bigint', (c) => c.notNull())
    .addColumn('previous_rating', 'integer')
    .addColumn('previous_status', 'varchar(10)', (c) => c.notNull())
    .addColumn('previous_updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exercise_ratings').execute();
}
