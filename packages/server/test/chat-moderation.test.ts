import { CHAT_MESSAGES, type ChatMessage, REPORTS_TO_HIDE } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, signUp, staff } from './support/courses.js';
import { ask, type ChatClient, connect, next, record } from './support/sockets.js';

// Two instances over one database, sharing the machine's Redis: every moderation change must reach
// the room's sockets on the other instance too.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TestApp;
let b: TestApp;
let alpha: string;
let curatorToken: string;
let adminToken: string;
const sockets: ChatClient[] = [];
const room = () => ({ courseId: alpha, wave: '1' });

async function member(app: TestApp = a) {
  const { token, user } = await signUp(app);
  return { token, id: user._id as string };
}

type Member = Awaited<ReturnType<typeof member>>;
async function three(): Promise<[Member, Member, Member]> {
  return [await member(), await member(), await member()];
}

async function joined(token: string, app: TestApp = a): Promise<ChatClient> {
  const socket = await connect(app, token);
  sockets.push(socket);
  expect(await ask(socket, 'chat:join', room())).toEqual({ ok: true });
  return socket;
}

async function sent(socket: ChatClient, text: string): Promise<ChatMessage> {
  const ack = await ask(socket, 'chat:send', { ...room(), text });
  if (!ack.ok || !ack.message) throw new Error(`send failed: ${JSON.stringify(ack)}`);
  return ack.message;
}

const report = (token: string, id: string, body: unknown = { reason: 'rude' }, app: TestApp = a) =>
  app.api('POST', `/api/chats/messages/${id}/reports`, { token, body });

async function historyOf(token: string): Promise<ChatMessage[]> {
  const anchor = await a.api('GET', `/api/chats?courseId=${alpha}&wave=1`, { token });
  if (anchor.body.firstMessageDate === null) return [];
  const page = await a.api(
    'GET',
    `/api/chats?courseId=${alpha}&wave=1&limit=50&firstMessageDate=${anchor.body.firstMessageDate}`,
    { token },
  );
  return page.body.messages;
}

async function audit(action: string, target: string) {
  const log = await a.api('GET', `/api/admin/audit?action=${action}&limit=100`, { token: adminToken });
  return log.body.entries.filter((e: { target: string }) => e.target === target);
}

beforeAll(async () => {
  a = await startTestApp({ REDIS_URL, RATE_LIMIT_CHAT: '1000' });
  b = await startTestApp({ REDIS_URL, RATE_LIMIT_CHAT: '1000' }, { sharing: a });
  ({ alpha } = await importFixtures(a));
  curatorToken = await curator(a);
  adminToken = await staff(a, 'admin');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await b?.close();
  await a?.close();
});

