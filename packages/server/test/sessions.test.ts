import { SESSION_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approximatePlace, describeDevice } from '../src/features/auth/origin.js';
import { LAST_SEEN_EVERY_MS } from '../src/features/auth/service.js';
import { loadConfig } from '../src/infra/config.js';
import { newPerson, startTestApp, type TestApp } from './support/app.js';

// «Де я увійшов»: each session's device, approximate place, start and last use; leaving one of
// them or all; sessions unused for SESSION_IDLE_DAYS end.
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Person = ReturnType<typeof newPerson>;

async function register(app: TestApp, headers: Record<string, string> = {}) {
  const person = newPerson();
  const answer = await app.api('POST', '/api/auth/register', { body: person, headers });
  expect(answer.status).toBe(201);
  return { person, token: answer.body.token as string, userId: answer.body.user._id as string };
}

async function login(app: TestApp, person: Person, headers: Record<string, string> = {}): Promise<string> {
  const answer = await app.api('POST', '/api/auth/login', {
    body: { email: person.email, password: person.password },
    headers,
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

const sessionsOf = (app: TestApp, token: string) => app.api('GET', '/api/auth/sessions', { token });
const current = (app: TestApp, token: string) => app.api('GET', '/api/auth/current', { token });
/** The id of the session a token names, as the list marks it. */
async function sessionIdOf(app: TestApp, token: string): Promise<string> {
  const { body } = await sessionsOf(app, token);
  return body.sessions.find((s: { current: boolean }) => s.current)._id;
}
const rowOf = (app: TestApp, id: string) =>
  app.app.services.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();

describe('my sessions', () => {
  it('list only mine, this one marked, with device, place and times, never a token or an address', async () => {
    const createdAt = t.clock.now();
    const { person, token: phone } = await register(t, { 'user-agent': ANDROID_CHROME });
    t.clock.advance(1000);
    const laptop = await login(t, person, { 'user-agent': WINDOWS_FIREFOX });
    const someoneElse = await register(t);

    const answer = await sessionsOf(t, phone);
    expect(answer.status).toBe(200);
    expect(answer.body.idleDays).toBe(14);
    // This one first, then the most recently used.
    expect(answer.body.sessions).toEqual([
      {
        _id: expect.any(String),
        device: 'Chrome 126 · Android 14',
        deviceKind: 'mobile',
        place: '127.0.x.x',
        createdAt,
        lastSeenAt: createdAt,
        current: true,
      },
      {
        _id: expect.any(String),
        device: 'Firefox 128 · Windows 10',
        deviceKind: 'desktop',
        place: '127.0.x.x',
        createdAt: createdAt + 1000,
        lastSeenAt: createdAt + 1000,
        current: false,
      },
    ]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(laptop);
    expect(text).not.toContain('127.0.0.1');

    // From the laptop the same two, the laptop's first and marked; the other person sees only their own.
    const fromLaptop = (await sessionsOf(t, laptop)).body.sessions;
    expect(fromLaptop.map((s: { device: string; current: boolean }) => [s.device, s.current])).toEqual([
      ['Firefox 128 · Windows 10', true],
      ['Chrome 126 · Android 14', false],
    ]);
    const theirs = (await sessionsOf(t, someoneElse.token)).body.sessions;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ current: true, device: null, deviceKind: null });
    expect((await t.api('GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('«вийти тут»: ends one of mine at once; someone else’s session is refused and left working', async () => {
    const { person, token: mine } = await register(t);
    const other = await login(t, person);
    const otherId = await sessionIdOf(t, other);
    const stranger = await register(t);
    const strangerId = await sessionIdOf(t, stranger.token);

    // Another person's session, and one that does not exist: the same answer, nothing changes.
    for (const id of [strangerId, 'no-such-session']) {
      const refused = await t.api('DELETE', `/api/auth/sessions/${id}`, { token: mine });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(SESSION_MESSAGES.notFound);
    }
    expect((await current(t, stranger.token)).status).toBe(200);
    expect((await rowOf(t, strangerId))?.revoked_at).toBeNull();
    expect((await sessionsOf(t, stranger.token)).body.sessions).toHaveLength(1);

    // My other session: it was just used (remembered by this instance), and ends at once.
    expect((await current(t, other)).status).toBe(200);
    expect((await t.api('DELETE', `/api/auth/sessions/${otherId}`, { token: mine })).status).toBe(204);
    expect((await current(t, other)).status).toBe(401);
    expect((await current(t, mine)).status).toBe(200);
    expect((await sessionsOf(t, mine)).body.sessions).toHaveLength(1);

    // And this one: signed out here.
    const mineId = await sessionIdOf(t, mine);
    expect((await t.api('DELETE', `/api/auth/sessions/${mineId}`, { token: mine })).status).toBe(204);
    expect((await current(t, mine)).status).toBe(401);
  });

  it('«вийти всюди»: every other session, then this one too; a body without the choice is refused', async () => {
    const { person, token: here } = await register(t);
    const elsewhere = [await login(t, person), await login(t, person)];
    for (const token of elsewhere) expect((await current(t, token)).status).toBe(200);
    const stranger = await register(t);

    const refused = await t.api('POST', '/api/auth/sessions/end', { token: here, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/цьому пристрої/);
    for (const token of elsewhere) expect((await current(t, token)).status).toBe(200);

    const others = await t.api('POST', '/api/auth/sessions/end', { token: here, body: { includingThis: false } });
    expect(others.status).toBe(200);
    expect(others.body).toEqual({ ended: 2 });
    for (const token of elsewhere) expect((await current(t, token)).status).toBe(401);
    expect((await current(t, here)).status).toBe(200);
    expect((await sessionsOf(t, here)).body.sessions).toHaveLength(1);

    const all = await t.api('POST', '/api/auth/sessions/end', { token: here, body: { includingThis: true } });
    expect(all.body).toEqual({ ended: 1 });
    expect((await current(t, here)).status).toBe(401);
    // Nobody else's sessions were touched.
    expect((await current(t, stranger.token)).status).toBe(200);
  });

  it('write «last seen» at most once a minute, however many requests come', async () => {
    const signedIn = t.clock.now();
    const { token, userId } = await register(t);
    const id = await sessionIdOf(t, token);
    const lastSeen = async () => Number((await rowOf(t, id))?.last_seen_at);
    const row = await t.app.services.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(userId);

    // Requests over most of a minute, each past what the instance remembers: no write.
    for (let i = 0; i < 5; i++) {
      t.clock.advance(11_000);
      expect((await current(t, token)).status).toBe(200);
    }
    expect(await lastSeen()).toBe(signedIn);

    t.clock.advance(LAST_SEEN_EVERY_MS - 55_000);
    const used = t.clock.now();
    expect((await current(t, token)).status).toBe(200);
    expect(await lastSeen()).toBe(used);

    for (let i = 0; i < 5; i++) {
      t.clock.advance(6_000);
      expect((await current(t, token)).status).toBe(200);
    }
    expect(await lastSeen()).toBe(used);
    expect((await sessionsOf(t, token)).body.sessions[0].lastSeenAt).toBe(used);
  });

  it('end after SESSION_IDLE_DAYS without use, and the minute’s sweep removes them', async () => {
    const { person, token: idle } = await register(t);
    const idleId = await sessionIdOf(t, idle);
    const { token: used } = await register(t);

    // Used a minute before the idle end: a new idle period begins.
    t.clock.advance(14 * DAY - 60_000);
    expect((await current(t, used)).status).toBe(200);
    expect((await current(t, idle)).status).toBe(200);
    t.clock.advance(7 * DAY);
    expect((await current(t, used)).status).toBe(200);

    // The idle one, used last 7 days and a minute before, still works; unused longer it ends.
    const another = await login(t, person);
    const anotherId = await sessionIdOf(t, another);
    t.clock.advance(7 * DAY + 60_000);
    expect((await current(t, idle)).status).toBe(401);
    expect((await current(t, another)).status).toBe(200);
    expect((await sessionsOf(t, another)).body.sessions.map((s: { _id: string }) => s._id)).toEqual([anotherId]);

    await t.app.services.notifications.tick();
    expect(await rowOf(t, idleId)).toBeUndefined();
    expect(await rowOf(t, anotherId)).toBeDefined();
  });

  it('take SESSION_IDLE_DAYS from 1 to 30 days, 14 by default', () => {
    expect(loadConfig({}).sessionIdleDays).toBe(14);
    expect(loadConfig({ SESSION_IDLE_DAYS: '3' }).sessionIdleDays).toBe(3);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '31' })).toThrow(/SESSION_IDLE_DAYS: від 1 до 30 днів/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
  });
});

describe('a session’s place', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    // Behind one proxy: the client's address is what it says in X-Forwarded-For.
    proxied = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => proxied?.close());

  it('keeps only the network part of the address the proxy names, never the whole of it', async () => {
    const cases = [
      ['203.0.113.57', '203.0.x.x', ['113.57', '113']],
      ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:x:x:x:x:x', ['8d3', '1319', '8a2e', '7348']],
    ] as const;
    const { person } = await register(proxied, { 'x-forwarded-for': '198.51.100.23' });
    for (const [address, place, hidden] of cases) {
      const token = await login(proxied, person, { 'x-forwarded-for': address });
      const listed = (await sessionsOf(proxied, token)).body.sessions.find((s: { current: boolean }) => s.current);
      expect(listed.place).toBe(place);
      const row = await rowOf(proxied, listed._id);
      expect(row).toBeDefined();
      // Ids and times are random digits that may hold «113» or «1319» by chance; every other
      // column, including any added later, must not hold a piece of the address.
      const {
        id: _id,
        user_id: _user,
        created_at: _c,
        expires_at: _e,
        revoked_at: _r,
        last_seen_at: _l,
        ...described
      } = row as NonNullable<typeof row>;
      const stored = JSON.stringify(described);
      expect(stored).toContain(place);
      for (const part of [address, ...hidden]) expect(stored).not.toContain(part);
    }
  });

  it('is worked out for every form of address, and is null for what is not one', () => {
    expect(approximatePlace('192.168.1.20')).toBe('192.168.x.x');
    expect(approximatePlace('::ffff:10.1.2.3')).toBe('10.1.x.x');
    expect(approximatePlace('2001:DB8::1')).toBe('2001:db8:0:x:x:x:x:x');
    expect(approximatePlace('::1')).toBe('0:0:0:x:x:x:x:x');
    expect(approximatePlace('fe80::1%eth0')).toBe('fe80:0:0:x:x:x:x:x');
    expect(approximatePlace('2001:0db8:0a0b:12f0::1')).toBe('2001:db8:a0b:x:x:x:x:x');
    expect(approximatePlace('unknown')).toBeNull();
  });

  it('names the device from the user agent, within bounds whatever the client sends', () => {
    expect(describeDevice(undefined)).toEqual({ device: null, deviceKind: null });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'Safari 17 · iOS 17', deviceKind: 'mobile' });
    expect(describeDevice(`${WINDOWS_FIREFOX}${'x'.repeat(100_000)}`).device?.length).toBeLessThanOrEqual(120);
  });
});

