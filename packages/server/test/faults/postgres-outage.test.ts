import { Writable } from 'node:stream';
import type { ChatAck } from '@yedyni/contract';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/infra/db/unavailable.js';
import { GENERIC_MESSAGES } from '../../src/infra/errors.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { importFixtures, signUp } from '../support/courses.js';
import { type ChatClient, connect } from '../support/sockets.js';
import { type PrivatePostgres, privatePostgres } from './support.js';

/*
 * PostgreSQL stopped under load and started again: meanwhile every answer is a clean 503 with
 * Retry-After (never a 500, never a stack or SQL), the operator gets one warning, and the server
 * serves again on its own once the database is back. A private cluster (initdb into a temporary
 * folder, its own port) is stopped, never the machine's shared one. Runs with TEST_DATABASE_URL.
 */

const UNAVAILABLE = GENERIC_MESSAGES[503] as string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  what: string;
  started: number;
  ended: number;
  status: number;
  body: unknown;
  retryAfter: string | null;
}

let cluster: PrivatePostgres | undefined;
let t: TestApp;
let alpha: string;
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
    done();
  },
});

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  cluster = await privatePostgres();
  // REDIS_URL empty: this is about the database alone.
  // Three chatters send 20 messages a second each: far past the per-user chat limit, which this test is not about.
  t = await startTestApp(
    { DATABASE_URL: cluster.url, REDIS_URL: '', LOG_LEVEL: 'info', RATE_LIMIT_CHAT: '100000' },
    { logStream },
  );
  ({ alpha } = await importFixtures(t));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await cluster?.destroy();
});