describe('reports', () => {
  it('one per member; the third member hides it for everyone but curators and its author, on both instances', async () => {
    const author = await member();
    const authorSocket = await joined(author.token);
    const message = await sent(authorSocket, 'Образливе повідомлення');
    const reporters = await three();
    const onB = await joined(reporters[0].token, b);

    expect(REPORTS_TO_HIDE).toBe(3);
    expect((await report(author.token, message._id)).body.message).toBe(CHAT_MESSAGES.ownReport);
    expect((await report(reporters[0].token, message._id, { reason: 'nonsense' })).status).toBe(400);
    expect((await report(reporters[0].token, message._id, { reason: 'rude', text: 'x'.repeat(201) })).status).toBe(400);
    expect(await report(reporters[0].token, message._id, { reason: 'rude', text: 'Грубо' })).toMatchObject({
      status: 201,
      body: { hidden: false },
    });
    const twice = await report(reporters[0].token, message._id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CHAT_MESSAGES.reportedAlready);
    expect((await report(reporters[1].token, message._id, { reason: 'spam' })).body).toEqual({ hidden: false });

    const hiddenOnB = next(onB, 'chat:hidden');
    expect((await report(reporters[2].token, message._id, { reason: 'rude' }, b)).body).toEqual({ hidden: true });
    expect(await hiddenOnB).toEqual({ _id: message._id, ...room() });

    const ids = (list: ChatMessage[]) => list.map((m) => m._id);
    expect(ids(await historyOf(reporters[1].token))).not.toContain(message._id);
    expect((await historyOf(author.token)).find((m) => m._id === message._id)?.hidden).toBe(true);
    expect((await historyOf(curatorToken)).find((m) => m._id === message._id)?.hidden).toBe(true);
    // Hidden, it is not found by those who no longer see it.
    expect((await report(reporters[1].token, message._id)).status).toBe(404);

    const queue = await a.api('GET', '/api/chats/reports', { token: curatorToken });
    const entry = queue.body.reports.find((r: { message: ChatMessage }) => r.message._id === message._id);
    expect(entry).toMatchObject({ count: 3, courseTitle: 'Альфа', message: { hidden: true } });
    expect(entry.reasons.map((r: { reason: string }) => r.reason).sort()).toEqual(['rude', 'rude', 'spam']);
    expect(entry.reasons.find((r: { text: string }) => r.text === 'Грубо').reporter._id).toBe(reporters[0].id);
    expect((await a.api('GET', '/api/chats/reports', { token: author.token })).status).toBe(403);

    expect(await audit('chat.report', `chat-message:${message._id}`)).toHaveLength(3);
    const [hid] = await audit('chat.hide', `chat-message:${message._id}`);
    expect(hid.actor._id).toBe(reporters[2].id);
  });

  it('«Залишити» clears the reports and shows it again to the room; «Видалити» deletes it', async () => {
    const author = await member();
    const authorSocket = await joined(author.token);
    const kept = await sent(authorSocket, 'Насправді нормальне');
    const removed = await sent(authorSocket, 'Справді погане');
    const reporters = await three();
    for (const r of reporters) {
      await report(r.token, kept._id);
      await report(r.token, removed._id);
    }
    const watcher = await joined(reporters[0].token, b);
    expect((await a.api('POST', `/api/chats/messages/${kept._id}/keep`, { token: author.token })).status).toBe(403);
    const shownOnB = next(watcher, 'chat:shown');
    const keep = await a.api('POST', `/api/chats/messages/${kept._id}/keep`, { token: curatorToken });
    expect(keep.status).toBe(200);
    expect(keep.body.hidden).toBe(false);
    expect((await shownOnB)._id).toBe(kept._id);
    expect((await historyOf(reporters[1].token)).map((m) => m._id)).toContain(kept._id);
    expect((await a.api('POST', `/api/chats/messages/${kept._id}/keep`, { token: curatorToken })).status).toBe(400);
    expect(await audit('chat.keep', `chat-message:${kept._id}`)).toHaveLength(1);

    const del = await a.api('DELETE', `/api/chats/messages/${removed._id}`, { token: curatorToken });
    expect(del.status).toBe(200);
    const queue = await a.api('GET', '/api/chats/reports', { token: curatorToken });
    const listed = queue.body.reports.map((r: { message: ChatMessage }) => r.message._id);
    expect(listed).not.toContain(kept._id);
    expect(listed).not.toContain(removed._id);
    expect(await audit('chat.delete', `chat-message:${removed._id}`)).toHaveLength(1);
  });

  it("never hides a curator's message, though its reports reach the queue", async () => {
    const curatorSocket = await joined(curatorToken);
    const announcement = await sent(curatorSocket, 'Завтра заняття о 19:00');
    for (const _ of [1, 2, 3]) {
      const r = await member();
      expect((await report(r.token, announcement._id)).body).toEqual({ hidden: false });
    }
    const reader = await member();
    expect((await historyOf(reader.token)).map((m) => m._id)).toContain(announcement._id);
    const queue = await a.api('GET', '/api/chats/reports', { token: curatorToken });
    expect(queue.body.reports.find((r: { message: ChatMessage }) => r.message._id === announcement._id).count).toBe(3);
  });
});

describe('mutes', () => {
  it('blocks sending until it runs out, with why and until when; the curator can lift it', async () => {
    const learner = await member();
    const socket = await joined(learner.token);
    const other = await member();
    const body = { ...room(), userId: learner.id, minutes: 15, reason: 'Образи в чаті' };
    expect((await a.api('POST', '/api/chats/mutes', { token: other.token, body })).status).toBe(403);
    expect(
      (await a.api('POST', '/api/chats/mutes', { token: curatorToken, body: { ...body, minutes: 7 } })).status,
    ).toBe(400);
    const curatorId = (await a.api('GET', '/api/auth/current', { token: curatorToken })).body._id;
    const staffMute = await a.api('POST', '/api/chats/mutes', {
      token: curatorToken,
      body: { ...body, userId: curatorId },
    });
    expect(staffMute.body.message).toBe(CHAT_MESSAGES.staffNotMuted);

    const told = next(socket, 'chat:mute');
    const muted = await a.api('POST', '/api/chats/mutes', { token: curatorToken, body });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ until: a.clock.now() + 15 * 60_000, reason: 'Образи в чаті' });
    expect(await told).toEqual({ ...room(), mute: muted.body });

    const refused = await ask(socket, 'chat:send', { ...room(), text: 'Можна?' });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.message).toMatch(
      /^Ви не можете писати в цьому чаті до \d\d-\d\d-\d{4} \d\d:\d\d: Образи в чаті$/,
    );
    const state = await a.api('GET', `/api/chats/state?courseId=${alpha}&wave=1`, { token: learner.token });
    expect(state.body.mute).toEqual(muted.body);
    expect((await audit('chat.mute', `user:${learner.id}`))[0].summary).toContain('Образи в чаті');

    a.clock.advance(15 * 60_000 + 1);
    await sent(socket, 'Я знову тут');

    await a.api('POST', '/api/chats/mutes', { token: curatorToken, body: { ...body, minutes: 60 } });
    expect((await ask(socket, 'chat:send', { ...room(), text: 'Ще?' })).ok).toBe(false);
    const lifted = next(socket, 'chat:mute');
    const unmute = await a.api('POST', '/api/chats/mutes/remove', {
      token: curatorToken,
      body: { ...room(), userId: learner.id },
    });
    expect(unmute.status).toBe(204);
    expect((await lifted).mute).toBeNull();
    await sent(socket, 'Дякую');
    expect(await audit('chat.unmute', `user:${learner.id}`)).toHaveLength(1);
  });
});

