import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.js';
import { type Manifest, TABLE_NAMES, TABLES, type TableName } from '../src/infra/backup.js';
import { loadConfig } from '../src/infra/config.js';
import type { Db } from '../src/infra/db/index.js';
import { ROOT_USER_ID } from '../src/infra/db/root-account.js';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, importFixtures, signIn, signUp, staff } from './support/courses.js';
import { PNG, storedFiles } from './support/files.js';
import { donateAndPay } from './support/liqpay.js';
import { ask, connect } from './support/sockets.js';

type Row = Record<string, unknown>;
/** Every table's rows by primary key (as JSON), to compare databases of either kind. */
type Dump = Record<TableName, Map<string, Row>>;

async function dump(db: Db): Promise<Dump> {
  const loose = db as unknown as Kysely<Record<string, Row>>;
  const result = {} as Dump;
  for (const table of TABLE_NAMES) {
    const rows = (await loose.selectFrom(table).selectAll().execute()) as Row[];
    result[table] = new Map(rows.map((row) => [JSON.stringify(TABLES[table].map((c) => row[c])), row]));
  }
  return result;
}

/** A dump as sorted plain data, for toEqual. */
const plain = (d: Dump) =>
  Object.fromEntries(TABLE_NAMES.map((t) => [t, [...d[t].entries()].sort(([a], [b]) => (a < b ? -1 : 1))]));

const cli = (t: TestApp, ...args: string[]) => runAdmin(args, loadConfig(t.env));

/** The rows that make an installation "empty": the root account and the seeded game tasks. */
async function expectEmpty(t: TestApp) {
  const db = t.app.services.db;
  expect((await db.selectFrom('users').select('id').execute()).map((u) => u.id)).toEqual([ROOT_USER_ID]);
  expect(await db.selectFrom('courses').select('id').execute()).toEqual([]);
  expect(await db.selectFrom('files').select('id').execute()).toEqual([]);
  expect((await db.selectFrom('game_tasks').select('id').execute()).length).toBeGreaterThan(0);
  expect(await readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).toEqual([]);
}

let work: string;
const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}) {
  const started = await startTestApp(env);
  apps.push(started);
  return started;
}

/** Unpacks an archive, lets `change` edit it, and packs it again as `name`. */
async function repack(archive: string, name: string, change: (dir: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(path.join(work, 'repack-'));
  await tar.x({ file: archive, cwd: dir });
  await change(dir);
  const out = path.join(work, name);
  await tar.c({ gzip: true, file: out, cwd: dir }, await readdir(dir));
  return out;
}

async function editManifest(dir: string, edit: (m: Manifest) => void) {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  edit(manifest);
  await writeFile(file, JSON.stringify(manifest));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'yedyni-backup-test-'));
});
afterAll(async () => {
  for (const started of apps) await started.close();
  await rm(work, { recursive: true, force: true });
});

