import type { Kysely } from 'kysely';

/**
 * Chat moderation (docs/domain.md «Chat»): members' reports on messages (a message with enough
 * of them hides until a curator decides), a room's slow mode and pinned announcement, and mutes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // Set when enough members reported it; cleared by a curator's «Залишити».
  await db.schema.alterTable('chat_messages').addColumn('hidden_at', 'bigint').execute();

  // One report per member per message: the key says so.
  await db.schema
    .createTable('chat_reports')
    .addColumn('message_id', 'varchar(36)', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reports_pkey', ['message_id', 'reporter_id'])
    .execute();

  // A room's settings; a room without a row has neither slow mode nor a pinned message.
  await db.schema
    .createTable('chat_rooms')
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('slow_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned_message_id', 'varchar(36)', (c) => c.references('chat_messages.id').onDelete('set null'))
    .addPrimaryKeyConstraint('chat_rooms_pkey', ['course_id', 'wave'])
    .execute();

  await db.schema
    .createTable('chat_mutes')
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // Kept when that curator's account goes, as the audit log keeps its lines.
    .addColumn('muted_by', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_mutes_pkey', ['course_id', 'wave', 'user_id'])
    .execute();

  // Slow mode asks for a member's last message in a room.
  await db.schema
    .createIndex('chat_messages_sender_room_idx')
    .on('chat_messages')
    .columns(['course_id', 'wave', 'sender_id', 'date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_messages_sender_room_idx').execute();
  await db.schema.dropTable('chat_mutes').execute();
  await db.schema.dropTable('chat_rooms').execute();
  await db.schema.dropTable('chat_reports').execute();
  await db.schema.alterTable('chat_messages').dropColumn('hidden_at').execute();
}