// Defined for CI's PostgreSQL pass only (TEST_DATABASE_URL); the SQLite pass has no such server to restart.
const onPostgres = (name: string, body: () => void) => {
  if (process.env.TEST_DATABASE_URL) describe(name, body);
};
onPostgres('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After meanwhile, never 500, and serves again without a restart', async () => {
    const people = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const exercises: string[] = [];
    for (const { token } of people) {
      const created = await t.form('POST', '/api/exercises', {
        token,
        fields: { courseId: alpha, lessonId: '1', homework: 'Моя відповідь' },
      });
      expect(created.status).toBe(201);
      exercises.push(created.body._id);
    }
    const sockets: ChatClient[] = [];
    for (const { token } of people) {
      const socket = await connect(t, token);
      sockets.push(socket);
      expect(await emit(socket, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
    }

    const samples: Sample[] = [];
    const chatAcks: { started: number; ack: ChatAck }[] = [];
    let running = true;
    const timed = async (what: string, request: () => Promise<Response>) => {
      const started = Date.now();
      // Our server never goes away here: a failed connection is recorded as status 0 (a failure).
      const response = await request().catch(() => null);
      if (!response) {
        samples.push({ what, started, ended: Date.now(), status: 0, body: null, retryAfter: null });
        return;
      }
      const text = await response.text();
      samples.push({
        what,
        started,
        ended: Date.now(),
        status: response.status,
        body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
        retryAfter: response.headers.get('retry-after'),
      });
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const reader = async (i: number) => {
      const { token } = people[i % people.length] as { token: string };
      const routes = [
        '/api/auth/current',
        '/api/partners/indicators',
        `/api/chats?courseId=${alpha}&wave=1`,
        '/api/exercises/notifications',
        `/api/exercises/${exercises[i % exercises.length]}`,
      ];
      for (let n = 0; running; n++) {
        const route = routes[n % routes.length] as string;
        await timed(`GET ${route}`, () => fetch(t.url + route, { headers: bearer(token) }));
        await sleep(20);
      }
    };
    const writer = async (i: number) => {
      const { token, person } = people[i] as (typeof people)[number];
      for (let n = 0; running; n++) {
        if (n % 5 === 4) {
          await timed('POST /api/auth/login', () =>
            fetch(`${t.url}/api/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: person.email, password: person.password }),
            }),
          );
        } else {
          const body = new FormData();
          body.append('exerciseId', exercises[i] as string);
          body.append('comment', `Коментар ${n}`);
          await timed('POST /api/exercises/comment', () =>
            fetch(`${t.url}/api/exercises/comment`, { method: 'POST', headers: bearer(token), body }),
          );
        }
        await sleep(30);
      }
    };
    const chatter = async (i: number) => {
      const socket = sockets[i] as ChatClient;
      for (let n = 0; running; n++) {
        const started = Date.now();
        const ack = await emit(socket, 'chat:send', { courseId: alpha, wave: '1', text: `Привіт ${n}` }).catch(
          (error: unknown) => ({ ok: false as const, message: `no answer: ${String(error)}` }),
        );
        chatAcks.push({ started, ack });
        await sleep(50);
      }
    };
    const watchHealth = async () => {
      while (running) {
        await timed('GET /api/health', () => fetch(`${t.url}/api/health`));
        await sleep(100);
      }
    };
    // What the server logs from here on is about the load and the outage (start-up has its own lines,
    // e.g. a missing web build in a fresh clone).
    const logFrom = logLines.length;
    const load = [...[0, 1, 2, 3].map(reader), ...[0, 1, 2].map(writer), ...[0, 1, 2].map(chatter), watchHealth()];

    await sleep(1_000);
    const stopping = Date.now();
    await cluster?.stop('fast');
    const stopped = Date.now();
    await sleep(3_000);
    // A socket that connects meanwhile is not refused (that would stop a browser from retrying):
    // its connection is dropped, so the client reconnects on its own later.
    const handshake = await tryConnect(t.url, people[0]?.token as string);
    const restarting = Date.now();
    await cluster?.start();
    const restarted = Date.now();
    // Back to answering within a few seconds, then a while of normal service.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restarted < 10_000) {
      await sleep(100);
      const recent = samples.filter((s) => s.started > restarted);
      if (recent.length > 10 && recent.slice(-10).every((s) => s.status < 300)) recoveredAt = Date.now();
    }
    await sleep(1_000);
    running = false;
    await Promise.all(load);
    for (const socket of sockets) socket.close();

    // Never a 500, never a 401 for a database that is away: only success or 503.
    const statuses = new Set(samples.map((s) => s.status));
    expect([...statuses].filter((s) => !(s >= 200 && s < 300) && s !== 503)).toEqual([]);
    for (const s of samples.filter((x) => x.status === 503)) {
      expect(s.body, s.what).toEqual({ message: UNAVAILABLE });
      expect(Number(s.retryAfter), s.what).toBeGreaterThan(0);
    }
    // While it was away (between stop and start), every answer was 503, and quick (no hanging).
    const during = samples.filter((s) => s.started >= stopped && s.ended <= restarting);
    expect(during.length).toBeGreaterThan(50);
    expect(during.filter((s) => s.status !== 503)).toEqual([]);
    expect(during.some((s) => s.what === 'GET /api/health')).toBe(true);
    expect(Math.max(...during.map((s) => s.ended - s.started))).toBeLessThan(6_000);
    // Before the stop everything was fine; after the restart it is again, without restarting us.
    expect(samples.filter((s) => s.ended < stopping && s.status !== 200 && s.status !== 201)).toEqual([]);
    expect(recoveredAt, 'recovered within 10 s of the restart').toBeGreaterThan(0);
    const after = samples.filter((s) => s.started >= recoveredAt);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((s) => s.status >= 300)).toEqual([]);
    const healthAfter = samples.filter((s) => s.what === 'GET /api/health' && s.started >= recoveredAt);
    expect(healthAfter.at(-1)?.status).toBe(200);

    // Chat over sockets: a clear refusal meanwhile, delivered again afterwards.
    const chatDuring = chatAcks.filter((a) => a.started >= stopped && a.started < restarting);
    expect(chatDuring.length).toBeGreaterThan(5);
    for (const { ack } of chatDuring) expect(ack).toEqual({ ok: false, message: UNAVAILABLE });
    expect(chatAcks.filter((a) => a.started >= recoveredAt && !a.ack.ok)).toEqual([]);
    expect(handshake).toBe('dropped: transport close');

    // The operator is told once (a warning, no stack) and told when it is over; no error lines.
    const logged = logLines.slice(logFrom);
    const errors = logged.filter((l) => Number(l.level) >= 50);
    expect(errors).toEqual([]);
    const warnings = logged.filter((l) => Number(l.level) === 40);
    // The outage warning only (once, or again if a connection came and went while it restarted).
    expect(warnings.length).toBeGreaterThan(0);
    expect(new Set(warnings.map((w) => w.msg))).toEqual(
      new Set(['database unavailable: answering 503 until it is back']),
    );
    expect(JSON.stringify(warnings)).not.toContain('stack');
    expect(logged.some((l) => l.msg === 'database available again')).toBe(true);
    console.info(
      `PostgreSQL outage: ${samples.length} answers (${during.length} while stopped, all 503); ` +
        `stop took ${stopped - stopping} ms, start ${restarted - restarting} ms, ` +
        `served again ${recoveredAt - restarted} ms after the start`,
    );
  }, 90_000);
});

describe('which errors mean "the database is away" (503) rather than a bug (500)', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows connection-level failures of PostgreSQL, the network, pg-pool and SQLite', () => {
    for (const code of ['57P01', '57P03', '08006', '08001', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_IOERR_WRITE',
      'SQLITE_FULL',
      'SQLITE_CANTOPEN',
    ]) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    // A host name with several addresses fails as an AggregateError; a wrapped cause counts too.
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: coded('57P01') }))).toBe(true);
  });
  it('leaves query errors and bugs alone', () => {
    for (const code of ['23505', '42P01', '22P02', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'ENOENT']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

function emit(socket: ChatClient, event: string, payload: unknown): Promise<ChatAck> {
  return (socket.timeout(10_000).emitWithAck as (event: string, payload: unknown) => Promise<ChatAck>)(event, payload);
}

/** A handshake's outcome: connected, refused by the server (its message), or dropped (the reason). */
function tryConnect(url: string, token: string): Promise<string> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(`refused: ${error.message}`));
    socket.once('disconnect', (reason) => resolve(`dropped: ${reason}`));
    setTimeout(() => resolve('no answer'), 10_000);
  }).finally(() => socket.close());
}
