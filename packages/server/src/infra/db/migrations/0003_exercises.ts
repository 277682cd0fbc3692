import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // An uploaded file: the bytes live in the file store under a random key; this row says what it is.
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('storage_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mime', 'varchar(120)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('exercises')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('homework', 'text', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.references('files.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('rating', 'integer')
    // Bumped on every rating change: the footprint row of a change is keyed by it.
    .addColumn('rating_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('exercises_owner_lesson', ['user_id', 'course_id', 'day'])
    .execute();
  await db.schema
    .createIndex('exercises_status_updated_idx')
    .on('exercises')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('exercise_comments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('exercise_id', 'varchar(36)', (c) => c.notNull().references('exercises.id').onDelete('cascade'))
    .addColumn('author_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.references('files.id'))
    // Read by the other side: for a curator's comment, the learner; for the learner's, curators.
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exercise_comments_exercise_idx')
    .on('exercise_comments')
    .columns(['exercise_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['exercise_comments', 'exercises', 'files']) await db.schema.dropTable(table).execute();
}