describe('slow mode', () => {
  it('holds members to one message per N seconds, curators exempt', async () => {
    const learner = await member();
    const socket = await joined(learner.token);
    const curatorSocket = await joined(curatorToken, b);
    expect(
      (await a.api('PUT', '/api/chats/slow', { token: learner.token, body: { ...room(), seconds: 30 } })).status,
    ).toBe(403);
    expect(
      (await a.api('PUT', '/api/chats/slow', { token: curatorToken, body: { ...room(), seconds: 45 } })).status,
    ).toBe(400);
    const toldOnB = next(curatorSocket, 'chat:room');
    const on = await a.api('PUT', '/api/chats/slow', { token: curatorToken, body: { ...room(), seconds: 30 } });
    expect(on.body.slowSeconds).toBe(30);
    expect((await toldOnB).slowSeconds).toBe(30);

    await sent(socket, 'Перше');
    a.clock.advance(10_000);
    const refused = await ask(socket, 'chat:send', { ...room(), text: 'Друге' });
    expect(refused).toEqual({
      ok: false,
      message: 'Увімкнено повільний режим: наступне повідомлення можна надіслати через 20 с',
    });
    const state = await a.api('GET', `/api/chats/state?courseId=${alpha}&wave=1`, { token: learner.token });
    expect(state.body.nextSendAt).toBe(a.clock.now() + 20_000);
    await sent(curatorSocket, 'Куратор пише');
    await sent(curatorSocket, 'і ще раз');
    a.clock.advance(20_000);
    await sent(socket, 'Друге');

    await a.api('PUT', '/api/chats/slow', { token: curatorToken, body: { ...room(), seconds: 0 } });
    await sent(socket, 'Третє одразу');
    expect(await audit('chat.slow', `chat-room:${alpha}:1`)).toHaveLength(2);
  });

  it('holds under concurrent sends: of six at once from three tabs, one gets through', async () => {
    const learner = await member();
    // One instance: the two test apps keep clocks of their own, which would tell two times apart.
    const sockets = [await joined(learner.token), await joined(learner.token), await joined(learner.token)];
    await a.api('PUT', '/api/chats/slow', { token: curatorToken, body: { ...room(), seconds: 60 } });
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) => ask(sockets[n % 3] as ChatClient, 'chat:send', { ...room(), text: `Разом ${n}` })),
    );
    expect(answers.filter((answer) => answer.ok !== false)).toHaveLength(1);
    expect(answers.filter((answer) => answer.ok === false)).toHaveLength(5);
    await a.api('PUT', '/api/chats/slow', { token: curatorToken, body: { ...room(), seconds: 0 } });
  });
});

describe('pin', () => {
  it('one pinned message for everyone, on both instances; pinning another replaces it; unpin', async () => {
    const learner = await member();
    const learnerOnB = await joined(learner.token, b);
    const curatorSocket = await joined(curatorToken);
    const first = await sent(curatorSocket, 'Оголошення 1');
    const second = await sent(curatorSocket, 'Оголошення 2');
    const pin = (messageId: string | null, token = curatorToken) =>
      a.api('PUT', '/api/chats/pin', { token, body: { ...room(), messageId } });

    expect((await pin(first._id, learner.token)).status).toBe(403);
    const seen = record(learnerOnB, 'chat:room');
    expect((await pin(first._id)).body.pinned._id).toBe(first._id);
    expect((await pin(second._id)).body.pinned._id).toBe(second._id);
    const state = await a.api('GET', `/api/chats/state?courseId=${alpha}&wave=1`, { token: learner.token });
    expect(state.body.pinned._id).toBe(second._id);
    expect((await pin(null)).body.pinned).toBeNull();
    await expect.poll(() => seen.length).toBe(3);
    expect(seen.map((r) => r.pinned?._id ?? null)).toEqual([first._id, second._id, null]);
    expect((await pin('no-such-message')).status).toBe(404);
    expect(await audit('chat.pin', `chat-room:${alpha}:1`)).toHaveLength(3);
  });
});
