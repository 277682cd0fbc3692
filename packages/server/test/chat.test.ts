import { CHAT_MESSAGES, type ChatMessage } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.js';
import { UNCLAIMED_UPLOAD_TTL_MS } from '../src/features/chat/service.js';
import { loadConfig } from '../src/infra/config.js';
import { resetLinkOf, startTestApp, type TestApp, until } from './support/app.js';
import { curator, DAY, importFixtures, kyivMidnight, signIn, signUp, staff, staffAccount } from './support/courses.js';
import { PNG, storedFiles } from './support/files.js';
import { ask, type ChatClient, connect, disconnected, next, record } from './support/sockets.js';

let t: TestApp;
let alpha: string;
let curatorToken: string;
const sockets: ChatClient[] = [];

/** A learner of alpha's wave "1" (registration enrols new learners in the starter courses). */
async function learner(app: TestApp = t) {
  const { token, user } = await signUp(app);
  return { token, id: user._id as string };
}

async function online(token: string, app: TestApp = t): Promise<ChatClient> {
  const socket = await connect(app, token);
  sockets.push(socket);
  return socket;
}

async function joined(token: string, wave = '1', app: TestApp = t): Promise<ChatClient> {
  const socket = await online(token, app);
  expect(await ask(socket, 'chat:join', { courseId: alpha, wave })).toEqual({ ok: true });
  return socket;
}

async function sent(socket: ChatClient, text: string, wave = '1'): Promise<ChatMessage> {
  const ack = await ask(socket, 'chat:send', { courseId: alpha, wave, text });
  if (!ack.ok || !ack.message) throw new Error(`send failed: ${JSON.stringify(ack)}`);
  return ack.message;
}

/** A learner of alpha's next wave "2", once a curator announced it: new learners join the next wave. */
async function nextWaveLearner(app: TestApp = t) {
  const { token } = await learner(app);
  return token;
}

/** Announces alpha's next wave "2" (new learners join it), or with null withdraws it. */
async function nextWave(wave: '2' | null) {
  const answer = await t.api('PATCH', '/api/courses/next', {
    token: curatorToken,
    body: { courseId: alpha, nextWave: wave, nextStart: wave ? kyivMidnight(t, 10) : null },
  });
  expect(answer.status).toBe(200);
}

