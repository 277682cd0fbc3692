// What the benchmarks share: the built server as a child process, a fresh database for it (SQLite in
// a temporary data directory, or a fresh PostgreSQL database dropped afterwards), and seeding
// written straight into that database through the server's own modules, so that setting up
// thousands of learners measures neither argon2 nor the HTTP API.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const serverDist = path.join(root, 'packages/server/dist');
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's PostgreSQL as CI and the tests use it; BENCH_DATABASE_URL overrides it. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

// Everything a benchmark started is undone on the way out, also on Ctrl-C or a failure.
const cleanups = [];
/** Registers an undo step; returns a function that runs it now (once) and forgets it. */
export function onCleanup(step) {
  const entry = { step, done: false };
  cleanups.push(entry);
  return async () => {
    if (entry.done) return;
    entry.done = true;
    cleanups.splice(cleanups.indexOf(entry), 1);
    await step();
  };
}
async function cleanUpEverything() {
  while (cleanups.length > 0) {
    const entry = cleanups.pop();
    entry.done = true;
    await Promise.resolve()
      .then(entry.step)
      .catch((error) => console.error('cleanup failed:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUpEverything().finally(() => process.exit(130));
  });
}

export async function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (user + system) a process has used so far, in ms (from /proc; clock ticks of 10 ms). */
export async function cpuMsOf(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const mb = (bytes) => Number((bytes / 2 ** 20).toFixed(1));
export const round1 = (n) => Number(n.toFixed(1));

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** count, p50, p99 and max of some durations in ms. */
export function summarize(values) {
  if (values.length === 0) return { count: 0, p50Ms: null, p99Ms: null, maxMs: null };
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round1(percentile(sorted, 50)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.at(-1)),
  };
}

/** The PostgreSQL to use (BENCH_DATABASE_URL, else the machine's), or null when none answers. */
export async function reachablePostgres() {
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A data directory, and for `postgres` a fresh database on the server behind `adminUrl`; both go
 * at cleanup. Answers the settings that point the server at them.
 */
export async function freshDatabase(kind, adminUrl) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yedyni-bench-'));
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  if (kind === 'sqlite') return { kind, dataDir, databaseUrl: '', drop: removeDir };
  const name = `yedyni_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const dropDatabase = onCleanup(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // The server is gone by now; FORCE ends whatever connection is still saying goodbye.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await dropDatabase();
      await removeDir();
    },
  };
}

/** The server's settings for a benchmark: no demo data, no Redis, the database given. */
export function serverEnv(database, port, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    REDIS_URL: '',
    ...extra,
  };
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog };

/** The server's own services over the benchmark's database (migrated), for seeding; close() after. */
export async function openServices(env) {
  const { loadConfig } = await import(path.join(serverDist, 'infra/config.js'));
  const { createServices } = await import(path.join(serverDist, 'services.js'));
  const config = loadConfig(env);
  const services = await createServices(config, silentLog);
  return { config, services };
}

/** The course «Курс переходу» from content/, its current wave started a day ago (lessons 1–2 open). */
export async function seedCourse(services, now) {
  const { importCourse } = await import(path.join(serverDist, 'features/courses/content.js'));
  const course = await importCourse(services.db, path.join(root, 'content/courses/perehid'), {
    mediaRoot: services.mediaRoot,
    now,
    waveStart: now - 86_400_000,
  });
  const { current_wave: wave } = await services.db
    .selectFrom('courses')
    .select('current_wave')
    .where('id', '=', course.id)
    .executeTakeFirstOrThrow();
  return { courseId: course.id, wave };
}

/**
 * After seeding PostgreSQL, what autovacuum does within a minute or so of any bulk load: fresh
 * planner statistics. Without them it takes the new tables for empty and scans them whole (the
 * notification query ran 50 times slower). SQLite is left as the server leaves it: no ANALYZE.
 */
export async function analyzeIfPostgres(services, kind) {
  if (kind !== 'postgres') return;
  const { sql } = await import('kysely');
  await sql`ANALYZE`.execute(services.db);
}

/** Inserts rows in slices, each slice one statement, all in one transaction. */
export async function insertRows(db, table, rows, slice = 200) {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += slice) {
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + slice))
        .execute();
    }
  });
}

/**
 * `count` learners enrolled in the room's wave, with `passwordHash` (empty: they cannot sign in)
 * and, when `sessions` is set, a live session each whose token is returned.
 */
export async function seedLearners(services, config, room, { count, now, passwordHash = '', sessions = true }) {
  const { SessionTokens, SESSION_TTL_MS } = await import(path.join(serverDist, 'features/auth/tokens.js'));
  const tokens = new SessionTokens(config.jwtSecret);
  const run = randomBytes(3).toString('hex');
  const people = [];
  for (let i = 0; i < count; i++) {
    const person = { id: randomUUID(), sessionId: randomUUID(), email: `bench-${run}-${i}@example.org`, token: '' };
    if (sessions) {
      person.token = await tokens.sign({ userId: person.id, sessionId: person.sessionId }, now, now + SESSION_TTL_MS);
    }
    people.push(person);
  }
  await insertRows(
    services.db,
    'users',
    people.map((p, i) => ({
      id: p.id,
      first_name: 'Учасник',
      last_name: `Хвилі ${i}`,
      email: p.email,
      password_hash: passwordHash,
      role: 'user',
      inviter_id: null,
      created_at: now,
      mark: 0,
    })),
  );
  if (sessions) {
    await insertRows(
      services.db,
      'sessions',
      people.map((p) => ({
        id: p.sessionId,
        user_id: p.id,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        revoked_at: null,
        // An idle session ends (SESSION_IDLE_DAYS): each bench session was just used.
        last_seen_at: now,
      })),
    );
  }
  await insertRows(
    services.db,
    'enrollments',
    people.map((p) => ({ user_id: p.id, course_id: room.courseId, wave: room.wave, enrolled_at: now })),
  );
  return people;
}

/**
 * Starts `packages/server/dist/main.js` (or `main.js` of `dist`) with these settings and waits for
 * /api/health. Its stdout (the JSON log) goes nowhere, as it would to a log shipper; stderr is
 * kept for the error message if it dies. stop() ends it with SIGTERM and waits.
 */
export async function startServer(env, { dist = serverDist, nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(dist, 'main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-10_000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited: ${stderr}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, stop, stderr: () => stderr };
    await sleep(100);
  }
  await stop();
  throw new Error('server did not become healthy');
}
