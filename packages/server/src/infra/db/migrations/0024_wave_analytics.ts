import type { Kysely } from 'kysely';

/**
 * Wave analytics: the first time each learner opens each lesson (the one fact nothing recorded
 * before), the last nudge each learner got, and an index so a course's lesson practice is read
 * by its lesson reference rather than learner by learner.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lesson_opens')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // The learner's wave when they opened it: the analytics count a wave without joining enrolments.
    .addColumn('wave', 'varchar(64)', (c) => c.notNull())
    // The lesson's day number in the course (1–28).
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    // Only the first open is kept: the lesson's hot path inserts and ignores a repeat.
    .addPrimaryKeyConstraint('lesson_opens_pk', ['user_id', 'course_id', 'day'])
    .execute();
  await db.schema
    .createIndex('lesson_opens_wave_idx')
    .on('lesson_opens')
    .columns(['course_id', 'wave', 'day'])
    .execute();
  // Someone's last open, for the inactive list (newest first within a learner).
  await db.schema
    .createIndex('lesson_opens_user_at_idx')
    .on('lesson_opens')
    .columns(['user_id', 'opened_at'])
    .execute();
  await db.schema
    .createTable('learner_nudges')
    // One row per learner: the standing nudge. A new one replaces it only when it is old enough.
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('wave', 'varchar(64)', (c) => c.notNull())
    .addColumn('nudged_by', 'varchar(36)')
    .addColumn('nudged_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('practice_events_ref_idx')
    .on('practice_events')
    .columns(['ref', 'kind', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('practice_events_ref_idx').execute();
  await db.schema.dropTable('learner_nudges').execute();
  await db.schema.dropTable('lesson_opens').execute();
}
