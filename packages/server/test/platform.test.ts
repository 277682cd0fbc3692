import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../src/features/auth/passwords.js';
import { ConfigError, loadConfig } from '../src/infra/config.js';
import { PRODUCTION, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'yedyni-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Єдині</title><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({ WEB_DIST: webDist, SEED_DEMO: 'true' });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/auth/current', '/api/no-such-route', '/', '/uk/profile', '/assets/app-abc123.js'])(
    '%s carries CSP without inline scripts, nosniff and no framing',
    async (route) => {
      const answer = await t.api('GET', route);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    },
  );
});

describe('errors and the web app', () => {
  it('answers unknown API paths with 404 {message}', async () => {
    const answer = await t.api('GET', '/api/no-such-route');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Не знайдено' });
  });

  it('serves the SPA for any non-API path, and hashed assets with a long cache', async () => {
    for (const route of ['/', '/login', '/uk/bonus/mark', '/reset/some-token']) {
      const page = await t.api('GET', route);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await t.api('GET', '/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const doc = await t.api('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    // A prefix's own route is listed with a trailing slash; both forms answer.
    const paths = Object.keys(doc.body.paths).map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p));
    for (const route of ['/api/auth/register', '/api/auth/login', '/api/auth/recovery', '/api/auth/reset']) {
      expect(paths).toContain(route);
    }
    for (const route of [
      '/api/partners/indicators',
      '/api/courses',
      '/api/courses/{id}',
      '/api/courses/next',
      '/api/courses/lesson/date',
      '/api/diary',
      '/api/exercises',
      '/api/exercises/status',
      '/api/exercises/notifications',
      '/api/exercises/{id}',
    ]) {
      expect(paths).toContain(route);
    }
    const page = await t.api('GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('defines every schema the OpenAPI document refers to (found by the fuzz)', async () => {
    const doc = (await t.api('GET', '/api/docs/json')).body;
    const refs = new Set(
      [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect(refs.size).toBeGreaterThan(20);
    expect([...refs].filter((name) => !doc.components.schemas[name as string])).toEqual([]);
    expect(doc.components.schemas.RegisterBody.required).toEqual([
      'first_name',
      'last_name',
      'email',
      'password',
      'consent',
    ]);
  });

  it('asks for a bearer token exactly where the OpenAPI document says so', async () => {
    const doc = (await t.api('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const calls = Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        call: `${method.toUpperCase()} ${route}`,
        bearer: (operation.security?.length ?? 0) > 0,
      })),
    );
    expect(calls.filter((c) => c.bearer).length).toBeGreaterThan(50);
    expect(calls.filter((c) => !c.bearer).length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const { call, bearer } of calls) {
      const [method, route] = call.split(' ') as [string, string];
      // Without a token: a call that needs one is refused before anything else is read.
      const { status } = await t.api(method, route.replace(/\{[^}]+\}/g, 'x'));
      if ((status === 401) !== bearer) wrong.push(`${call}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses U+0000 anywhere in a request with 400 naming the field, on PostgreSQL too (found by the fuzz)', async () => {
    const { token } = (await t.api('POST', '/api/auth/demo')).body;
    const answers = [
      await t.api('GET', '/api/partners/a%00b', { token }),
      await t.api('GET', '/api/chats?courseId=a%00b&wave=1', { token }),
      await t.api('POST', '/api/auth/login', { body: { email: 'a\u0000@example.org', password: 'x'.repeat(8) } }),
      await t.api('POST', '/api/diary', {
        token,
        body: { courseId: 'c', lessonId: '1', date: '2026-03-03', x: ['\u0000'] },
      }),
      await t.form('POST', '/api/exercises', { token, fields: { courseId: 'c', lessonId: '1', homework: 'a\u0000' } }),
    ];
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [400, 'id: недопустимий символ U+0000'],
      [400, 'courseId: недопустимий символ U+0000'],
      [400, 'email: недопустимий символ U+0000'],
      [400, 'x.0: недопустимий символ U+0000'],
      [400, 'homework: недопустимий символ U+0000'],
    ]);
  });

  it('answers a malformed or overlong path with 4xx {message}, like any error (found by the fuzz)', async () => {
    const bad = await t.api('GET', '/api/exercises/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Некоректна адреса запиту' });
    const long = await t.api('POST', `/api/courses/${'a'.repeat(200)}/enroll`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ message: 'Задовга адреса запиту' });
  });
});

describe('demo accounts', () => {
  it('seeds the demo learner, curator and admin, and /api/auth/demo signs into the learner', async () => {
    const demo = await t.api('POST', '/api/auth/demo');
    expect(demo.status).toBe(200);
    expect(demo.body.user).toMatchObject({ email: 'learner@example.org', role: 'user' });
    // The starter courses, with a wave started two days ago: lessons 1–3 open, the rest not yet.
    expect(demo.body.user.courses.map((c: { title: string }) => c.title)).toEqual([
      'Курс переходу',
      'Граматичний курс',
    ]);
    const list = await t.api('GET', '/api/courses', { token: demo.body.token });
    expect(
      list.body.courses.map((c: { lessonsOpen: number; lessonsTotal: number }) => [c.lessonsOpen, c.lessonsTotal]),
    ).toEqual([
      [3, 7],
      [3, 5],
    ]);
    expect(demo.body.user.inviter).toEqual({ first_name: 'Тарас', last_name: 'Мельник' });
    for (const [email, role] of [
      ['curator@example.org', 'moderator'],
      ['admin@example.org', 'admin'],
    ]) {
      const login = await t.api('POST', '/api/auth/login', { body: { email, password: 'yedyni-demo' } });
      expect(login.status).toBe(200);
      expect(login.body.user.role).toBe(role);
    }
    // A team to drill into and a wave chat with a few messages.
    const team = await t.api('GET', '/api/partners', { token: demo.body.token });
    const members = team.body.team.map((m: { first_name: string; teamSize: number }) => [m.first_name, m.teamSize]);
    expect(members.sort()).toEqual([
      ['Богдан', 1],
      ['Мирослава', 0],
    ]);
    const [course] = list.body.courses;
    const chat = await t.api('GET', `/api/chats?courseId=${course._id}&wave=${course.wave}`, {
      token: demo.body.token,
    });
    expect(chat.body.messages).toHaveLength(3);
    expect(chat.body.messages[0].sender.first_name).toBe('Оксана');
    // Clubs to book and an olympiad to wait for.
    const clubs = await t.api('GET', '/api/clubs', { token: demo.body.token });
    expect(clubs.body.clubs).toHaveLength(3);
    expect(clubs.body.cities).toEqual(['Київ', 'Львів']);
    const olympiads = await t.api('GET', '/api/olympiads', { token: demo.body.token });
    expect(olympiads.body.next).toMatchObject({ state: 'upcoming', taskCount: 10 });
  });

  it('has no demo sign-in where demo data is off', async () => {
    const plain = await startTestApp();
    try {
      const demo = await plain.api('POST', '/api/auth/demo');
      expect(demo.status).toBe(404);
      expect(demo.body.message).toBeTruthy();
    } finally {
      await plain.close();
    }
  });
});

describe('settings', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('refuses production without the organisation receipts name: the demo one would mislead a taxpayer', () => {
    const { ORG_NAME: _name, ...withoutName } = PRODUCTION;
    expect(() => loadConfig({ ...withoutName, DATA_DIR: t.dataDir })).toThrow(/ORG_NAME, ORG_CODE/);
    const { ORG_CODE: _code, ...withoutCode } = PRODUCTION;
    expect(() => loadConfig({ ...withoutCode, DATA_DIR: t.dataDir })).toThrow(/ORG_NAME, ORG_CODE/);
    expect(loadConfig({ ...PRODUCTION, DATA_DIR: t.dataDir }).organisation).toEqual({
      name: 'ГО «Єдині»',
      code: '12345678',
    });
  });

  it('refuses production without a JWT secret or with the payment sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LIQPAY_PUBLIC_KEY: 'a', LIQPAY_PRIVATE_KEY: 'b' })).toThrow(
      /JWT_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), LIQPAY_MODE: 'sandbox' })).toThrow(
      /LIQPAY_MODE/,
    );
    const production = loadConfig({ ...PRODUCTION, DATA_DIR: t.dataDir });
    expect(production.seedDemo).toBe(false);
    expect(production.liqpay.mode).toBe('live');
  });
});

describe('production start', () => {
  it('refuses demo data in production, naming SEED_DEMO', () => {
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true', DATA_DIR: t.dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: '1', DATA_DIR: t.dataDir })).toThrow(/SEED_DEMO/);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false', DATA_DIR: t.dataDir }).seedDemo).toBe(false);
  });

  it('binds to 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: t.dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: t.dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('has no demo sign-in route in production', async () => {
    const production = await startTestApp(PRODUCTION);
    try {
      expect(production.app.hasRoute({ method: 'POST', url: '/api/auth/demo' })).toBe(false);
      const demo = await production.api('POST', '/api/auth/demo');
      expect(demo.status).toBe(404);
      const doc = await production.api('GET', '/api/docs/json');
      expect(Object.keys(doc.body.paths)).not.toContain('/api/auth/demo');
    } finally {
      await production.close();
    }
  });

  it('refuses to start in production while a demo account still has the demo password', async () => {
    const demo = await startTestApp({ SEED_DEMO: 'true' });
    try {
      const start = startTestApp(PRODUCTION, { sharing: demo });
      await expect(start).rejects.toThrow(ConfigError);
      await expect(start).rejects.toThrow(/admin@example\.org.*yedyni-demo|yedyni-demo.*admin@example\.org/s);
      // Nothing was served meanwhile, and the demo accounts are as they were.
      const login = await demo.api('POST', '/api/auth/login', {
        body: { email: 'admin@example.org', password: 'yedyni-demo' },
      });
      expect(login.status).toBe(200);

      // Once every demo account has another password, production starts.
      await demo.app.services.db
        .updateTable('users')
        .set({ password_hash: await new PasswordHasher(1).hash('a much better secret 42') })
        .where('email', 'like', '%@example.org')
        .execute();
      const production = await startTestApp(PRODUCTION, { sharing: demo });
      expect((await production.api('GET', '/api/health')).status).toBe(200);
      await production.close();
    } finally {
      await demo.close();
    }
  });
});

describe('caching and transport headers', () => {
  it('marks every API answer no-store, errors included, and leaves the web app’s caching alone', async () => {
    const answers = [
      await t.api('GET', '/api/health'),
      await t.api('GET', '/api/auth/current'),
      await t.api('GET', '/api/no-such-route'),
      await t.api('POST', '/api/auth/login', { body: { email: 'not an email' } }),
      await t.api('GET', '/api/exercises/%E0%A4%A'),
      await t.api('POST', '/api/auth/demo'),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [400, 'no-store'],
      [400, 'no-store'],
      [200, 'no-store'],
    ]);
    expect((await t.api('GET', '/assets/app-abc123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await t.api('GET', '/uk/profile')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends HSTS only for requests that came over https', async () => {
    const hsts = async (app: TestApp, proto?: string) => {
      const answer = await fetch(`${app.url}/api/health`, { headers: proto ? { 'x-forwarded-proto': proto } : {} });
      return answer.headers.get('strict-transport-security');
    };
    // Plain http, and a forwarded https the server has no proxy to believe.
    expect(await hsts(t)).toBeNull();
    expect(await hsts(t, 'https')).toBeNull();
    // Behind one trusted proxy (the test client) that terminated TLS.
    const proxied = await startTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await hsts(proxied, 'http')).toBeNull();
      expect(await hsts(proxied, 'https')).toMatch(/^max-age=\d{7,}/);
    } finally {
      await proxied.close();
    }
  });
});

describe('files on disk', () => {
  it('makes the data directory 0700, also one that was open to others', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'yedyni-modes-'));
    try {
      const fresh = path.join(parent, 'fresh', 'data');
      const open = path.join(parent, 'open');
      await mkdir(open, { mode: 0o755 });
      for (const dataDir of [fresh, open]) {
        const started = await startTestApp({ DATA_DIR: dataDir });
        await started.close();
        expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
      }
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

/** A raw connection: what a slow (or malicious) client sends, and when the server gives up on it. */
function rawClient(app: TestApp) {
  const socket: Socket = connect(Number(new URL(app.url).port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

/** Resolves with the milliseconds until the socket closed, or undefined if it was still open after `ms`. */
const closedWithin = (closed: Promise<number>, ms: number) =>
  Promise.race([closed, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

describe('slow clients', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp({
      HTTP_IDLE_TIMEOUT_MS: '1000',
      HTTP_HEADERS_TIMEOUT_MS: '1500',
      HTTP_REQUEST_TIMEOUT_MS: '2500',
    });
  });
  afterAll(async () => {
    await slow.close();
  });
  const head =
    'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';

  it('closes a connection that sent 1 of 100 body bytes and then nothing', async () => {
    const client = rawClient(slow);
    client.socket.write(`${head}{`);
    const after = await closedWithin(client.closed, 8000);
    client.socket.destroy();
    expect(after).toBeDefined();
    expect(after).toBeGreaterThanOrEqual(900);
  });

  it('answers 408 to a body that trickles in, a byte at a time, past the request timeout', async () => {
    const client = rawClient(slow);
    client.socket.write(head);
    const drip = setInterval(() => client.socket.write(' '), 300);
    const after = await closedWithin(client.closed, 10_000);
    clearInterval(drip);
    client.socket.destroy();
    expect(after).toBeDefined();
    expect(after).toBeGreaterThanOrEqual(2400);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 to headers that never end', async () => {
    const client = rawClient(slow);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => client.socket.write('X-Slow: 1\r\n'), 300);
    const after = await closedWithin(client.closed, 10_000);
    clearInterval(drip);
    client.socket.destroy();
    expect(after).toBeDefined();
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });
});
