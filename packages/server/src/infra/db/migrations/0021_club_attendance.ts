import type { Kysely } from 'kysely';

/**
 * Club attendance: the console marks who came. Being present at a club is practice for the
 * daily habit (docs/domain.md «The daily habit»), so it is recorded, not assumed from a sign-up.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('club_signups').addColumn('present_at', 'bigint').execute();
  // Who marked it (an admin); kept when that account goes, as the audit log keeps its lines.
  await db.schema.alterTable('club_signups').addColumn('marked_by', 'varchar(36)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('club_signups').dropColumn('marked_by').execute();
  await db.schema.alterTable('club_signups').dropColumn('present_at').execute();
}
