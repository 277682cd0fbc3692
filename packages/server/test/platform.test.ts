import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/infra/config.js';
import { startTestApp, type TestApp } from './support/app.js';

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
    expect(doc.components.schemas.RegisterBody.required).toEqual(['first_name', 'last_name', 'email', 'password']);
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

  it('refuses production without a JWT secret or with the payment sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LIQPAY_PUBLIC_KEY: 'a', LIQPAY_PRIVATE_KEY: 'b' })).toThrow(
      /JWT_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), LIQPAY_MODE: 'sandbox' })).toThrow(
      /LIQPAY_MODE/,
    );
    const production = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      LIQPAY_PUBLIC_KEY: 'a',
      LIQPAY_PRIVATE_KEY: 'b',
      DATA_DIR: t.dataDir,
    });
    expect(production.seedDemo).toBe(false);
    expect(production.liqpay.mode).toBe('live');
  });
});