describe('backup while the server writes, and restore into an empty installation', () => {
  let source: TestApp;
  let archive: string;
  let alpha: string;
  let learner: Awaited<ReturnType<typeof signUp>>;
  let restored: Dump;
  let orderId: string;
  const submit = (t: TestApp, token: string, homework: string) =>
    t.form('POST', '/api/exercises', {
      token,
      fields: { courseId: alpha, lessonId: '1', homework },
      file: { bytes: PNG, name: 'відповідь.png', type: 'image/png' },
    });

  /** Rows before the backup started and after every write in flight with it had finished. */
  let before: Dump;
  let after: Dump;
  /** What the writes in flight made: new homework (with its file) and touched exercises. */
  let newHomework: { exerciseId: string; fileId: string }[];
  let commented: string[];
  let rated: string[];

  beforeAll(async () => {
    source = await app({ RATE_LIMIT_CHAT: '1000' });
    archive = path.join(work, 'nested', 'backup.tar.gz');
    const courses = await importFixtures(source);
    alpha = courses.alpha;
    const admin = await staff(source, 'admin');
    const made = await source.api('POST', '/api/admin/courses', {
      token: admin,
      body: {
        title: 'Мова медіа',
        slug: 'mova-media',
        description: 'Курс',
        waveLabel: '1',
        waveStart: Date.now() - DAY,
      },
    });
    expect(made.status).toBe(201);
    const curatorToken = await curator(source);

    learner = await signUp(source);
    // Invitations point users at users (and below, one invitee's id sorts before the inviter's).
    for (let i = 0; i < 3; i++) await signUp(source, { inviterId: learner.user._id });
    expect((await source.api('POST', `/api/courses/${courses.beta}/enroll`, { token: learner.token })).status).toBe(
      200,
    );
    expect((await submit(source, learner.token, 'Моя домашня робота')).status).toBe(201);
    const socket = await connect(source, learner.token);
    try {
      expect(await ask(socket, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
      expect((await ask(socket, 'chat:send', { courseId: alpha, wave: '1', text: 'Привіт усім!' })).ok).toBe(true);
    } finally {
      socket.close();
    }
    orderId = await donateAndPay(source, learner.token, 120);
    expect(orderId).toBeTruthy();
    // An upload in flight (or one a crash cut short) holds a reservation: state, not data.
    await source.app.services.db
      .insertInto('upload_reservations')
      .values({ id: randomUUID(), owner_id: learner.user._id, bytes: 1000, created_at: Date.now() })
      .execute();

    // Homework a curator will comment on or rate while the backup runs, and learners who will
    // hand theirs in meanwhile: each record is changed at most once by the writes in flight.
    const withHomework = async () => {
      const { token } = await signUp(source);
      const { body } = await submit(source, token, 'Відповідь');
      return body._id as string;
    };
    commented = await Promise.all(Array.from({ length: 10 }, withHomework));
    rated = await Promise.all(Array.from({ length: 10 }, withHomework));
    const latecomers = await Promise.all(Array.from({ length: 10 }, () => signUp(source)));

    // Bulk rows, so tables span several pages (single and composite keys) and the snapshot
    // takes long enough for the writes below to land in the middle of it.
    const db = source.app.services.db;
    const now = Date.now();
    for (let start = 0; start < 12_000; start += 500) {
      await db
        .insertInto('password_resets')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            token_hash: `bulk-${String(start + i).padStart(6, '0')}`,
            user_id: learner.user._id,
            created_at: now - 2 * DAY,
            expires_at: now - DAY,
            used_at: null,
          })),
        )
        .execute();
    }
    for (let start = 0; start < 6_000; start += 500) {
      await db
        .insertInto('lesson_schedules')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            course_id: alpha,
            wave: `old-${(start + i) % 7}`,
            day: start + i,
            scheduled_date: now,
          })),
        )
        .execute();
    }
    // Someone whose id sorts before their inviter's: the restore meets the invitee first.
    await db
      .insertInto('users')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        first_name: 'Рання',
        last_name: 'Запрошена',
        email: 'early@example.org',
        password_hash: '',
        role: 'user',
        inviter_id: learner.user._id,
        created_at: now,
        mark: 0,
      })
      .execute();
    before = await dump(db);
    // Three lanes of writes, one request after another: half of each goes in while the backup
    // starts, the other half once its snapshot is being read (its tables folder appears in the
    // data directory), so writes land before, during and after the moment it is taken.
    let backingUp = true;
    const snapshotBegun = async () => {
      while (backingUp) {
        for (const name of await readdir(source.dataDir)) {
          if (name.startsWith('.backup-') && (await readdir(path.join(source.dataDir, name))).includes('tables'))
            return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const lane = async <T, A>(items: T[], write: (item: T) => Promise<A>): Promise<A[]> => {
      const answers: A[] = [];
      for (const [i, item] of items.entries()) {
        if (i === items.length / 2) await snapshotBegun();
        answers.push(await write(item));
      }
      return answers;
    };
    const inFlight = Promise.all([
      lane(latecomers, (l) => submit(source, l.token, 'Під час копії')),
      lane(commented, (exerciseId) =>
        source.form('POST', '/api/exercises/comment', {
          token: curatorToken,
          fields: { exerciseId, comment: 'Добре' },
        }),
      ),
      lane(rated, (exerciseId) =>
        source.api('PATCH', '/api/exercises/rating', { token: curatorToken, body: { exerciseId, rating: 11 } }),
      ),
    ]);
    const output = await cli(source, 'backup', archive).finally(() => {
      backingUp = false;
    });
    expect(output).toContain('Резервну копію записано');
    const answers = await inFlight;
    for (const answer of answers.flat()) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    newHomework = answers[0].map(({ body }) => ({
      exerciseId: body._id,
      fileId: new URL(body.fileURL, source.url).pathname.split('/').at(-1) as string,
    }));
    after = await dump(source.app.services.db);
  });

  it('writes one archive: a manifest, a JSON-lines file per table, the uploads and media', async () => {
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe('manifest.json');
    for (const table of TABLE_NAMES) expect(entries).toContain(`tables/${table}.jsonl`);
    expect(entries).not.toContain('tables/upload_reservations.jsonl');
    expect(entries.some((e) => /^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(e))).toBe(true);
    expect(entries).toContain('media/alpha/pic.png');
    expect(await readdir(path.dirname(archive))).toEqual(['backup.tar.gz']);

    const dir = await mkdtemp(path.join(work, 'look-'));
    await tar.x({ file: archive, cwd: dir });
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.format).toBe('yedyni-backup');
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      source.app.services.db,
    );
    expect(manifest.migrations).toEqual(applied.rows.map((r) => r.name));
    expect(manifest.missingUploads).toEqual([]);
    expect(Object.keys(manifest.tables)).toEqual(TABLE_NAMES);
    const users = (await readFile(path.join(dir, 'tables/users.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(users).toHaveLength(manifest.tables.users as number);
    // Numbers stay numbers (bigint columns included), whichever database wrote them.
    expect(typeof users[0].created_at).toBe('number');
    expect(typeof users[0].mark).toBe('number');
  });

  it('restores every table as of one moment: rows written later may be absent, never half', async () => {
    const target = await app();
    const output = await cli(target, 'restore', archive);
    expect(output).toContain('Відновлено');
    restored = await dump(target.app.services.db);
    // Uploads that were running when the backup was taken hold no quota in the restored copy.
    expect(await target.app.services.db.selectFrom('upload_reservations').selectAll().execute()).toEqual([]);

    for (const table of TABLE_NAMES) {
      for (const [key, row] of restored[table]) {
        // Each restored row is its version from before the writes in flight or from after them.
        const versions = [before[table].get(key), after[table].get(key)].filter(Boolean);
        if (table === 'notification_deliveries') {
          // The job worker moves a delivery on by itself (pending, sending, sent) while the backup
          // runs, so any of its states may be caught; what it is (which notification, which
          // channel) never changes.
          const fixed = ({ id, notification_id, channel }: Row) => ({ id, notification_id, channel });
          expect(
            versions.map((v) => fixed(v as Row)),
            `${table} ${key}`,
          ).toContainEqual(fixed(row));
        } else expect(versions, `${table} ${key}`).toContainEqual(row);
      }
      // Nothing that existed when the backup started is missing (the writes deleted nothing).
      for (const key of before[table].keys()) expect(restored[table].has(key), `${table} ${key}`).toBe(true);
    }
    // Every restored file row has its bytes in the new data directory.
    const stored = await storedFiles(target.dataDir);
    for (const file of restored.files.values()) expect(stored).toContain(file.storage_key);
    // One transaction each: homework with its file; a comment with the status it set; a rating
    // with its footprint row and the user's running total.
    const exercises = restored.exercises;
    const rows = (table: TableName) => [...restored[table].values()];
    for (const { exerciseId, fileId } of newHomework) {
      expect(restored.files.has(JSON.stringify([fileId]))).toBe(exercises.has(JSON.stringify([exerciseId])));
    }
    for (const exerciseId of commented) {
      const hasComment = rows('exercise_comments').some((c) => c.exercise_id === exerciseId);
      expect(exercises.get(JSON.stringify([exerciseId]))?.status).toBe(hasComment ? 'inactive' : 'active');
    }
    for (const exerciseId of rated) {
      const exercise = exercises.get(JSON.stringify([exerciseId])) as Row;
      const footprint = rows('mark_entries').some((m) => m.source_key === `rating:${exerciseId}:1`);
      expect(exercise.rating).toBe(footprint ? 11 : null);
    }
    for (const user of rows('users')) {
      const points = rows('mark_entries')
        .filter((m) => m.user_id === user.id)
        .reduce((sum, m) => sum + (m.points as number), 0);
      expect(user.mark, String(user.email)).toBe(points);
    }
  });

  it('serves the restored server: the same password signs in, the homework file is byte-identical', async () => {
    const target = apps.at(-1) as TestApp;
    const token = await signIn(target, learner.person.email, learner.person.password);
    const homework = await target.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token });
    expect(homework.body.homework).toBe('Моя домашня робота');
    const file = await fetch(target.url + homework.body.fileURL);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const media = await fetch(`${target.url}/media/alpha/pic.png`);
    expect(media.status).toBe(200);
    expect(
      Buffer.from(await media.arrayBuffer()).equals(await readFile(path.join(source.dataDir, 'media/alpha/pic.png'))),
    ).toBe(true);
    const order = await target.api('GET', `/api/payments/orders/${orderId}`, { token });
    expect(order.body).toMatchObject({ amount: 120, status: 'paid' });
  });

  it('keeps the data to its owner: archive, SQLite file with -wal/-shm, uploads, media, outbox 0600 in a 0700 data dir', async () => {
    const target = apps.at(-1) as TestApp;
    // A recovery mail, so the outbox holds a file too.
    await source.api('POST', '/api/auth/recovery', { body: { email: learner.person.email } });
    await expect.poll(() => source.outbox().then((mails) => mails.length)).toBeGreaterThan(0);
    const modes: Record<string, number> = {};
    const visit = async (file: string) => {
      // A mail still being written (the registration's address check) is renamed from its .tmp
      // between readdir and stat: gone is fine, its final name is visited when it is listed.
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!info) return;
      modes[file] = info.mode & 0o777;
      if (info.isDirectory()) for (const name of await readdir(file)) await visit(path.join(file, name));
    };
    await visit(archive);
    for (const t of [source, target]) {
      await visit(t.dataDir);
      const { database } = loadConfig(t.env);
      if (database.kind === 'sqlite') {
        for (const suffix of ['', '-wal', '-shm']) expect(Object.keys(modes)).toContain(database.file + suffix);
      }
    }
    const files = Object.keys(modes);
    for (const folder of ['uploads', 'media', 'outbox'])
      expect(files.some((f) => f.includes(`/${folder}/`))).toBe(true);
    // Course media below media/<slug> are public (served at /media to anyone) and copied by the
    // content importer as they are; the 0700 data directory keeps other local users out of them.
    const open = Object.entries(modes).filter(
      ([file, mode]) => (mode & 0o077) !== 0 && !/\/media\/[^/]+(\/|$)/.test(file),
    );
    expect(open.map(([file, mode]) => `${file} ${mode.toString(8)}`)).toEqual([]);
  });

  it('refuses a database that is not empty, changing nothing', async () => {
    const untouched = plain(await dump(source.app.services.db));
    await expect(cli(source, 'restore', archive)).rejects.toThrow(/не порожня/);
    expect(plain(await dump(source.app.services.db))).toEqual(untouched);
  });

  it('refuses a truncated, corrupted or foreign archive, leaving the database empty', async () => {
    const target = await app();
    const bytes = await readFile(archive);
    const truncated = path.join(work, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(cli(target, 'restore', truncated)).rejects.toThrow(/пошкоджений або неповний/);
    const corrupted = path.join(work, 'corrupted.tar.gz');
    const middle = Math.floor(bytes.length / 2);
    const flipped = Buffer.concat([bytes.subarray(0, middle), Buffer.alloc(16, 0x5a), bytes.subarray(middle + 16)]);
    await writeFile(corrupted, flipped);
    await expect(cli(target, 'restore', corrupted)).rejects.toThrow(/пошкоджений або неповний/);
    const foreign = path.join(work, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: foreign, cwd: source.dataDir }, ['media']);
    await expect(cli(target, 'restore', foreign)).rejects.toThrow(/не є резервною копією/);
    await expect(cli(target, 'restore', path.join(work, 'no-such.tar.gz'))).rejects.toThrow(/немає/);
    await expectEmpty(target);
  });

  it('rolls every row back when one is refused half-way through', async () => {
    const target = await app();
    const seeded = (await dump(target.app.services.db)).game_tasks;
    // Well-formed, but the last table's last row points at nobody: everything before it went in.
    const broken = await repack(archive, 'broken.tar.gz', async (dir) => {
      const file = path.join(dir, 'tables/audit_log.jsonl');
      const row = { id: 'x', actor_id: 'nobody', action: 'a', target: 't', summary: 's', details: '{}', created_at: 1 };
      await writeFile(file, `${await readFile(file, 'utf8')}${JSON.stringify(row)}\n`);
      await editManifest(dir, (m) => {
        m.tables.audit_log = (m.tables.audit_log as number) + 1;
      });
    });
    await expect(cli(target, 'restore', broken)).rejects.toThrow();
    await expectEmpty(target);
    expect((await dump(target.app.services.db)).game_tasks).toEqual(seeded);

    const miscounted = await repack(archive, 'miscounted.tar.gz', (dir) =>
      editManifest(dir, (m) => {
        m.tables.clubs = 7;
      }),
    );
    await expect(cli(target, 'restore', miscounted)).rejects.toThrow(/clubs: в архіві 0 рядків, а в описі 7/);
    await expectEmpty(target);
  });

  it('refuses an archive from a newer version with migrations this one does not know', async () => {
    const target = await app();
    const future = await repack(archive, 'future.tar.gz', (dir) =>
      editManifest(dir, (m) => {
        m.migrations.push('0099_future');
      }),
    );
    await expect(cli(target, 'restore', future)).rejects.toThrow(/невідомі міграції 0099_future/);
    await expectEmpty(target);
  });

  // PostgreSQL-only checks: defined for CI's PostgreSQL pass (TEST_DATABASE_URL) only.
  const onPostgres = (name: string, check: () => Promise<void>) => {
    if (process.env.TEST_DATABASE_URL) it(name, check);
  };
  onPostgres('needs no sequences on PostgreSQL: every id is a string the rows carry', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.sequences where sequence_schema = 'public'`.execute(
      source.app.services.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  onPostgres('moves PostgreSQL → SQLite → PostgreSQL with every row intact', async () => {
    // An empty DATABASE_URL means "not set": the SQLite file in the data directory.
    const lite = await app({ DATABASE_URL: '' });
    expect(loadConfig(lite.env).database.kind).toBe('sqlite');
    await cli(lite, 'restore', archive);
    const got = plain(await dump(lite.app.services.db));
    const want = plain(restored);
    for (const table of TABLE_NAMES) expect(got[table], table).toEqual(want[table]);

    const again = path.join(work, 'from-sqlite.tar.gz');
    await cli(lite, 'backup', again);
    const pg = await app();
    await cli(pg, 'restore', again);
    expect(plain(await dump(pg.app.services.db))).toEqual(plain(restored));
    await signIn(lite, learner.person.email, learner.person.password);
    await signIn(pg, learner.person.email, learner.person.password);
  });
});

describe('the command line', () => {
  it('asks for a file name', async () => {
    const t = await app();
    await expect(cli(t, 'backup')).rejects.toThrow(/backup <file.tar.gz>/);
    await expect(cli(t, 'restore', 'a', 'b')).rejects.toThrow(/restore <file.tar.gz>/);
  });
});