// Two instances over one database, sharing the machine's Redis (as behind a load balancer): each
// remembers sessions it checked for a few seconds, so an ended one must be forgotten by both.
describe('sessions on two instances', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ REDIS_URL });
    b = await startTestApp({ REDIS_URL }, { sharing: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('stop working on the other instance as soon as they are ended on one', async () => {
    const { person, token: here } = await register(a);
    const phone = await login(b, person);
    const tablet = await login(b, person);
    const laptop = await login(b, person);
    // The other instance has just checked them: it remembers them as live.
    for (const token of [here, phone, tablet, laptop]) expect((await current(b, token)).status).toBe(200);

    const phoneId = await sessionIdOf(a, phone);
    expect((await a.api('DELETE', `/api/auth/sessions/${phoneId}`, { token: here })).status).toBe(204);
    expect((await current(b, phone)).status).toBe(401);
    expect((await current(b, tablet)).status).toBe(200);

    const others = await a.api('POST', '/api/auth/sessions/end', { token: here, body: { includingThis: false } });
    expect(others.body).toEqual({ ended: 2 });
    for (const token of [tablet, laptop]) expect((await current(b, token)).status).toBe(401);
    expect((await current(b, here)).status).toBe(200);

    // Logout on one instance counts on the other at once too.
    expect((await a.api('POST', '/api/auth/logout', { token: here })).status).toBe(204);
    expect((await current(b, here)).status).toBe(401);
  });

  it('end on every instance once idle', async () => {
    const { token } = await register(a);
    expect((await current(b, token)).status).toBe(200);
    for (const app of [a, b]) app.clock.advance(14 * DAY + 1);
    expect((await current(b, token)).status).toBe(401);
    expect((await current(a, token)).status).toBe(401);
  });
});