/** A curator made by the operator, with the e-mail the command line knows them by. */
async function newCurator() {
  const { person, id, token } = await staffAccount(t, 'moderator');
  return { email: person.email, id, token };
}

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_CHAT: '1000' });
  ({ alpha } = await importFixtures(t));
  curatorToken = await curator(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe('the socket handshake', () => {
  it('refuses no token, a forged token and a logged-out session', async () => {
    await expect(connect(t, undefined)).rejects.toThrow(CHAT_MESSAGES.unauthorized);
    await expect(connect(t, 'not-a-token')).rejects.toThrow(CHAT_MESSAGES.unauthorized);
    const { token } = await learner();
    await t.api('POST', '/api/auth/logout', { token });
    await expect(connect(t, token)).rejects.toThrow(CHAT_MESSAGES.unauthorized);
  });

  it('disconnects an open socket the moment its session is logged out', async () => {
    const { token } = await learner();
    const socket = await joined(token);
    const gone = disconnected(socket);
    expect((await t.api('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect(await gone).toBe('io server disconnect');
  });

  it('keeps the user’s other sessions connected when one logs out; a password reset ends them all', async () => {
    const { person, token } = await signUp(t);
    const otherToken = await signIn(t, person.email, person.password);
    const first = await online(token);
    const second = await online(otherToken);
    const firstGone = disconnected(first);
    await t.api('POST', '/api/auth/logout', { token });
    await firstGone;
    expect((await ask(second, 'chat:join', { courseId: alpha, wave: '1' })).ok).toBe(true);
    expect(second.connected).toBe(true);

    const secondGone = disconnected(second);
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const resetToken = (await resetLinkOf(t, person.email)).split('/reset/')[1];
    const reset = await t.api('POST', '/api/auth/reset', { body: { token: resetToken, password: 'нове-гасло-2026' } });
    expect(reset.status).toBe(200);
    expect(await secondGone).toBe('io server disconnect');
  });
});

describe('rooms', () => {
  it('let the learners of a wave and curators in, and nobody else', async () => {
    const member = await learner();
    const socket = await online(member.token);
    expect(await ask(socket, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
    expect(await ask(socket, 'chat:join', { courseId: alpha, wave: '7' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notMember,
    });
    expect(await ask(socket, 'chat:join', { courseId: 'no-such-course', wave: '1' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notMember,
    });
    const staff = await online(curatorToken);
    expect(await ask(staff, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
    expect(await ask(staff, 'chat:join', { courseId: alpha, wave: '7' })).toMatchObject({ ok: false });
  });

  it('carry a message to the wave only: another wave’s learner neither receives nor reads it', async () => {
    const a = await learner();
    const b = await learner();
    const announced = await t.api('PATCH', '/api/courses/next', {
      token: curatorToken,
      body: { courseId: alpha, nextWave: '2', nextStart: kyivMidnight(t, 10) },
    });
    expect(announced.status).toBe(200);
    const outsiderToken = await nextWaveLearner();
    const aSocket = await joined(a.token);
    const bSocket = await joined(b.token);
    const outsider = await joined(outsiderToken, '2');
    const outsiderSaw = record(outsider, 'chat:message');
    // The outsider also tries to listen in on wave 1.
    expect(await ask(outsider, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notMember,
    });

    const arriving = next(bSocket, 'chat:message');
    const message = await sent(aSocket, '  Привіт, хвиле!  ');
    expect(message).toMatchObject({ courseId: alpha, wave: '1', text: 'Привіт, хвиле!', editedAt: null, fileURL: '' });
    expect(message.sender._id).toBe(a.id);
    expect(await arriving).toEqual(message);

    const history = await t.api('GET', `/api/chats?courseId=${alpha}&wave=1`, { token: outsiderToken });
    expect(history.status).toBe(403);
    expect(history.body).toEqual({ message: CHAT_MESSAGES.notMember });
    expect(await ask(outsider, 'chat:send', { courseId: alpha, wave: '1', text: 'Можна до вас?' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notMember,
    });
    // Editing or deleting by id does not work from outside either, and says nothing of the message.
    expect(await ask(outsider, 'chat:delete', { messageId: message._id })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notFound,
    });
    // A round trip on the outsider's own room proves its socket was listening all along.
    const own = next(outsider, 'chat:message');
    await sent(outsider, 'Ми — друга хвиля', '2');
    await own;
    expect(outsiderSaw.map((m) => m.text)).toEqual(['Ми — друга хвиля']);
    await t.api('PATCH', '/api/courses/next', {
      token: curatorToken,
      body: { courseId: alpha, nextWave: null, nextStart: null },
    });
  });

  it('are left at once by a curator an admin demotes: another wave’s chat stops reaching the open socket', async () => {
    const admin = await staff(t, 'admin');
    const demoted = await newCurator();
    const firstWave = await joined((await learner()).token);
    await nextWave('2');
    const secondWave = await joined(await nextWaveLearner(), '2');
    // The curator watches their own wave 1 and, as curators may, wave 2.
    const watcher = await joined(demoted.token);
    expect(await ask(watcher, 'chat:join', { courseId: alpha, wave: '2' })).toEqual({ ok: true });
    const saw = record(watcher, 'chat:message');

    const answer = await t.api('PATCH', `/api/admin/users/${demoted.id}/role`, {
      token: admin,
      body: { role: 'user' },
    });
    expect(answer.status).toBe(200);
    const ownTwo = next(secondWave, 'chat:message');
    await sent(secondWave, 'Лише для другої хвилі', '2');
    await ownTwo;
    // Their own wave still reaches them on the same socket: only the room they lost is left.
    const ownOne = next(watcher, 'chat:message');
    await sent(firstWave, 'Для першої хвилі');
    await ownOne;
    expect(saw.map((m) => m.text)).toEqual(['Для першої хвилі']);
    expect(watcher.connected).toBe(true);
    expect(await ask(watcher, 'chat:join', { courseId: alpha, wave: '2' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notMember,
    });
    await nextWave(null);
  });

  it('are rechecked by the periodic socket check after the operator’s set-role on the command line', async () => {
    const demoted = await newCurator();
    await nextWave('2');
    const secondWave = await joined(await nextWaveLearner(), '2');
    const watcher = await joined(demoted.token, '2');
    const saw = record(watcher, 'chat:message');
    // The command line runs without the server's sockets: the server learns it at its next check.
    await runAdmin(['set-role', demoted.email, 'user'], loadConfig(t.env));
    await t.app.checkSockets();
    const own = next(secondWave, 'chat:message');
    await sent(secondWave, 'Куратора тут уже немає', '2');
    await own;
    expect(saw).toEqual([]);
    expect(watcher.connected).toBe(true);
    await nextWave(null);
  });

  it('are left when a wave is withdrawn: its learners hear nothing of a later wave of the same name', async () => {
    await nextWave('2');
    const moved = await joined(await nextWaveLearner(), '2');
    const saw = record(moved, 'chat:message');
    // Withdrawn: its learners move to the current wave 1. Then a new wave "2" is announced.
    await nextWave(null);
    await nextWave('2');
    const newcomer = await joined(await nextWaveLearner(), '2');
    const own = next(newcomer, 'chat:message');
    await sent(newcomer, 'Ми — нова друга хвиля', '2');
    await own;
    expect(await ask(moved, 'chat:join', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
    const mine = next(moved, 'chat:message');
    await sent(moved, 'Я тепер у першій');
    await mine;
    expect(saw.map((m) => m.text)).toEqual(['Я тепер у першій']);
    await nextWave(null);
  });

  it('stop bringing messages after chat:leave', async () => {
    const a = await learner();
    const b = await learner();
    const aSocket = await joined(a.token);
    const bSocket = await joined(b.token);
    expect(await ask(bSocket, 'chat:leave', { courseId: alpha, wave: '1' })).toEqual({ ok: true });
    const bSaw = record(bSocket, 'chat:message');
    const own = next(aSocket, 'chat:message');
    await sent(aSocket, 'Хтось тут є?');
    await own;
    expect(bSaw).toEqual([]);
  });
});

describe('sending', () => {
  it('validates: text or a file, at most 500 characters after trimming, a room', async () => {
    const { token } = await learner();
    const socket = await online(token);
    const room = { courseId: alpha, wave: '1' };
    expect(await ask(socket, 'chat:send', { ...room, text: '   ' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.empty,
    });
    expect(await ask(socket, 'chat:send', { ...room, text: 'я'.repeat(501) })).toEqual({
      ok: false,
      message: 'Повідомлення: не більше 500 символів',
    });
    const padded = await ask(socket, 'chat:send', { ...room, text: ` ${'я'.repeat(500)}  ` });
    expect(padded.ok && padded.message?.text.length).toBe(500);
    expect(await ask(socket, 'chat:send', { wave: '1', text: 'без курсу' } as never)).toEqual({
      ok: false,
      message: 'Курс: обовʼязкове поле',
    });
    expect(await ask(socket, 'chat:send', 42 as never)).toMatchObject({ ok: false });
    expect(await ask(socket, 'chat:send', { ...room, text: { $ne: '' } } as never)).toEqual({
      ok: false,
      message: 'Повідомлення: має бути текстом',
    });
    // No acknowledgement at all: nothing breaks, the socket stays.
    (socket.emit as (event: string, payload: unknown) => void)('chat:send', { ...room, text: 'без підтвердження' });
    expect(await ask(socket, 'chat:join', room)).toEqual({ ok: true });
    // U+0000 cannot be stored on PostgreSQL: refused on either database (found by the fuzz).
    expect(await ask(socket, 'chat:send', { ...room, text: 'a\u0000b' })).toEqual({
      ok: false,
      message: 'text: недопустимий символ U+0000',
    });
    // Nothing but an acknowledgement (found by the fuzz): it is answered, not left hanging.
    const bare = (event: string) =>
      (socket.timeout(3_000) as unknown as { emitWithAck(event: string): Promise<unknown> }).emitWithAck(event);
    for (const event of ['chat:join', 'chat:leave', 'chat:send', 'chat:edit', 'chat:delete']) {
      expect(await bare(event)).toMatchObject({ ok: false, message: expect.stringMatching(/[а-яіїєґ]/) });
    }
  });

  it('keeps markup as plain text: XSS payloads arrive exactly as typed', async () => {
    const { token } = await learner();
    const socket = await joined(token);
    const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    t.clock.advance(1000);
    expect((await sent(socket, payload)).text).toBe(payload);
    const page = await t.api('GET', `/api/chats?courseId=${alpha}&wave=1&limit=1`, { token });
    expect(page.body.messages[0].text).toBe(payload);
  });

  it('is rate limited per user', async () => {
    const limited = await startTestApp({ RATE_LIMIT_CHAT: '3' });
    try {
      const course = await importFixtures(limited);
      const { token } = await signUp(limited);
      const socket = await connect(limited, token);
      sockets.push(socket);
      const room = { courseId: course.alpha, wave: '1' };
      for (let i = 0; i < 3; i++) expect((await ask(socket, 'chat:send', { ...room, text: `№${i}` })).ok).toBe(true);
      expect(await ask(socket, 'chat:send', { ...room, text: 'ще одне' })).toEqual({
        ok: false,
        message: CHAT_MESSAGES.tooFast,
      });
      // Someone else in the same room is not held back.
      const other = await connect(limited, (await signUp(limited)).token);
      sockets.push(other);
      expect((await ask(other, 'chat:send', { ...room, text: 'Я можу' })).ok).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('editing and deleting', () => {
  it('are rate limited per user like sending, and a refused edit reaches nobody', async () => {
    const limited = await startTestApp({ RATE_LIMIT_CHAT: '3' });
    try {
      const course = await importFixtures(limited);
      const room = { courseId: course.alpha, wave: '1' };
      const author = await connect(limited, (await signUp(limited)).token);
      const reader = await connect(limited, (await signUp(limited)).token);
      sockets.push(author, reader);
      expect(await ask(reader, 'chat:join', room)).toEqual({ ok: true });
      const first = await ask(author, 'chat:send', { ...room, text: 'Перше' });
      const second = await ask(author, 'chat:send', { ...room, text: 'Друге' });
      if (!first.ok || !first.message || !second.ok || !second.message) throw new Error('send failed');
      const messageId = first.message._id;
      const updates = record(reader, 'chat:updated');
      for (let i = 0; i < 3; i++)
        expect((await ask(author, 'chat:edit', { messageId, text: `Правка ${i}` })).ok).toBe(true);
      expect(await ask(author, 'chat:edit', { messageId, text: 'Зайва правка' })).toEqual({
        ok: false,
        message: CHAT_MESSAGES.tooFast,
      });
      expect(await ask(author, 'chat:delete', { messageId: second.message._id })).toEqual({
        ok: false,
        message: CHAT_MESSAGES.tooFast,
      });
      // A round trip on the reader's socket: nothing of the refused edit came before it.
      const other = await connect(limited, (await signUp(limited)).token);
      sockets.push(other);
      const arriving = next(reader, 'chat:message');
      expect((await ask(other, 'chat:send', { ...room, text: 'Я можу' })).ok).toBe(true);
      await arriving;
      expect(updates.map((m) => m.text)).toEqual(['Правка 0', 'Правка 1', 'Правка 2']);
      const stored = await limited.app.services.db
        .selectFrom('chat_messages')
        .select('text')
        .where('id', 'in', [messageId, second.message._id])
        .orderBy('date')
        .execute();
      expect(stored.map((r) => r.text).sort()).toEqual(['Друге', 'Правка 2']);
    } finally {
      await limited.close();
    }
  });

  it('authors edit and delete their own; others may not; curators delete any', async () => {
    const a = await learner();
    const b = await learner();
    const aSocket = await joined(a.token);
    const bSocket = await joined(b.token);
    const staff = await joined(curatorToken);
    const first = await sent(aSocket, 'Перше');

    expect(await ask(bSocket, 'chat:edit', { messageId: first._id, text: 'Чуже' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notYours,
    });
    expect(await ask(staff, 'chat:edit', { messageId: first._id, text: 'Кураторське' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notYours,
    });
    expect(await ask(bSocket, 'chat:delete', { messageId: first._id })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.cannotDelete,
    });

    t.clock.advance(1000);
    const updated = next(bSocket, 'chat:updated');
    const edit = await ask(aSocket, 'chat:edit', { messageId: first._id, text: ' Перше, виправлене ' });
    expect(edit).toMatchObject({ ok: true, message: { _id: first._id, text: 'Перше, виправлене' } });
    expect((await updated).editedAt).toBe(t.clock.now());
    expect(await ask(aSocket, 'chat:edit', { messageId: first._id, text: '  ' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.empty,
    });

    const second = await sent(aSocket, 'Друге');
    const deletedForB = next(bSocket, 'chat:deleted');
    expect(await ask(staff, 'chat:delete', { messageId: second._id })).toEqual({ ok: true });
    expect(await deletedForB).toEqual({ _id: second._id });
    expect(await ask(aSocket, 'chat:delete', { messageId: first._id })).toEqual({ ok: true });
    expect(await ask(aSocket, 'chat:delete', { messageId: first._id })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.notFound,
    });
    const rows = await t.app.services.db
      .selectFrom('chat_messages')
      .select('id')
      .where('id', 'in', [first._id, second._id])
      .execute();
    expect(rows).toEqual([]);
  });

  it('writes an audit line when a curator deletes a learner’s message, none when authors delete their own', async () => {
    const admin = await staff(t, 'admin');
    const { person, token } = await signUp(t);
    const author = await joined(token);
    const moderator = await joined(curatorToken);
    const own = await sent(author, 'Своє');
    const curatorsOwn = await sent(moderator, 'Кураторське');
    const moderated = await sent(author, 'Купуйте підписників!');
    expect(await ask(author, 'chat:delete', { messageId: own._id })).toEqual({ ok: true });
    expect(await ask(moderator, 'chat:delete', { messageId: curatorsOwn._id })).toEqual({ ok: true });
    expect(await ask(moderator, 'chat:delete', { messageId: moderated._id })).toEqual({ ok: true });

    const log = await t.api('GET', '/api/admin/audit?action=chat.delete&limit=50', { token: admin });
    expect(log.status).toBe(200);
    const about = (id: string) => log.body.entries.filter((e: { target: string }) => e.target === `chat-message:${id}`);
    expect(about(own._id)).toEqual([]);
    expect(about(curatorsOwn._id)).toEqual([]);
    const [line] = about(moderated._id);
    const curatorId = (await t.api('GET', '/api/auth/current', { token: curatorToken })).body._id;
    expect(line.actor._id).toBe(curatorId);
    expect(line.summary).toContain(`${person.first_name} ${person.last_name}`);
    expect(line.summary).toContain('«Альфа», хвиля 1');
    expect(line.summary).toContain('Купуйте підписників!');
  });

  it('a socket whose session was revoked is refused and dropped on its next event', async () => {
    const { token } = await learner();
    const socket = await joined(token);
    // Revoked behind the server's back (as another instance or the operator would): no push.
    await t.app.services.db.updateTable('sessions').set({ revoked_at: t.clock.now() }).execute();
    const gone = disconnected(socket);
    expect(await ask(socket, 'chat:send', { courseId: alpha, wave: '1', text: 'Ще тут?' })).toEqual({
      ok: false,
      message: CHAT_MESSAGES.unauthorized,
    });
    expect(await gone).toBe('io server disconnect');
    curatorToken = await curator(t);
  });
});

describe('who speaks for the movement', () => {
  it('each message names its sender as curator or admin, live and in the history; a learner is not labelled', async () => {
    const reader = await learner();
    const listening = await joined(reader.token);
    const fromLearner = await sent(listening, 'Я учасниця');
    const fromCurator = await sent(await joined(curatorToken), 'Я куратор');
    const fromAdmin = await sent(await joined(await staff(t, 'admin')), 'Я адміністратор');
    expect([fromLearner.senderTitle, fromCurator.senderTitle, fromAdmin.senderTitle]).toEqual([
      null,
      'curator',
      'admin',
    ]);

    const history = await t.api('GET', `/api/chats?courseId=${alpha}&wave=1&limit=50`, { token: reader.token });
    const titleOf = (id: string) => history.body.messages.find((m: ChatMessage) => m._id === id)?.senderTitle;
    expect([titleOf(fromLearner._id), titleOf(fromCurator._id), titleOf(fromAdmin._id)]).toEqual([
      null,
      'curator',
      'admin',
    ]);
  });
});

describe('history', () => {
  it('is newest first, 10 a page, and stable while new messages arrive', async () => {
    const course = await startTestApp({ RATE_LIMIT_CHAT: '1000' });
    try {
      const { alpha: id } = await importFixtures(course);
      const { token } = await signUp(course);
      const socket = await connect(course, token);
      sockets.push(socket);
      const room = { courseId: id, wave: '1' };
      const empty = await course.api('GET', `/api/chats?courseId=${id}&wave=1`, { token });
      expect(empty.body).toEqual({ messages: [], firstMessageDate: null });
      for (let i = 1; i <= 25; i++) {
        course.clock.advance(1000);
        await ask(socket, 'chat:send', { ...room, text: `№${i}` });
      }
      const first = await course.api('GET', `/api/chats?courseId=${id}&wave=1&page=1&limit=&firstMessageDate=`, {
        token,
      });
      expect(first.status).toBe(200);
      expect(first.body.messages.map((m: ChatMessage) => m.text)).toEqual(
        Array.from({ length: 10 }, (_, i) => `№${25 - i}`),
      );
      const anchor = first.body.firstMessageDate;
      expect(anchor).toBe(first.body.messages[0].date);

      for (let i = 26; i <= 28; i++) {
        course.clock.advance(1000);
        await ask(socket, 'chat:send', { ...room, text: `№${i}` });
      }
      const page = (n: number) =>
        course.api('GET', `/api/chats?courseId=${id}&wave=1&page=${n}&firstMessageDate=${anchor}`, { token });
      const anchoredFirst = await page(1);
      expect(anchoredFirst.body.firstMessageDate).toBeUndefined();
      expect(anchoredFirst.body.messages[0].text).toBe('№25');
      expect((await page(2)).body.messages.map((m: ChatMessage) => m.text)).toEqual(
        Array.from({ length: 10 }, (_, i) => `№${15 - i}`),
      );
      expect((await page(3)).body.messages.map((m: ChatMessage) => m.text)).toEqual(['№5', '№4', '№3', '№2', '№1']);
      expect((await page(4)).body.messages).toEqual([]);
      const big = await course.api('GET', `/api/chats?courseId=${id}&wave=1&limit=500`, { token });
      expect(big.body.messages).toHaveLength(28);
      const bad = await course.api('GET', `/api/chats?courseId=${id}&wave=1&firstMessageDate=вчора`, { token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('firstMessageDate');
      const noWave = await course.api('GET', `/api/chats?courseId=${id}`, { token });
      expect(noWave.status).toBe(400);
      expect(noWave.body.message).toContain('Хвиля');
    } finally {
      await course.close();
    }
  });
});

describe('files', () => {
  it('are uploaded, sent once by their uploader, and readable by the room through signed links', async () => {
    const a = await learner();
    const b = await learner();
    const aSocket = await joined(a.token);
    const bSocket = await joined(b.token);
    const upload = await t.form('POST', '/api/chats/upload', {
      token: a.token,
      fields: {},
      file: { bytes: PNG, name: 'фото.png', type: 'image/png' },
    });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ fileType: 'image/png', fileName: 'фото.png' });

    // Nobody else can attach it, and a link that was tampered with is refused.
    expect(
      await ask(bSocket, 'chat:send', { courseId: alpha, wave: '1', text: '', fileURL: upload.body.fileURL }),
    ).toEqual({ ok: false, message: CHAT_MESSAGES.badFile });
    expect(
      await ask(aSocket, 'chat:send', {
        courseId: alpha,
        wave: '1',
        text: '',
        fileURL: `${upload.body.fileURL.slice(0, -2)}xx`,
      }),
    ).toEqual({ ok: false, message: CHAT_MESSAGES.badFile });

    const arriving = next(bSocket, 'chat:message');
    const ack = await ask(aSocket, 'chat:send', { courseId: alpha, wave: '1', text: '', fileURL: upload.body.fileURL });
    expect(ack).toMatchObject({ ok: true, message: { text: '', fileType: 'image/png', fileName: 'фото.png' } });
    const message = await arriving;
    const file = await fetch(t.url + message.fileURL);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    // The same upload cannot be sent twice (deleting one message must never take another's file).
    expect(
      await ask(aSocket, 'chat:send', { courseId: alpha, wave: '1', text: 'ще раз', fileURL: upload.body.fileURL }),
    ).toEqual({ ok: false, message: CHAT_MESSAGES.badFile });

    const keyOf = async (name: string) =>
      (
        await t.app.services.db
          .selectFrom('files')
          .select('storage_key')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).storage_key;
    const key = await keyOf('фото.png');
    expect(await ask(aSocket, 'chat:delete', { messageId: message._id })).toEqual({ ok: true });
    expect(await storedFiles(t.dataDir)).not.toContain(key);
    expect((await fetch(t.url + message.fileURL)).status).toBe(404);
  });

  it('refuses what is not an accepted type, and sweeps uploads no message took after a day', async () => {
    const { token } = await learner();
    const refused = await t.form('POST', '/api/chats/upload', {
      token,
      fields: {},
      file: { bytes: new TextEncoder().encode('#!/bin/sh\necho hi\n'), name: 'run.sh' },
    });
    expect(refused.status).toBe(415);
    const none = await t.form('POST', '/api/chats/upload', { token, fields: {} });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: CHAT_MESSAGES.noFile });

    const kept = await t.form('POST', '/api/chats/upload', {
      token,
      fields: {},
      file: { bytes: PNG, name: 'забуте.png', type: 'image/png' },
    });
    expect(kept.status).toBe(201);
    const count = async () =>
      (await t.app.services.db.selectFrom('files').select('id').where('name', '=', 'забуте.png').execute()).length;
    expect(await t.app.services.chat.sweepUnclaimedUploads()).toBe(0);
    expect(await count()).toBe(1);
    t.clock.advance(UNCLAIMED_UPLOAD_TTL_MS + DAY / 24);
    expect(await t.app.services.chat.sweepUnclaimedUploads()).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
    const rows = await t.app.services.db.selectFrom('files').select('storage_key').execute();
    expect((await storedFiles(t.dataDir)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
  });
});

describe('notifications:count', () => {
  it('is pushed to curators when homework arrives, and to the learner when a curator answers', async () => {
    const { token } = await learner();
    const learnerSocket = await online(token);
    // Every count the learner is pushed: handing in pushes theirs too (still 0), and on PostgreSQL
    // that one may arrive after the curators', so the learner's next event is not the answer's.
    const learnerCounts = record(learnerSocket, 'notifications:count');
    const staff = await online(curatorToken);
    const toCurator = next(staff, 'notifications:count');
    const handed = await t.form('POST', '/api/exercises', {
      token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моя відповідь' },
    });
    expect(handed.status).toBe(201);
    const curatorCount = (await t.api('GET', '/api/exercises/notifications', { token: curatorToken })).body
      .countNotifications;
    expect(await toCurator).toEqual({ countNotifications: curatorCount });

    expect(learnerCounts.every((pushed) => pushed.countNotifications === 0)).toBe(true);
    const comment = await t.form('POST', '/api/exercises/comment', {
      token: curatorToken,
      fields: { exerciseId: handed.body._id, comment: 'Гарно!' },
    });
    expect(comment.status).toBe(201);
    await until(() => learnerCounts.some((pushed) => pushed.countNotifications === 1), 5_000);
    expect(learnerCounts.at(-1)).toEqual({ countNotifications: 1 });
  });
});
