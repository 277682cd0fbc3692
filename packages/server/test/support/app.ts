import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppOverrides, buildApp } from '../../src/app.js';
import type { Clock } from '../../src/infra/clock.js';
import { loadConfig } from '../../src/infra/config.js';
import { needsRowLocks } from '../../src/infra/db/index.js';

/** What production needs besides NODE_ENV: a JWT secret, live payment keys and the organisation. */
export const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  ORG_NAME: 'ГО «Єдині»',
  ORG_CODE: '12345678',
  LIQPAY_PUBLIC_KEY: 'i123',
  LIQPAY_PRIVATE_KEY: 'secret',
};

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApp {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  /** The settings the server was started with, for a command line run on the same data. */
  env: Record<string, string>;
  clock: TestClock;
  /** The Redis channel its sockets share with the instances started `sharing` it. */
  realtimeChannel: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; the server validates them against the contract
  api<T = any>(
    method: string,
    route: string,
    options?: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  /** A multipart/form-data request, as the web sends homework and comments. */
  // biome-ignore lint/suspicious/noExplicitAny: as api()
  form<T = any>(
    method: string,
    route: string,
    options: {
      token?: string;
      fields: Record<string, string>;
      file?: { bytes: Uint8Array; name: string; type?: string };
    },
  ): Promise<ApiAnswer<T>>;
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real server on a free port over a fresh SQLite file, or over a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set (and sharing TEST_REDIS_URL's Redis when that is set).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  overrides: Pick<AppOverrides, 'logStream' | 'workers'> & {
    /** Another instance over the same database and data directory (which stay the first one's). */
    sharing?: TestApp;
  } = {},
): Promise<TestApp> {
  const { sharing, ...appOverrides } = overrides;
  const dataDir = sharing?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'yedyni-test-')));
  const database = sharing
    ? undefined
    : process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
  const databaseUrl = sharing ? sharing.env.DATABASE_URL : database?.url;
  const clock = new TestClock();
  // Known before listening, so PUBLIC_URL (links in mail, the payment sandbox's callbacks) is right.
  const port = await freePort();
  const settings: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_LOGIN_ADDRESS: '1000',
    RATE_LIMIT_LOGIN_ACCOUNT: '1000',
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_RECOVERY: '1000',
    RATE_LIMIT_RECOVERY_ADDRESS: '1000',
    RATE_LIMIT_RESET: '1000',
    RATE_LIMIT_TWO_STEP: '1000',
    RATE_LIMIT_TWO_STEP_ADDRESS: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    ...env,
  };
  const config = loadConfig(settings);
  // Instances over one database talk to each other; nobody else's do.
  const realtimeChannel = sharing?.realtimeChannel ?? `yedyni-test-${randomBytes(6).toString('hex')}`;
  const app = await buildApp(config, {
    ...appOverrides,
    clock,
    rateLimitNamespace: `test-${randomBytes(6).toString('hex')}:`,
    realtimeChannel,
  });
  await app.listen({ host: '127.0.0.1', port });
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    app,
    dataDir,
    env: settings,
    clock,
    realtimeChannel,
    async api(method, route, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined = options.raw;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(url + route, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
      return { status: response.status, headers: response.headers, body: parsed as never };
    },
    async form(method, route, { token, fields, file }) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      if (file)
        body.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
      const response = await fetch(url + route, {
        method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body,
      });
      const text = await response.text();
      const parsed = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
      return { status: response.status, headers: response.headers, body: parsed as never };
    },
    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')));
    },
    async close() {
      await app.close();
      if (sharing) return;
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `yedyni_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The app's pool has been told to end; its sockets close a moment later. Forcing the drop
        // earlier would kill a connection mid-goodbye, so wait for them to go.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

let counter = 0;
/** A registration body with a unique email. */
export function newPerson(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Марʼяна',
    last_name: 'Ковальчук-Орел',
    email: `person${counter}-${randomBytes(3).toString('hex')}@example.org`,
    password: 'correct horse battery',
    consent: true,
    ...overrides,
  };
}

let tag = 0;
/** Letters only (names allow no digits), unique within the run: a surname only one test has. */
export function uniqueLetters(prefix: string): string {
  let n = (Date.now() % 10_000_000) * 100 + ++tag;
  let out = '';
  while (n > 0) {
    out += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return `${prefix}${out}`;
}

/** Decodes a quoted-printable mail body enough to read links out of it. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The link of this kind last mailed to `email` (mail goes out without being awaited, so it is
 * polled); `after`: how many such links to skip (a newer one is awaited).
 */
export async function mailedLinkOf(
  t: TestApp,
  email: string,
  kind: 'reset' | 'confirm-email',
  after = 0,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]+/${kind}/[A-Za-z0-9_-]+`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const links = (await t.outbox())
      .map(decodeQuotedPrintable)
      .filter((m) => m.includes(`To: ${email}`))
      .flatMap((m) => m.match(pattern)?.[0] ?? []);
    const link = links.length > after ? links.at(-1) : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} mail for ${email}`);
}

/** The reset link last mailed to `email`. */
export const resetLinkOf = (t: TestApp, email: string) => mailedLinkOf(t, email, 'reset');

/** Opens the address check mailed at registration, as its owner does (issue 21). */
export async function confirmEmail(t: TestApp, email: string): Promise<void> {
  const token = (await mailedLinkOf(t, email, 'confirm-email')).split('/confirm-email/')[1];
  const answer = await t.api('POST', '/api/account/email/confirm', { body: { token } });
  if (answer.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(answer.body)}`);
}

/**
 * Holds the app's database still until `release`, from outside any request: on SQLite by taking
 * the app's only connection in an open transaction (every query of the app waits its turn), on
 * PostgreSQL by an open transaction holding `LOCK TABLE <table>` (queries on that table wait).
 * Only await-based waiting, so the event loop, and the test, go on meanwhile.
 */
export async function holdDatabase(t: TestApp, table: string): Promise<{ release(): Promise<void> }> {
  const db = t.app.services.db;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    if (needsRowLocks(db)) await sql.raw(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`).execute(trx);
    else await sql`SELECT 1`.execute(trx);
    held();
    await released;
  });
  await Promise.race([holding, done]);
  return {
    async release() {
      release();
      await done;
    },
  };
}

/** Resolves once `condition` holds, or after `ms` regardless (the caller then asserts what it expects). */
export async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}
