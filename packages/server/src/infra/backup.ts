import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import * as tar from 'tar';
import { z } from 'zod';
import { type Database, type Db, migrateToLatest, migrateUpTo } from './db/index.js';
import { migrationProvider } from './db/migrations/index.js';
import { ROOT_USER_ID } from './db/root-account.js';
import { PRIVATE_DIR, PRIVATE_FILE, PRIVATE_UMASK, privateDir } from './private-files.js';

/**
 * Every table of the database with its primary key, parents before children: a restore inserts
 * in this order (and clears in the reverse one), so every foreign key finds its row already
 * there; the one exception, users.inviter_id pointing into users itself, is patched afterwards.
 * The type makes a table added to `Database` without being listed here a compile error.
 */
/**
 * Tables of in-flight state, never archived: an upload reservation belongs to an upload running
 * at that moment, and restored it would hold the person's quota for an upload that never ends;
 * a queued job belongs to the instance and moment that queued it (the deliveries it would send
 * are archived, with their state); a two-step ticket lives five minutes and belongs to a sign-in then
 * under way. The review queue's version only ever goes up in one database
 * (instances keep pages under it): a restore raises it by its own inserts, never puts back an older one.
 * A data export is a person's copy for a day, its archive outside the backed-up folders: never kept longer.
 */
const TRANSIENT = ['upload_reservations', 'jobs', 'review_version', 'data_exports', 'two_step_tickets'] as const;
type Archived = Exclude<keyof Database, (typeof TRANSIENT)[number]>;

export const TABLES: { readonly [T in Archived]: readonly (keyof Database[T] & string)[] } = {
  users: ['id'],
  sessions: ['id'],
  password_resets: ['token_hash'],
  email_tokens: ['token_hash'],
  // The TOTP secrets are archived encrypted (a key derived from JWT_SECRET, which no archive
  // holds); recovery codes only as keyed hashes.
  two_step: ['user_id'],
  two_step_recovery_codes: ['user_id', 'code_hash'],
  mark_entries: ['id'],
  courses: ['id'],
  course_waves: ['course_id', 'label'],
  lessons: ['course_id', 'day'],
  lesson_schedules: ['course_id', 'wave', 'day'],
  enrollments: ['user_id', 'course_id'],
  diary_entries: ['id'],
  files: ['id'],
  exercises: ['id'],
  exercise_comments: ['id'],
  saved_replies: ['id'],
  exercise_ratings: ['exercise_id'],
  homework_replies: ['id'],
  chat_messages: ['id'],
  chat_reports: ['message_id', 'reporter_id'],
  chat_rooms: ['course_id', 'wave'],
  chat_mutes: ['course_id', 'wave', 'user_id'],
  payment_orders: ['order_id'],
  payments: ['id'],
  openbook_expenses: ['id'],
  payment_callbacks: ['id'],
  subscription_events: ['id'],
  liqpay_sandbox_subscriptions: ['order_id'],
  liqpay_sandbox_checkouts: ['order_id'],
  game_tasks: ['id'],
  game_rounds: ['id'],
  olympiads: ['id'],
  olympiad_attempts: ['olympiad_id', 'user_id'],
  clubs: ['id'],
  club_signups: ['club_id', 'user_id'],
  practice_events: ['source_key'],
  practice_goals: ['user_id'],
  lesson_opens: ['user_id', 'course_id', 'day'],
  learner_nudges: ['user_id'],
  repetition_cards: ['id'],
  repetition_logs: ['id'],
  repetition_sessions: ['id'],
  certificate_criteria: ['course_id'],
  certificates: ['id'],
  certificate_waves: ['course_id', 'wave'],
  push_subscriptions: ['id'],
  notifications: ['id'],
  notification_deliveries: ['id'],
  notification_preferences: ['user_id'],
  audit_log: ['id'],
  account_deletions: ['user_id'],
  // A restored installation still knows what it imported: the cut-over export adds only what is new.
  import_ids: ['kind', 'old_id'],
};
export type TableName = Archived;
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** The data directory's folders that belong to the data: homework and chat uploads, course media. */
const FOLDERS = ['uploads', 'media'] as const;
/** Rows read per query while backing up: a big table never sits in memory whole. */
const PAGE_ROWS = 5000;
/** Bound parameters per INSERT while restoring, well under SQLite's and PostgreSQL's limits. */
const INSERT_PARAMS = 2000;

