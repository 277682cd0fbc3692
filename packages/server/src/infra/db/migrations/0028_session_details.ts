import type { Kysely } from 'kysely';

/**
 * What «Де я увійшов» shows of each session: the device (browser and system, named from the user
 * agent at sign-in), the place (only the network part of the sign-in address, never all of it),
 * and when the session was last used, written at most once a minute (features/auth/service.ts).
 * A session unused for SESSION_IDLE_DAYS ends; its index lets the minute's sweep find it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('device', 'varchar(120)').execute();
  await db.schema.alterTable('sessions').addColumn('device_kind', 'varchar(16)').execute();
  await db.schema.alterTable('sessions').addColumn('place', 'varchar(48)').execute();
  // Sessions made before: last seen at their start, so an old unused one ends as idle.
  await db
    .updateTable('sessions')
    .set((eb) => ({ last_seen_at: eb.ref('created_at') }))
    .execute();
  await db.schema.createIndex('sessions_last_seen_idx').on('sessions').column('last_seen_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_last_seen_idx').execute();
  for (const column of ['place', 'device_kind', 'device', 'last_seen_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
