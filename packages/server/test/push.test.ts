import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { NOTIFICATION_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.js';
import { MAX_PUSH_SUBSCRIPTIONS, PushSubscriptions } from '../src/features/notifications/index.js';
import { loadConfig } from '../src/infra/config.js';
import { pushTopic } from '../src/infra/push.js';
import { freePort, PRODUCTION, startTestApp, type TestApp } from './support/app.js';
import { signUp } from './support/courses.js';
import { decrypt, startPushService, type TestBrowser, type TestPushService } from './support/push.js';

let t: TestApp;
let service: TestPushService;

beforeAll(async () => {
  t = await startTestApp();
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});

const payload = { title: 'Домашнє завдання перевірено', body: 'Оцінка: 11', link: '/uk/exercises/42', tag: 'hw-42' };
const options = { ttlSeconds: 3600, topic: 'n-42', urgency: 'high' as const };

async function subscribed(token: string, browser: TestBrowser = service.browser()): Promise<TestBrowser> {
  const answer = await t.api('POST', '/api/notifications/push/subscriptions', {
    token,
    body: browser.subscription,
    headers: { 'user-agent': 'Mozilla/5.0 (Android 14; Mobile) Firefox/133.0' },
  });
  expect(answer.status).toBe(201);
  return browser;
}

async function endpointsOf(userId: string): Promise<string[]> {
  const rows = await t.app.services.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('endpoint')
    .execute();
  return rows.map((row) => row.endpoint);
}

describe('Web Push delivery', () => {
  it('sends a VAPID-signed message that only the subscribed browser can decrypt, with TTL, Urgency and Topic', async () => {
    const { token, user } = await signUp(t);
    const key = await t.api('GET', '/api/notifications/push/key', { token });
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const phone = await subscribed(token);
    const laptop = await subscribed(token);

    const delivery = await t.app.services.push.channel.deliver(user._id, payload, options);

    expect(delivery).toEqual({ sent: 2, gone: 0 });
    for (const browser of [phone, laptop]) {
      const [push, ...more] = service.to(browser.subscription.endpoint);
      expect(more).toHaveLength(0);
      expect(push?.payload).toEqual(payload);
      expect(push?.vapidKey).toBe(key.body.publicKey);
      expect(push?.claims.aud).toBe(service.origin);
      expect(push?.claims.sub).toMatch(/^mailto:/);
      expect(push?.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: 'n-42' });
    }
    expect(service.refused).toEqual([]);
  });

  it('encrypts for each browser apart: another browser’s keys do not open the message', async () => {
    const { token, user } = await signUp(t);
    const phone = await subscribed(token);
    await t.app.services.push.channel.deliver(user._id, payload, options);
    const [push] = service.to(phone.subscription.endpoint);
    if (!push) throw new Error('nothing arrived');
    expect(JSON.parse(decrypt(phone, push.body))).toEqual(payload);
    const stranger = service.browser();
    expect(() => decrypt(stranger, push.body)).toThrow();
  });

  it('makes a topic of any string: short base64url ones as they are, others a stable 32-character digest', async () => {
    const { token, user } = await signUp(t);
    const phone = await subscribed(token);
    const id = 'c56a4180-65aa-42ec-a945-5fd21dec0538:homework';
    await t.app.services.push.channel.deliver(user._id, payload, { ...options, topic: id });
    const topic = service.to(phone.subscription.endpoint)[0]?.headers.topic;
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(topic).toBe(pushTopic(id));
    expect(pushTopic(id)).toBe(pushTopic(id));
    expect(pushTopic(`${id}x`)).not.toBe(topic);
  });

  it('shortens a body that would not fit in one push message, and says so with «…»', async () => {
    const { token, user } = await signUp(t);
    const phone = await subscribed(token);
    const long = { ...payload, body: 'Дуже довгий коментар куратора. '.repeat(200) };
    await t.app.services.push.channel.deliver(user._id, long, options);
    const got = service.to(phone.subscription.endpoint)[0]?.payload as typeof payload;
    expect(got.title).toBe(long.title);
    expect(got.body.endsWith('…')).toBe(true);
    expect(long.body.startsWith(got.body.slice(0, -1))).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(got))).toBeLessThanOrEqual(3000);
  });

  it('removes a subscription the push service calls gone (410, 404) and keeps delivering to the rest', async () => {
    const { token, user } = await signUp(t);
    const [kept, expired, unknown] = [await subscribed(token), await subscribed(token), await subscribed(token)];
    service.answer(expired.subscription.endpoint, 410);
    service.answer(unknown.subscription.endpoint, 404);

    const delivery = await t.app.services.push.channel.deliver(user._id, payload, options);

    expect(delivery).toEqual({ sent: 1, gone: 2 });
    expect(await endpointsOf(user._id)).toEqual([kept.subscription.endpoint]);
    expect(service.to(kept.subscription.endpoint)).toHaveLength(1);
  });

  it('throws when a push service fails otherwise (so the job is retried), after trying every browser, and keeps the subscription', async () => {
    const { token, user } = await signUp(t);
    const failing = await subscribed(token);
    const fine = await subscribed(token);
    service.answer(failing.subscription.endpoint, 500);

    await expect(t.app.services.push.channel.deliver(user._id, payload, options)).rejects.toThrow(
      /push failed for 1 of 2/,
    );
    expect(service.to(fine.subscription.endpoint)).toHaveLength(1);
    expect(await endpointsOf(user._id)).toHaveLength(2);

    service.answer(failing.subscription.endpoint, 201);
    expect(await t.app.services.push.channel.deliver(user._id, payload, options)).toEqual({ sent: 2, gone: 0 });
  });

  it('throws when the push service cannot be reached at all', async () => {
    const { user } = await signUp(t);
    const browser = service.browser();
    const closed = `http://127.0.0.1:${await freePort()}/push/nobody-listens`;
    await t.app.services.push.subscriptions.save(user._id, { ...browser.subscription, endpoint: closed }, '');
    await expect(t.app.services.push.channel.deliver(user._id, payload, options)).rejects.toThrow(AggregateError);
    expect(await endpointsOf(user._id)).toEqual([closed]);
  });

  it('sends nothing to a person without subscriptions', async () => {
    const { user } = await signUp(t);
    expect(await t.app.services.push.channel.deliver(user._id, payload, options)).toEqual({ sent: 0, gone: 0 });
  });
});

