import { Writable } from 'node:stream';
import { AUTH_MESSAGES, type ChatAck } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { importFixtures, signUp } from '../support/courses.js';
import { type ChatClient, connect, next } from '../support/sockets.js';
import { type PrivateRedis, privateRedis } from './support.js';

/*
 * Redis killed under two instances that share it (the chat's Socket.IO adapter and the rate
 * limits), then started again on the same port. A private redis-server: the machine's own is
 * never touched. Rate limits fall back to each instance's memory while Redis is away (the
 * limiter's insurance: sign-in keeps working and is still limited, per instance), chat keeps
 * delivering within an instance, and delivery across instances comes back by itself.
 */

const LOGIN_LIMIT = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: PrivateRedis;
let a: TestApp;
let b: TestApp;
let alpha: string;
const sockets: ChatClient[] = [];
const logLines: Record<string, unknown>[] = [];
const logStream = () =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
      done();
    },
  });

beforeAll(async () => {
  redis = await privateRedis();
  const env = {
    REDIS_URL: redis.url,
    RATE_LIMIT_CHAT: '1000',
    RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
    LOG_LEVEL: 'info',
  };
  a = await startTestApp(env, { logStream: logStream() });
  b = await startTestApp(env, { sharing: a, logStream: logStream() });
  ({ alpha } = await importFixtures(a));
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await b?.close();
  await a?.close();
  await redis?.kill();
});

async function online(app: TestApp, token: string): Promise<ChatClient> {
  const socket = await connect(app, token);
  sockets.push(socket);
  expect(await emit(socket, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
  return socket;
}

function emit(socket: ChatClient, event: string, payload: unknown): Promise<ChatAck> {
  return (socket.timeout(5_000).emitWithAck as (event: string, payload: unknown) => Promise<ChatAck>)(event, payload);
}

/** Sends from `from` until `to` receives it (Redis may still be reconnecting); how long it took. */
async function deliveredAcross(from: ChatClient, to: ChatClient, label: string, withinMs: number): Promise<number> {
  const started = Date.now();
  for (let n = 0; Date.now() - started < withinMs; n++) {
    const text = `${label} ${n}`;
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 500);
      const listener = (message: { text: string }) => {
        if (message.text !== text) return;
        clearTimeout(timer);
        to.off('chat:message', listener);
        resolve(true);
      };
      to.on('chat:message', listener);
    });
    expect((await emit(from, 'chat:send', { courseId: alpha, wave: '1', text })).ok).toBe(true);
    if (await arrived) return Date.now() - started;
  }
  throw new Error(`«${label}» did not cross instances within ${withinMs} ms`);
}

describe('Redis gone and back under two instances', () => {
  it('keeps the API and same-instance chat working without Redis, and crosses instances again when it returns', async () => {
    const oksana = await signUp(a);
    const taras = await signUp(a);
    const petro = await signUp(b);
    const oksanaOnA = await online(a, oksana.token);
    const tarasOnA = await online(a, taras.token);
    const petroOnB = await online(b, petro.token);
    // With Redis: a message sent through one instance reaches the other.
    await deliveredAcross(oksanaOnA, petroOnB, 'з Redis', 3_000);

    await redis.kill();
    await sleep(300);

    for (const app of [a, b]) {
      // Reads and writes answer as usual on each instance.
      expect((await app.api('GET', '/api/auth/current', { token: oksana.token })).status).toBe(200);
      expect((await app.api('GET', `/api/chats?courseId=${alpha}&wave=1`, { token: petro.token })).status).toBe(200);
      const diary = await app.form('POST', '/api/exercises', {
        token: (await signUp(app)).token,
        fields: { courseId: alpha, lessonId: '1', homework: 'Без Redis' },
      });
      expect(diary.status).toBe(201);
      // Sign-in (limited through Redis) works, and is still limited, by this instance's memory.
      const login = await app.api('POST', '/api/auth/login', {
        body: { email: taras.person.email, password: taras.person.password },
      });
      expect(login.status).toBe(200);
      const wrong = [];
      for (let i = 0; i <= LOGIN_LIMIT; i++) {
        wrong.push(
          await app.api('POST', '/api/auth/login', {
            body: { email: petro.person.email, password: 'not the password' },
          }),
        );
      }
      expect(wrong.map((w) => w.status)).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
      expect(wrong.at(-1)?.body.message).toBe(AUTH_MESSAGES.tooManyLogins);
    }

    // Chat within an instance: sent (rate limit in memory meanwhile) and delivered to its sockets.
    const toTaras = next(tarasOnA, 'chat:message');
    expect((await emit(oksanaOnA, 'chat:send', { courseId: alpha, wave: '1', text: 'Redis немає' })).ok).toBe(true);
    expect((await toTaras).text).toBe('Redis немає');
    // A new socket can still connect and join on either instance.
    await online(b, (await signUp(b)).token);

    await sleep(1_500);
    await redis.start();
    // Across instances again, both ways, within a few seconds and without restarting anything.
    const aToB = await deliveredAcross(oksanaOnA, petroOnB, 'знову з Redis', 10_000);
    const bToA = await deliveredAcross(petroOnB, tarasOnA, 'і назад', 10_000);
    console.info(`Redis back: across instances after ${aToB} ms (a → b), then ${bToA} ms (b → a)`);

    // Nothing logged as an error: Redis going away is a warning.
    expect(logLines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(logLines.some((l) => l.msg === 'redis unavailable')).toBe(true);
  }, 60_000);
});
