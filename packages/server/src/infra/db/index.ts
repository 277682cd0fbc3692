import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import type { Database as DatabaseSetting } from '../config.js';
import { PRIVATE_DIR, privateFile, privateIfExists } from '../private-files.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/**
 * A database or a transaction: what repositories and the audit writer take, so they run inside
 * either. `executeQuery` lets the job queue (pg-boss) insert its job in the same transaction.
 */
export type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom' | 'executeQuery'>;
export type { Database } from './schema.js';

const INT8_OID = 20;

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * `connectionError`: a pooled connection died (a database restart, say), idle or in use; the
 * pool replaces it, and a query that was running on it fails by itself.
 * `connected`: a new PostgreSQL connection was made (after an outage: the database is back).
 */
export function createDb(
  setting: DatabaseSetting,
  events: { connectionError?: (error: Error) => void; connected?: () => void } = {},
): Db {
  if (setting.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: setting.url,
      max: 20,
      // Fail fast (503) when the server is unreachable or every connection is busy for this long,
      // rather than keep requests hanging on a database that is away.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // bigint columns hold millisecond instants and kopiykas: well inside Number's exact range.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A client whose connection dies emits 'error', checked out or not; without a listener of its
    // own (the pool listens only while it is idle) that would be thrown and end the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => events.connectionError?.(error));
      events.connected?.();
    });
    // The pool repeats an idle client's error: already told above.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(path.dirname(setting.file), { recursive: true, mode: PRIVATE_DIR });
  // The file holds every password hash and session: 0600 (SQLite creates -wal and -shm with the
  // database file's own mode). Those of an older installation are tightened too.
  privateFile(setting.file);
  for (const suffix of ['-wal', '-shm', '-journal']) privateIfExists(setting.file + suffix);
  const sqlite = new SQLite(setting.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
}

/** Statements kept prepared; the few hundred distinct queries of the app fit with room to spare. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely prepares every query anew; compiling the same SQL again on every request was some 6 % of
 * the server's time under load (bench/README.md). The most recently used statements are kept.
 * Reusing one is safe: the dialect runs one query at a time on its single connection, and a
 * streamed query holds that connection until its rows are read.
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
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
