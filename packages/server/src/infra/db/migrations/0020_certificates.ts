import type { Kysely } from 'kysely';

/**
 * Certificates (docs/domain.md «Certificates»): each course's criteria, the certificates issued at
 * the end of a wave (a snapshot of the name, course and wave, so a later rename does not rewrite
 * what was certified), and one row per wave the sweep has certified, which is also its claim when
 * several instances sweep at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_criteria')
    .addColumn('course_id', 'varchar(36)', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('diary_days', 'integer', (c) => c.notNull())
    .addColumn('all_homework', 'integer', (c) => c.notNull())
    .addColumn('self_tests', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('course_title', 'varchar(300)', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(300)')
    // When the learner was told (null: not yet). Telling is apart from issuing, in small batches.
    .addColumn('told_at', 'bigint')
    .execute();
  // One certificate per person and wave, however many sweeps run at once.
  await db.schema
    .createIndex('certificates_user_wave_idx')
    .on('certificates')
    .columns(['user_id', 'course_id', 'wave'])
    .unique()
    .execute();
  await db.schema.createIndex('certificates_untold_idx').on('certificates').columns(['told_at', 'issued_at']).execute();
  await db.schema
    .createIndex('certificates_course_idx')
    .on('certificates')
    .columns(['course_id', 'issued_at'])
    .execute();
  await db.schema
    .createTable('certificate_waves')
    .addColumn('course_id', 'varchar(36)', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('wave', 'varchar(20)', (c) => c.notNull())
    .addColumn('issued', 'integer', (c) => c.notNull())
    .addColumn('swept_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_waves_pk', ['course_id', 'wave'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_waves').execute();
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('certificate_criteria').execute();
}