describe('push subscription routes', () => {
  it('need a signed-in person', async () => {
    const browser = service.browser();
    expect((await t.api('GET', '/api/notifications/push/key')).status).toBe(401);
    const post = await t.api('POST', '/api/notifications/push/subscriptions', { body: browser.subscription });
    expect(post.status).toBe(401);
    const del = await t.api('DELETE', '/api/notifications/push/subscriptions', {
      body: { endpoint: browser.subscription.endpoint },
    });
    expect(del.status).toBe(401);
  });

  it('refuse a malformed subscription, saying what is wrong in Ukrainian', async () => {
    const { token } = await signUp(t);
    const good = service.browser().subscription;
    const notUrl = await t.api('POST', '/api/notifications/push/subscriptions', {
      token,
      body: { ...good, endpoint: 'javascript:alert(1)' },
    });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.message).toContain('Підписка: потрібна адреса push-сервісу');
    const noKeys = await t.api('POST', '/api/notifications/push/subscriptions', {
      token,
      body: { endpoint: good.endpoint },
    });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body.message).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
  });

  it('keep one row per browser: subscribing again updates its keys', async () => {
    const { token, user } = await signUp(t);
    const browser = await subscribed(token);
    const renewed = service.browser();
    // The same browser (endpoint) with new keys, as after the browser rotated them.
    const again = { endpoint: browser.subscription.endpoint, keys: renewed.subscription.keys };
    expect((await t.api('POST', '/api/notifications/push/subscriptions', { token, body: again })).status).toBe(201);
    const rows = await t.app.services.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: again.keys.p256dh, auth: again.keys.auth });
  });

  it('move a browser to the person now signed in on it', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const shared = await subscribed(first.token);
    await subscribed(second.token, shared);
    expect(await endpointsOf(first.user._id)).toEqual([]);
    expect(await endpointsOf(second.user._id)).toEqual([shared.subscription.endpoint]);
    expect(await t.app.services.push.channel.deliver(first.user._id, payload, options)).toEqual({ sent: 0, gone: 0 });
  });

  it('let a person remove only their own subscription', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const browser = await subscribed(owner.token);
    const body = { endpoint: browser.subscription.endpoint };
    const foreign = await t.api('DELETE', '/api/notifications/push/subscriptions', { token: other.token, body });
    expect(foreign.status).toBe(204);
    expect(await endpointsOf(owner.user._id)).toEqual([browser.subscription.endpoint]);
    const own = await t.api('DELETE', '/api/notifications/push/subscriptions', { token: owner.token, body });
    expect(own.status).toBe(204);
    expect(await endpointsOf(owner.user._id)).toEqual([]);
  });

  it(`keep at most ${MAX_PUSH_SUBSCRIPTIONS} browsers per person under simultaneous subscriptions`, async () => {
    const { token, user } = await signUp(t);
    const browsers = Array.from({ length: 16 }, () => service.browser());
    const answers = await Promise.all(
      browsers.map((browser) =>
        t.api('POST', '/api/notifications/push/subscriptions', { token, body: browser.subscription }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(browsers.map(() => 201));
    expect(await endpointsOf(user._id)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it('drop the least recently used browser past the limit, never the one subscribing', async () => {
    const { token, user } = await signUp(t);
    const browsers: TestBrowser[] = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i++) {
      browsers.push(await subscribed(token));
      t.clock.advance(1000);
    }
    // The first browser confirms its subscription again: now the second is the least recently used.
    await subscribed(token, browsers[0]);
    t.clock.advance(1000);
    const newest = await subscribed(token);
    const held = await endpointsOf(user._id);
    expect(held).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(held).toContain(newest.subscription.endpoint);
    expect(held).toContain(browsers[0]?.subscription.endpoint);
    expect(held).not.toContain(browsers[1]?.subscription.endpoint);
  });
});

describe('VAPID keys', () => {
  it('are made once per data directory (0600) and kept across restarts and instances', async () => {
    const { token } = await signUp(t);
    const file = path.join(t.dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    const key = (await t.api('GET', '/api/notifications/push/key', { token })).body.publicKey;
    expect(key).toBe(stored.publicKey);
    expect(stored.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const second = await startTestApp({}, { sharing: t });
    try {
      expect((await second.api('GET', '/api/notifications/push/key', { token })).body.publicKey).toBe(key);
    } finally {
      await second.close();
    }
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(stored);
  });

  it('come from the settings when given: a pair from `admin vapid-keys` signs what is sent', async () => {
    const printed = await runAdmin(['vapid-keys'], loadConfig({ DATA_DIR: t.dataDir }));
    const settings = Object.fromEntries(printed.split('\n').map((line) => line.split('=') as [string, string]));
    expect(Object.keys(settings)).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    const configured = await startTestApp({ ...settings, VAPID_SUBJECT: 'https://yedyni.example.org/contact' });
    try {
      const { token, user } = await signUp(configured);
      const key = (await configured.api('GET', '/api/notifications/push/key', { token })).body.publicKey;
      expect(key).toBe(settings.VAPID_PUBLIC_KEY);
      const browser = service.browser();
      const answer = await configured.api('POST', '/api/notifications/push/subscriptions', {
        token,
        body: browser.subscription,
      });
      expect(answer.status).toBe(201);
      await configured.app.services.push.channel.deliver(user._id, payload, options);
      const [push] = service.to(browser.subscription.endpoint);
      expect(push?.vapidKey).toBe(settings.VAPID_PUBLIC_KEY);
      expect(push?.claims.sub).toBe('https://yedyni.example.org/contact');
      expect(statSync(configured.dataDir).isDirectory()).toBe(true);
      await expect(readFile(path.join(configured.dataDir, 'vapid.json'))).rejects.toThrow(/ENOENT/);
    } finally {
      await configured.close();
    }
  });

  it('are refused when only one of the pair, or a malformed one, is set', () => {
    expect(() => loadConfig({ DATA_DIR: t.dataDir, VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/обидва/);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'x' })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: t.dataDir, VAPID_SUBJECT: 'http://example.org' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe('push in production', () => {
  it('is off without keys: said once in the log, no key, subscriptions refused, no key file made', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const production = await startTestApp({ ...PRODUCTION, LOG_LEVEL: 'warn' }, { logStream });
    try {
      const { token } = await signUp(production);
      expect((await production.api('GET', '/api/notifications/push/key', { token })).body).toEqual({
        publicKey: null,
      });
      const answer = await production.api('POST', '/api/notifications/push/subscriptions', {
        token,
        body: { endpoint: 'https://push.example.org/abc', keys: service.browser().subscription.keys },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(NOTIFICATION_MESSAGES.pushUnavailable);
      expect(lines.filter((line) => line.includes('Web Push is off'))).toHaveLength(1);
      await expect(readFile(path.join(production.dataDir, 'vapid.json'))).rejects.toThrow(/ENOENT/);
    } finally {
      await production.close();
    }
  });

  it('accepts only public https push services: the server posts to the address it is given', async () => {
    const { user } = await signUp(t);
    const strict = new PushSubscriptions({ db: t.app.services.db, clock: t.clock, publicEndpointsOnly: true });
    const keys = service.browser().subscription.keys;
    for (const endpoint of [
      'http://push.example.org/abc',
      'https://127.0.0.1/abc',
      'https://10.0.0.5/abc',
      'https://[::1]/abc',
      'https://localhost/abc',
      'https://metadata.localhost/abc',
    ]) {
      await expect(strict.save(user._id, { endpoint, keys }, '')).rejects.toThrow(
        NOTIFICATION_MESSAGES.badPushEndpoint,
      );
    }
    const real = 'https://fcm.googleapis.com/fcm/send/abc:def';
    await strict.save(user._id, { endpoint: real, keys }, '');
    expect(await endpointsOf(user._id)).toEqual([real]);
  });
});
