import { CHAT_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, kyivMidnight, signUp, staff, staffAccount } from './support/courses.js';
import { ask, type ChatClient, connect, disconnected, next, record } from './support/sockets.js';

// Two instances over one database, sharing the machine's Redis (as behind a load balancer).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TestApp;
let b: TestApp;
let alpha: string;
const sockets: ChatClient[] = [];

async function online(app: TestApp, token: string, wave: string): Promise<ChatClient> {
  const socket = await connect(app, token);
  sockets.push(socket);
  expect(await ask(socket, 'chat:join', { courseId: alpha, wave })).toEqual({ ok: true });
  return socket;
}

beforeAll(async () => {
  a = await startTestApp({ REDIS_URL, RATE_LIMIT_CHAT: '1000' });
  b = await startTestApp({ REDIS_URL, RATE_LIMIT_CHAT: '1000' }, { sharing: a });
  ({ alpha } = await importFixtures(a));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await b?.close();
  await a?.close();
});

describe('two instances behind one Redis', () => {
  it('behave as one: a message sent through one reaches the wave on the other, and only the wave', async () => {
    const oksana = await signUp(a);
    const taras = await signUp(b);
    const announced = await a.api('PATCH', '/api/courses/next', {
      token: await curator(a),
      body: { courseId: alpha, nextWave: '2', nextStart: kyivMidnight(a, 10) },
    });
    expect(announced.status).toBe(200);
    const outsider = await signUp(b);

    const onA = await online(a, oksana.token, '1');
    const onB = await online(b, taras.token, '1');
    const outsiderOnB = await online(b, outsider.token, '2');
    const outsiderSaw = record(outsiderOnB, 'chat:message');

    const toTaras = next(onB, 'chat:message');
    const sent = await ask(onA, 'chat:send', { courseId: alpha, wave: '1', text: 'Привіт з першого сервера!' });
    expect(sent.ok).toBe(true);
    expect((await toTaras).text).toBe('Привіт з першого сервера!');

    const toOksana = next(onA, 'chat:message');
    await ask(onB, 'chat:send', { courseId: alpha, wave: '1', text: 'А я на другому.' });
    expect((await toOksana).text).toBe('А я на другому.');

    // Edits and deletions cross over too.
    const message = sent.ok ? sent.message : undefined;
    const edited = next(onB, 'chat:updated');
    await ask(onA, 'chat:edit', { messageId: message?._id ?? '', text: 'Привіт (виправлено)' });
    expect((await edited).text).toBe('Привіт (виправлено)');
    const deleted = next(onB, 'chat:deleted');
    await ask(onA, 'chat:delete', { messageId: message?._id ?? '' });
    expect(await deleted).toEqual({ _id: message?._id });

    // The other wave's learner got nothing, though on the same instance as Taras.
    const ownRoom = next(outsiderOnB, 'chat:message');
    await ask(outsiderOnB, 'chat:send', { courseId: alpha, wave: '2', text: 'Друга хвиля' });
    await ownRoom;
    expect(outsiderSaw.map((m) => m.text)).toEqual(['Друга хвиля']);
  });

  it('let one instance shut down with sockets open: they are dropped, the other instance serves on', async () => {
    const third = await startTestApp({ REDIS_URL, RATE_LIMIT_CHAT: '1000' }, { sharing: a });
    const { token } = await signUp(a);
    const leaving = await connect(third, token);
    sockets.push(leaving);
    const gone = disconnected(leaving);
    await third.close();
    expect(await gone).toBe('transport close');
    // Learners who join now are in the next wave, announced above.
    const staying = await online(b, token, '2');
    expect((await ask(staying, 'chat:send', { courseId: alpha, wave: '2', text: 'Я тут' })).ok).toBe(true);
  });

  it('start and stop at once without leaving a Redis command unhandled', async () => {
    // The adapter subscribes without awaiting; closing before Redis answered once crashed runs
    // with «Connection is closed» (vitest fails a run on any unhandled rejection).
    for (let i = 0; i < 10; i++) {
      const brief = await startTestApp({ REDIS_URL }, { sharing: a });
      await brief.close();
    }
  });

  it('take a curator demoted through one instance out of another wave’s room on the other', async () => {
    const admin = await staff(a, 'admin');
    const { id, token } = await staffAccount(a, 'moderator');
    // Made after wave 2 was announced above, so enrolled in wave 2; as a curator they watch wave 1 too.
    const watcher = await online(b, token, '1');
    expect(await ask(watcher, 'chat:join', { courseId: alpha, wave: '2' })).toEqual({ ok: true });
    const saw = record(watcher, 'chat:message');
    const speaker = await online(a, await curator(a), '1');
    expect(await ask(speaker, 'chat:join', { courseId: alpha, wave: '2' })).toEqual({ ok: true });

    const demoted = await a.api('PATCH', `/api/admin/users/${id}/role`, { token: admin, body: { role: 'user' } });
    expect(demoted.status).toBe(200);
    expect((await ask(speaker, 'chat:send', { courseId: alpha, wave: '1', text: 'Лише для першої' })).ok).toBe(true);
    // Their own wave still reaches them, after the other one would have.
    const own = next(watcher, 'chat:message');
    expect((await ask(speaker, 'chat:send', { courseId: alpha, wave: '2', text: 'Для другої' })).ok).toBe(true);
    await own;
    expect(saw.map((m) => m.text)).toEqual(['Для другої']);
  });

  it('end a session’s socket on the other instance when it logs out', async () => {
    const { token } = await signUp(a);
    const socket = await connect(b, token);
    sockets.push(socket);
    const gone = disconnected(socket);
    expect((await a.api('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    await expect(connect(b, token)).rejects.toThrow(CHAT_MESSAGES.unauthorized);
  });
});
