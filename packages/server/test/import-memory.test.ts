import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oid, person, T0, writeArray } from '../../../bench/original-export.mjs';
import { buildServer } from './faults/support.js';
import { createPostgresDatabase } from './support/app.js';

/*
 * Bounded memory (issue 24): the real command, `node dist/cli/admin.js import-original`, in a child
 * process whose old generation is capped at HEAP_MB, on a generated export of PEOPLE people and as
 * many chat messages. Loading the server takes some 60 MB of that heap; what an export may add on top
 * is a few compact maps. A 1 MB young generation keeps the headroom V8 needs for promotions small,
 * so the cap measures what is live. The importer that kept every person's old id as a slice of the
 * parser's text (~1.5 kB a person) ran out of heap here on both databases; this one must finish and
 * import everything. Not timed: only whether it finishes, and what it imported.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN = path.join(ROOT, 'packages', 'server', 'dist', 'cli', 'admin.js');
const HEAP_MB = 72;
const PEOPLE = 10_000;
let folder: string;
let dataDir: string;
let database: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  buildServer();
  folder = await mkdtemp(path.join(tmpdir(), 'yedyni-original-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'yedyni-test-'));
  database = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  await writeArray(path.join(folder, 'courses.json'), 1, () => ({
    _id: oid('c', 0),
    title: 'Курс',
    wave: '12',
    start: { $date: new Date(T0).toISOString() },
    lessons: [{ day: '1', theme: 'Урок 1', scheduledDate: { $date: new Date(T0).toISOString() } }],
  }));
  // People as the old platform holds them: the tokens are read and left behind.
  await writeArray(path.join(folder, 'users.json'), PEOPLE, (i) =>
    person(i, PEOPLE, {
      token: `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(300)}.${i}`,
      verificationToken: 'v'.repeat(64),
    }),
  );
  await writeArray(path.join(folder, 'messages.json'), PEOPLE, (i) => ({
    _id: oid('9', i),
    chat: 'Курс-12',
    text: 'Повідомлення в чаті',
    sender: oid('b', i),
    date: T0 + i,
  }));
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
});

it(`imports ${PEOPLE} people and ${PEOPLE} messages with the heap capped at ${HEAP_MB} MB`, async () => {
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=1', ADMIN, 'import-original', folder],
      { env, maxBuffer: 16 * 2 ** 20 },
      (error, stdout, stderr) => resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
    );
  });
  expect(result.stderr).not.toMatch(/heap out of memory/);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Імпорт завершено.');
  expect(result.stdout).toContain(`люди: ${PEOPLE} (0)`);
  expect(result.stdout).toContain(`повідомлення чату: ${PEOPLE} (0)`);
  expect(result.stdout).toContain('Нічого не втрачено.');
}, 600_000);