const FORMAT = 'yedyni-backup';
const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  migrations: z.array(z.string()).min(1),
  /** Rows per table; a table's rows are `tables/<name>.jsonl`, one JSON object per line. */
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.object({ uploads: z.number().int(), media: z.number().int() }),
  /** Storage keys the snapshot names whose bytes were already gone when they were copied. */
  missingUploads: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal the operator should read: nothing was changed. */
export class BackupError extends Error {}

type Row = Record<string, unknown>;
/** The tables by name chosen at run time; the rows are whatever the database returns. */
type AnyDb = Kysely<Record<string, Row>>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Writes one `.tar.gz` with every table (as JSON lines, read in one snapshot) and the uploads and
 * media folders, while the server keeps running. Layout: `manifest.json`, `tables/<name>.jsonl`,
 * `uploads/…`, `media/…`. The archive appears under its name only when complete.
 */
export async function backup(db: Db, dataDir: string, file: string): Promise<Manifest & { bytes: number }> {
  privateDir(dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  // Inside the data directory, so the files can be hard-linked rather than copied.
  const staging = await mkdtemp(path.join(dataDir, '.backup-'));
  const partial = `${file}.tmp`;
  try {
    // Bytes are written before their row commits and removed only after the row's deletion
    // commits. Linking the folders before the snapshot keeps what the snapshot may name even if
    // it is deleted meanwhile; linking again after catches what arrived between the two.
    for (const folder of FOLDERS) await mirror(path.join(dataDir, folder), path.join(staging, folder));
    const snapshot = await writeSnapshot(db, staging);
    for (const folder of FOLDERS) await mirror(path.join(dataDir, folder), path.join(staging, folder));
    const uploads = await listFiles(path.join(staging, 'uploads'));
    const present = new Set(uploads.map((f) => f.name));
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      files: { uploads: uploads.length, media: (await listFiles(path.join(staging, 'media'))).length },
      missingUploads: snapshot.storageKeys.filter((key) => !present.has(key)),
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    // The manifest first, so a reader learns what the archive is before anything else. The
    // archive holds every password hash: 0600 (a leftover partial file would keep its own mode).
    await rm(partial, { force: true });
    await tar.c({ gzip: true, portable: true, file: partial, cwd: staging, mode: PRIVATE_FILE }, [
      'manifest.json',
      'tables',
      ...FOLDERS,
    ]);
    const written = await open(partial, 'r');
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await rename(partial, file);
    return { ...manifest, bytes: (await stat(file)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await removeStaging(staging);
  }
}

/**
 * Every table, read inside one transaction: REPEATABLE READ on PostgreSQL, so rows committed
 * meanwhile stay invisible to it; on SQLite a read transaction, whose snapshot (WAL mode) is
 * fixed at its first read while other connections keep writing.
 */
async function writeSnapshot(db: Db, staging: string) {
  await mkdir(path.join(staging, 'tables'));
  let transaction = db.transaction();
  if (isPostgres(db)) transaction = transaction.setIsolationLevel('repeatable read').setAccessMode('read only');
  return transaction.execute(async (trx) => {
    const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`
      .execute(trx)
      .then((r) => r.rows.map((row) => row.name));
    const tables: Record<string, number> = {};
    const storageKeys: string[] = [];
    for (const table of TABLE_NAMES) {
      const out = await open(path.join(staging, 'tables', `${table}.jsonl`), 'w');
      try {
        let count = 0;
        for await (const page of pages(trx as unknown as AnyDb, table)) {
          await out.write(page.map((row) => `${JSON.stringify(row)}\n`).join(''));
          if (table === 'files') storageKeys.push(...page.map((row) => String(row.storage_key)));
          count += page.length;
        }
        tables[table] = count;
      } finally {
        await out.close();
      }
    }
    return { migrations: applied, tables, storageKeys };
  });
}

/** A table's rows in primary-key order, a page at a time (keyset paging: each page starts after the last key). */
async function* pages(db: AnyDb, table: TableName): AsyncGenerator<Row[]> {
  const key = TABLES[table];
  let after: unknown[] | undefined;
  for (;;) {
    let query = db.selectFrom(table).selectAll().limit(PAGE_ROWS);
    for (const column of key) query = query.orderBy(column);
    if (after) {
      const last = after;
      query = query.where(
        sql<boolean>`(${sql.join(key.map((c) => sql.ref(c)))}) > (${sql.join(last.map((v) => sql`${v}`))})`,
      );
    }
    const rows = (await query.execute()) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_ROWS) return;
    const lastRow = rows[rows.length - 1] as Row;
    after = key.map((c) => lastRow[c]);
  }
}

/**
 * Restores an archive made by `backup` into an empty database (no one but the root account, no
 * course) and the data directory. All rows go in one transaction: a damaged archive or a row
 * the database refuses leaves the database as it was.
 */
export async function restore(
  db: Db,
  dataDir: string,
  file: string,
): Promise<{ rows: number; tables: number; files: number }> {
  if (!(await stat(file).catch(() => undefined))?.isFile()) throw new BackupError(`Файлу ${file} немає.`);
  privateDir(dataDir);
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    // Read through once before anything is written: gzip's checksum and tar's strict mode find
    // a truncated or corrupted archive here, while there is still nothing to undo.
    try {
      await tar.t({ file, strict: true });
    } catch (error) {
      throw new BackupError(`Архів ${file} пошкоджений або неповний (${reason(error)}). Нічого не змінено.`);
    }
    await tar.x({
      file,
      cwd: staging,
      strict: true,
      // Restored uploads and media are the server's user's only (0600 files, 0700 folders),
      // whatever modes the archive recorded.
      chmod: true,
      processUmask: PRIVATE_UMASK,
      // Only plain files and folders: nothing an archive says may link elsewhere.
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
    const manifest = await readManifest(staging, file);

    const known = await migrationProvider.getMigrations();
    const unknown = manifest.migrations.filter((name) => !(name in known));
    if (unknown.length > 0) {
      throw new BackupError(
        `Копію зроблено новішою версією сервера: невідомі міграції ${unknown.join(', ')}. ` +
          'Оновіть сервер і повторіть. Нічого не змінено.',
      );
    }
    const strange = Object.keys(manifest.tables).filter((name) => !(name in TABLES));
    if (strange.length > 0)
      throw new BackupError(`Невідомі таблиці в архіві: ${strange.join(', ')}. Нічого не змінено.`);

    // The schema as it was when the copy was made; later migrations then run over the restored
    // rows, as they would have over the original database.
    const last = manifest.migrations.at(-1) as string;
    const applied = await new Migrator({ db, provider: migrationProvider }).getMigrations();
    if (!applied.find((m) => m.name === last)?.executedAt) await migrateUpTo(db, last);

    const someone = await db.selectFrom('users').select('id').where('id', '!=', ROOT_USER_ID).limit(1).execute();
    const course = await db.selectFrom('courses').select('id').limit(1).execute();
    if (someone.length > 0 || course.length > 0) {
      throw new BackupError(
        'База даних не порожня (у ній є користувачі або курси): відновлювати можна лише в порожню. Нічого не змінено.',
      );
    }

    let rows = 0;
    const courseVersions: [id: string, version: unknown][] = [];
    await db.transaction().execute(async (trx) => {
      const loose = trx as unknown as AnyDb;
      // An empty installation still holds the root account and the game's seeded tasks: the
      // archive's own rows take their place.
      for (const table of [...TABLE_NAMES].reverse()) await loose.deleteFrom(table).execute();
      for (const table of TABLE_NAMES) {
        const expected = manifest.tables[table];
        if (expected === undefined) continue;
        const count = await insertTable(loose, table, path.join(staging, 'tables', `${table}.jsonl`), (row) => {
          if (table === 'courses' && row.content_version !== undefined)
            courseVersions.push([String(row.id), row.content_version]);
        });
        if (count !== expected) {
          throw new BackupError(
            `Таблиця ${table}: в архіві ${count} рядків, а в описі ${expected}. Нічого не змінено.`,
          );
        }
        rows += count;
      }
      // Inserting lessons and schedules raised each course's content_version (a trigger,
      // migration 0009); the restored rows are to be the archived ones.
      for (const [id, version] of courseVersions) {
        await loose.updateTable('courses').set({ content_version: version }).where('id', '=', id).execute();
      }
    });
    await migrateToLatest(db);

    let files = 0;
    for (const folder of FOLDERS) files += await moveInto(path.join(staging, folder), path.join(dataDir, folder));
    return { rows, tables: Object.keys(manifest.tables).length, files };
  } finally {
    await removeStaging(staging);
  }
}

async function readManifest(staging: string, file: string): Promise<Manifest> {
  const text = await readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => undefined);
  if (text === undefined) throw new BackupError(`${file} не є резервною копією Єдиних: у ньому немає manifest.json.`);
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch (error) {
    throw new BackupError(`Опис архіву ${file} пошкоджений (${reason(error)}). Нічого не змінено.`);
  }
  if (!parsed.success) throw new BackupError(`Непідтримуваний формат архіву ${file}. Нічого не змінено.`);
  return parsed.data;
}

/** Inserts a table's JSON lines in batches, showing `seen` each row; returns how many rows there were. */
async function insertTable(db: AnyDb, table: TableName, file: string, seen: (row: Row) => void): Promise<number> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  // users.inviter_id points into users: an inviter not yet inserted is filled in at the end.
  const inserted = new Set<string>();
  const pendingInviters: [id: string, inviter: string][] = [];
  let batch: Row[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length > 0) await db.insertInto(table).values(batch).execute();
    batch = [];
  };
  for await (const line of lines) {
    if (!line) continue;
    let row: Row;
    try {
      row = JSON.parse(line) as Row;
    } catch (error) {
      throw new BackupError(`Таблиця ${table}, рядок ${count + 1}: ${reason(error)}. Нічого не змінено.`);
    }
    if (table === 'users') {
      const inviter = row.inviter_id;
      if (typeof inviter === 'string' && !inserted.has(inviter)) {
        pendingInviters.push([String(row.id), inviter]);
        row = { ...row, inviter_id: null };
      }
      inserted.add(String(row.id));
    }
    seen(row);
    batch.push(row);
    count += 1;
    if (batch.length >= Math.max(1, Math.floor(INSERT_PARAMS / Object.keys(row).length))) await flush();
  }
  await flush();
  for (const [id, inviter] of pendingInviters) {
    await db.updateTable('users').set({ inviter_id: inviter }).where('id', '=', id).execute();
  }
  return count;
}

async function listFiles(root: string): Promise<{ name: string; relative: string }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => ({ name: e.name, relative: path.relative(root, path.join(e.parentPath, e.name)) }));
}

/**
 * Links (or, across file systems, copies) every file of `from` into `to`. A file still being
 * written (`.tmp`) is skipped, one already linked is kept, one deleted meanwhile is left out.
 */
async function mirror(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const { relative } of await listFiles(from)) {
    if (relative.endsWith('.tmp')) continue;
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST' || error.code === 'ENOENT') return;
      if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
      await copyFile(source, target).catch((copyError: NodeJS.ErrnoException) => {
        if (copyError.code !== 'ENOENT') throw copyError;
      });
    });
  }
}

/** Moves every file of `from` into `to`, keeping the relative paths; returns how many. */
async function moveInto(from: string, to: string): Promise<number> {
  const files = await listFiles(from);
  for (const { relative } of files) {
    await mkdir(path.dirname(path.join(to, relative)), { recursive: true, mode: PRIVATE_DIR });
    await rename(path.join(from, relative), path.join(to, relative));
  }
  return files.length;
}

/** A staging folder left behind must not hide the error that ended the command. */
async function removeStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
