import type { Kysely } from 'kysely';
import { ROOT_USER_ID } from '../root-account.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('first_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('inviter_id', 'varchar(36)', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('mark', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('mark_entries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'bigint', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'varchar(300)', (c) => c.notNull())
    .addColumn('final_value', 'bigint', (c) => c.notNull())
    .addColumn('source_key', 'varchar(200)', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('mark_entries_user_date_idx').on('mark_entries').columns(['user_id', 'date']).execute();

  // The organisation's own account: the inviter of everyone who came without an invitation.
  await db
    .insertInto('users')
    .values({
      id: ROOT_USER_ID,
      first_name: 'Рух',
      last_name: 'Єдині',
      email: 'root@yedyni.invalid',
      password_hash: '',
      role: 'user',
      inviter_id: null,
      created_at: Date.now(),
      mark: 0,
    })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mark_entries', 'password_resets', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
