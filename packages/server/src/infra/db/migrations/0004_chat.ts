import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // What a file was uploaded for: a chat upload waits, unclaimed, until a message takes it.
  await db.schema
    .alterTable('files')
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull().defaultTo('exercise'))
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    // Unique: one upload belongs to one message, so deleting it never takes another's file.
    .addColumn('file_id', 'varchar(36)', (c) => c.unique().references('files.id'))
    .addColumn('date', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('chat_messages_room_date_idx')
    .on('chat_messages')
    .columns(['course_id', 'wave', 'date', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.alterTable('files').dropColumn('purpose').execute();
}
