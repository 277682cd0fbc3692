import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Notifications (docs/domain.md «Notifications»): the in-app rows, their deliveries by e-mail and
 * push (the outbox, written in the event's own transaction), each person's preferences, and the
 * embedded job queue SQLite uses (on PostgreSQL pg-boss keeps its own schema; this table stays empty).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    // The idempotency key per recipient and event: the same event twice is one row.
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    // What the notification is about (`exercise:<id>`), so opening that thing marks it read.
    .addColumn('subject', 'varchar(100)')
    // Who caused it (a curator's comment or rating), for the spec's homework list.
    .addColumn('actor_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    // The mail as JSON ({ subject, text, html }); null when the event has no e-mail.
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('notifications_user_key_unique', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_subject_idx')
    .on('notifications')
    .columns(['user_id', 'subject'])
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('notification_id', 'varchar(36)', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    // pending → sending (leased) → sent | failed | skipped
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    // When its job was queued: at once when due at once, else by the minute tick once it is due.
    .addColumn('queued_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'bigint')
    .addUniqueConstraint('notification_deliveries_unique', ['notification_id', 'channel'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_status_idx')
    .on('notification_deliveries')
    .columns(['status', 'due_at'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    // waiting → active (leased) → done | failed; an active job whose lease ran out is waiting again
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_state_run_after_idx').on('jobs').columns(['state', 'run_after']).execute();

  await backfillUnreadComments(db);
}

/**
 * Before this migration a learner's badge counted the homeworks with unread curator comments
 * (`exercise_comments.is_read`); now it counts unread notification rows. Each such homework gets
 * the row its newest unread comment would have made (the same key, so the comment is never told
 * twice), unread, with no deliveries: nobody is mailed about old comments at the upgrade.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
async function backfillUnreadComments(db: Kysely<any>): Promise<void> {
  const unread = await db
    .selectFrom('exercise_comments as m')
    .innerJoin('exercises as e', 'e.id', 'm.exercise_id')
    .leftJoin('courses as c', 'c.id', 'e.course_id')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select([
      'm.id',
      'm.author_id',
      'm.comment',
      'm.file_id',
      'm.created_at',
      'e.id as exercise_id',
      'e.user_id',
      'e.course_id',
      'e.day',
      'c.title as course_title',
      'u.first_name',
      'u.last_name',
    ])
    .where('m.is_read', '=', 0)
    .whereRef('m.author_id', '!=', 'e.user_id')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  const told = new Set<string>();
  const rows = [];
  for (const m of unread) {
    if (told.has(m.exercise_id)) continue;
    told.add(m.exercise_id);
    const author = m.first_name === null ? 'видалений користувач' : `${m.first_name} ${m.last_name}`;
    const words = (m.comment as string).replace(/\s+/g, ' ').trim() || 'файл';
    rows.push({
      id: randomUUID(),
      user_id: m.user_id,
      category: 'homework',
      key: `homework:comment:${m.id}`,
      title: 'Куратор прокоментував ваше домашнє завдання',
      body: `«${m.course_title ?? m.course_id}», урок ${m.day}. ${author}: «${words.length > 100 ? `${words.slice(0, 99)}…` : words}»`,
      link: `/uk/learn/${m.course_id}/${m.day}/practice`,
      subject: `exercise:${m.exercise_id}`,
      actor_id: m.author_id,
      email: null,
      created_at: Number(m.created_at),
      read_at: null,
    });
  }
  // SQLite takes at most 999 bound values a statement: 13 columns × 50 rows stays under it.
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('notifications').execute();
}
