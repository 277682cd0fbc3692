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

/** Whether an insert (`… on conflict do nothing`, as a rule) wrote its row: the same on both databases. */
export function inserted(result: { numInsertedOrUpdatedRows?: bigint | undefined }): boolean {
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const INT8_OID = 20;
/** bigint columns hold millisecond instants and kopiykas: well inside Number's exact range. */
const numberTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

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
      types: numberTypes,
    });
    // A client whose connection dies emits 'error', checked out or not; without a listener of its
    // own (the pool listens only while it is idle) that would be thrown and end the process.
    pool.on('connect', (client) => {
      preparingStatements(client);
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

/** Connections of the pool for asynchronous commits: its writes are short and few at a time. */
const ASYNC_COMMIT_POOL_MAX = 4;
export const ASYNC_COMMIT_APPLICATION = 'yedyni: asynchronous commits';

/**
 * The database for writes whose last second may be lost if the database itself crashes, and
 * nothing else: a session's «last used» time, a lesson's first opening. On PostgreSQL a small pool
 * of its own whose connections commit with `synchronous_commit = off`, so such a commit does not
 * wait for the WAL to reach the disk. At 00:00 a whole wave's first requests each make these two
 * commits at once; waiting for the disk, each held a connection and queued on the one WAL flush
 * (bench/midnight.mjs, issue 23). What was written stays consistent: PostgreSQL loses at most the
 * last moments of such commits in a crash, never half of one. SQLite already commits so
 * (`synchronous = NORMAL` in WAL mode): there it is the same database.
 */
export function createAsyncCommitDb(setting: DatabaseSetting, db: Db): Db {
  if (setting.kind !== 'postgres') return db;
  const pool = new pg.Pool({
    connectionString: setting.url,
    max: ASYNC_COMMIT_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: numberTypes,
    options: '-c synchronous_commit=off',
    // Named, so that the operator (and a test) can tell its connections apart in pg_stat_activity.
    application_name: ASYNC_COMMIT_APPLICATION,
  });
  pool.on('connect', (client) => {
    preparingStatements(client);
    // Its connection errors are the main pool's to tell: a dead database fails both.
    client.on('error', () => {});
  });
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Distinct statements a PostgreSQL connection keeps prepared; any more go unnamed, as before. */
const NAMED_STATEMENTS_MAX = 500;
/** «cached plan must not change result type»: a kept `SELECT *` whose table gained or lost a column. */
const CACHED_PLAN_CHANGED = '0A000';
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

type Query = (text: unknown, values?: unknown, ...rest: unknown[]) => Promise<pg.QueryResult>;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it anew each time; on this
 * machine's two cores that was a large part of every hot read (bench/README.md, issue 23). Each
 * connection now prepares a statement the first time its SQL is seen and afterwards only binds
 * and executes it. Values are still bound parameters, so nothing else changes. A kept statement
 * survives a schema change by PostgreSQL's own replanning, except when a table's columns change
 * under a `SELECT *` (a migration or a restore to another schema): then that connection forgets
 * what it prepared and the query is sent once more under a new name.
 */
export function preparingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  let names = new Map<string, string>();
  let generation = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < NAMED_STATEMENTS_MAX) {
      name = `y${generation}_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  (client as unknown as { query: Query }).query = async (text, values, ...rest) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length > 0 || !PREPARABLE.test(text)) {
      return query(text, values, ...rest);
    }
    const name = nameOf(text);
    if (!name) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      names = new Map();
      generation += 1;
      // Inside a transaction the failed statement has aborted it: the retry fails too, and the
      // caller sees the first error, as it would have without kept statements.
      try {
        return await query({ name: nameOf(text), text, values });
      } catch {
        throw error;
      }
    }
  };
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
