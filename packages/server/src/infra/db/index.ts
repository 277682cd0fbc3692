import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type MigrationResultSet, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseSetting } from '../config.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type { Database } from './schema.js';

const INT8_OID = 20;

/** `onIdleError`: an idle pooled connection died (a database restart, say); the pool replaces it. */
export function createDb(setting: DatabaseSetting, onIdleError: (error: Error) => void = () => {}): Db {
  if (setting.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: setting.url,
      max: 20,
      // bigint columns hold millisecond instants and kopiykas: well inside Number's exact range.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // Without a listener, an idle client's error would be thrown and end the process.
    pool.on('error', onIdleError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(path.dirname(setting.file), { recursive: true });
  const sqlite = new SQLite(setting.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Applies every pending migration; throws with the failing one's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  check(await new Migrator({ db, provider: migrationProvider }).migrateToLatest());
}

/** Applies pending migrations up to and including `name` (a restore's schema: the archive's own). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  check(await new Migrator({ db, provider: migrationProvider }).migrateTo(name));
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Міграція ${failed?.migrationName ?? ''} не вдалася: ${String(error)}`, { cause: error });
  }
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Whether `SELECT … FOR UPDATE` is needed (and understood): PostgreSQL runs transactions side by
 * side; SQLite takes them one at a time on our single connection and has no such clause.
 */
export function needsRowLocks(db: Pick<Db, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
