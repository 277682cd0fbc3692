import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('next_wave', 'varchar(20)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Every wave a course ever had, so a learner of an older wave keeps their own schedule.
  await db.schema
    .createTable('course_waves')
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('label', 'varchar(20)', (c) => c.notNull())
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_waves_pk', ['course_id', 'label'])
    .execute();

  await db.schema
    .createTable('lessons')
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('theme', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'varchar(500)', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('theory_html', 'text', (c) => c.notNull())
    .addColumn('practice_html', 'text', (c) => c.notNull())
    .addColumn('audio', 'text', (c) => c.notNull())
    .addColumn('video', 'text', (c) => c.notNull())
    .addColumn('test', 'text', (c) => c.notNull())
    .addColumn('diary_prompt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lessons_pk', ['course_id', 'day'])
    .execute();

  // A curator's opening time for one lesson of one wave; a new wave starts without any.
  await db.schema
    .createTable('lesson_schedules')
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('scheduled_date', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_schedules_pk', ['course_id', 'wave', 'day'])
    .execute();

  await db.schema
    .createTable('enrollments')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('enrolled_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrollments_pk', ['user_id', 'course_id'])
    .execute();
  await db.schema.createIndex('enrollments_course_wave_idx').on('enrollments').columns(['course_id', 'wave']).execute();

  await db.schema
    .createTable('diary_entries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('test', 'integer')
    // Bumped on every score change: the footprint row of a score change is keyed by it.
    .addColumn('test_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('diary_entries_owner_lesson', ['user_id', 'course_id', 'day'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['diary_entries', 'enrollments', 'lesson_schedules', 'lessons', 'course_waves', 'courses']) {
    await db.schema.dropTable(table).execute();
  }
}
