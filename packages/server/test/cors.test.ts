import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/infra/config.js';
import { FOREIGN_ORIGIN } from '../src/infra/http/cors.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signUp } from './support/courses.js';
import { type ChatClient, connect } from './support/sockets.js';

const APP = 'https://app.example.org';
const OTHER = 'http://localhost:5173';
const STRANGER = 'https://evil.example.com';

let t: TestApp;
let token: string;
const sockets: ChatClient[] = [];
beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: `${APP}, ${OTHER}` });
  ({ token } = await signUp(t));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const preflight = (origin: string, route = '/api/auth/current', method = 'GET') =>
  fetch(t.url + route, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' },
  });

describe('CORS_ORIGINS setting', () => {
  it('takes exact origins, comma-separated; none by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ` ${APP} ,${OTHER},${APP}` }).corsOrigins).toEqual([APP, OTHER]);
  });

  it.each(['*', 'app.example.org', 'https://app.example.org/', 'https://app.example.org/uk', 'ftp://x.org'])(
    'refuses %s with a Ukrainian message naming it',
    (value) => {
      expect(() => loadConfig({ CORS_ORIGINS: `${APP},${value}` })).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: `${APP},${value}` })).toThrow(
        new RegExp(`CORS_ORIGINS: «${value.replace(/[.*/]/g, '\\$&')}» не підходить`),
      );
    },
  );
});

describe('the API from another host', () => {
  it('answers a listed origin’s pre-flight with what the API needs', async () => {
    const answer = await preflight(APP, '/api/courses/lesson/date', 'PATCH');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
    expect(answer.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('access-control-max-age')).toBe('600');
    expect(answer.headers.get('vary')).toMatch(/origin/i);
    expect((await preflight(OTHER)).headers.get('access-control-allow-origin')).toBe(OTHER);
  });

  it('refuses the pre-flight of any other origin, and of a listed one outside the API', async () => {
    for (const origin of [STRANGER, 'https://app.example.org.evil.com', 'http://app.example.org']) {
      const answer = await preflight(origin);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    }
    const page = await preflight(APP, '/uk');
    expect(page.status).toBe(404);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('marks a listed origin’s actual answers, errors too, and keeps the security headers', async () => {
    const me = await t.api('GET', '/api/auth/current', { token, headers: { origin: APP } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(APP);
    expect(me.headers.get('access-control-expose-headers')).toMatch(/content-disposition/i);
    expect(me.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(me.headers.get('x-content-type-options')).toBe('nosniff');
    expect(me.headers.get('cache-control')).toBe('no-store');

    const refused = await t.api('GET', '/api/auth/current', { headers: { origin: APP } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP);
    expect(refused.body.message).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
  });

  it('gives any other origin, and a same-origin call, no CORS header', async () => {
    const stranger = await t.api('GET', '/api/auth/current', { token, headers: { origin: STRANGER } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const own = await t.api('GET', '/api/auth/current', { token });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the socket from another host', () => {
  it('takes a WebSocket handshake from a listed origin, the server’s own, or no browser at all', async () => {
    for (const origin of [APP, OTHER, t.url, undefined]) {
      const socket = await connect(t, token, origin);
      sockets.push(socket);
      expect(socket.connected).toBe(true);
    }
  });

  it('refuses a WebSocket handshake from any other origin, even with a valid token', async () => {
    for (const origin of [STRANGER, 'null', 'http://app.example.org']) {
      await expect(connect(t, token, origin)).rejects.toThrow();
    }
    // Engine.IO answers the refused upgrade with the reason, before any socket exists.
    expect(await upgrade(STRANGER)).toEqual({ status: 400, body: expect.stringContaining(FOREIGN_ORIGIN) });
    expect(await upgrade(APP)).toEqual({ status: 101, body: '' });
  });

  it('refuses the long-polling transport from any origin: the server speaks WebSocket only', async () => {
    for (const origin of [APP, STRANGER]) {
      const answer = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('access-control-allow-origin')).not.toBe(STRANGER);
    }
  });
});

describe('without CORS_ORIGINS', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain?.close());

  it('refuses every other origin’s pre-flight and socket, and serves its own', async () => {
    const answer = await fetch(`${plain.url}/api/auth/current`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'GET' },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const { token: own } = await signUp(plain);
    await expect(connect(plain, own, APP)).rejects.toThrow();
    const socket = await connect(plain, own, plain.url);
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });
});

/** A bare WebSocket upgrade request to Engine.IO from `origin`: the status and body it gets. */
function upgrade(origin: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        origin,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (answer, socket) => {
      socket.destroy();
      resolve({ status: answer.statusCode ?? 0, body: '' });
    });
    req.on('response', (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
