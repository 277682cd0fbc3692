import type { Kysely } from 'kysely';

/**
 * What `npm run admin -- import-original` brought in from the platform Єдині replaces: the old
 * id of each record (per kind) and the id it got here, so a second run of the same export
 * changes nothing and a newer export adds only what is new (features/import).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_ids')
    // `user`, `course`, `lesson`, `diary`, `exercise`, `comment`, `message`, `order`, `charge`, `mark`, `file`.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // A MongoDB ObjectId, or a composite key where the old record had none (`<user>:<row>` of a ledger).
    .addColumn('old_id', 'varchar(200)', (c) => c.notNull())
    // Not a foreign key: it names rows of many tables.
    .addColumn('new_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_ids_pk', ['kind', 'old_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_ids').execute();
}
