import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { kyivParts, kyivTime } from '@yedyni/contract';
import { importCourse } from '../../src/features/courses/content.js';
import { loadConfig } from '../../src/infra/config.js';
import { createDb, migrateToLatest } from '../../src/infra/db/index.js';
import { freePort } from '../support/app.js';
import { FIXTURES } from '../support/courses.js';
import { provider } from '../support/liqpay.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const MAIN = path.join(ROOT, 'packages', 'server', 'dist', 'main.js');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator (mulberry32): the same seed, the same moments and choices. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The server as operators run it: `node packages/server/dist/main.js`. The build is incremental
 * (`tsc -b` only checks timestamps when nothing changed), so running it here keeps a test run on
 * its own from starting a stale build; under `npm test` the typecheck step has built it already.
 */
export function buildServer(): void {
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-b', 'packages/server'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsc -b packages/server failed:\n${result.stdout}${result.stderr}`);
}

/** The settings of a test server, as environment variables (support/app.ts's, for a child process). */
export function serverEnv(dataDir: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_LOGIN_ADDRESS: '100000',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000',
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_RECOVERY: '100000',
    RATE_LIMIT_RECOVERY_ADDRESS: '100000',
    RATE_LIMIT_RESET: '100000',
    RATE_LIMIT_CHAT: '100000',
    ...extra,
  };
}

/** Migrates the database of `env` and imports the fixture course alpha with a wave that started today. */
export async function prepareCourse(env: Record<string, string>): Promise<string> {
  const config = loadConfig(env);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const today = kyivParts(Date.now());
    const course = await importCourse(db, `${FIXTURES}/alpha`, {
      mediaRoot: path.join(config.dataDir, 'media'),
      now: Date.now(),
      waveStart: kyivTime(today.year, today.month, today.day),
    });
    return course.id;
  } finally {
    await db.destroy();
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the server wrote to stdout and stderr (JSON log lines). */
  output(): string;
  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the graceful exit. */
  stop(): Promise<void>;
}

/** Spawns the built server on a free port with `env`, and waits until /api/health answers 200. */
export async function spawnServer(env: (port: number) => Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`the server exited during start:\n${output}`);
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 30 s:\n${output}`);
    }
    await sleep(50);
  }
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    async kill9() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely, as support/app.ts
export type Answer = { status: number; headers: Headers; body: any };

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text;
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text };
}

/** A JSON request to a server at `url`. */
export async function api(
  url: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return answer(await fetch(url + route, { method, headers, body }));
}

/** A multipart/form-data request with text fields and an optional file, as the web sends homework. */
export async function form(
  url: string,
  method: string,
  route: string,
  options: { token: string; fields: Record<string, string>; file?: { bytes: Uint8Array; name: string } },
): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(options.fields)) body.append(name, value);
  if (options.file) body.append('file', new Blob([options.file.bytes]), options.file.name);
  return answer(await fetch(url + route, { method, headers: { authorization: `Bearer ${options.token}` }, body }));
}

/** A LiqPay callback signed with the sandbox keys the test servers run with. */
export async function callback(url: string, params: Record<string, string | number>): Promise<Answer> {
  const signed = provider.encode(params);
  return answer(
    await fetch(`${url}/api/payments/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: signed.data, signature: signed.signature }).toString(),
    }),
  );
}

/** A PDF whose body is `label` and `size` bytes of noise: every upload distinct, recognisable as a PDF. */
export function pdf(label: string, size: number, random: () => number): Buffer {
  const noise = Buffer.alloc(size);
  for (let i = 0; i < size; i++) noise[i] = 32 + Math.floor(random() * 90);
  return Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n% `), noise, Buffer.from('\ntrailer<<>>\n%%EOF\n')]);
}

/** Every file under the uploads folder (`<shard>/<name>`), temporary ones included. */
export async function uploadedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const found: string[] = [];
  for (const shard of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, shard)).catch(() => [] as string[])) {
      found.push(`${shard}/${name}`);
    }
  }
  return found;
}

/** Runs a command as the `postgres` user when we are root (PostgreSQL refuses to run as root). */
async function asPostgres(command: string, args: string[]): Promise<string> {
  const root = process.getuid?.() === 0;
  const { stdout, stderr } = root
    ? await run('runuser', ['-u', 'postgres', '--', command, ...args], { timeout: 60_000 })
    : await run(command, args, { timeout: 60_000 });
  return stdout + stderr;
}

async function postgresBin(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql').catch(() => [] as string[])).sort(
    (a, b) => Number(b) - Number(a),
  );
  if (!versions[0]) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

export interface PrivatePostgres {
  /** postgres://… of the cluster's `postgres` database. */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast|immediate`: sessions are ended, new connections refused. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of our own (initdb into a temporary folder, its own port and socket
 * folder), so stopping it under load touches nobody else's database.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBin();
  const dir = await mkdtemp(path.join(tmpdir(), 'yedyni-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  await asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => asPostgres(`${bin}/pg_ctl`, ['-D', data, ...args]);
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl('-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start');
    },
    async stop(mode = 'fast') {
      await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
    },
    async destroy() {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: Redis vanishes without a goodbye, connections reset. */
  kill(): Promise<void>;
}

function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A redis-server of our own on a free port, without persistence, started and killed at will. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
        { stdio: 'ignore' },
      );
      child = started;
      for (let attempt = 0; attempt < 100; attempt++) {
        if (await redisAnswers(port)) return;
        if (started.exitCode !== null) break;
        await sleep(50);
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}
