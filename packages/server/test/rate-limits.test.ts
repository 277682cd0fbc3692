import { AUTH_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/infra/config.js';
import { progressiveDelaySeconds } from '../src/infra/rate-limit.js';
import { holdDatabase, newPerson, startTestApp, type TestApp, until } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_LOGIN: '3', RATE_LIMIT_REGISTER: '4', RATE_LIMIT_RECOVERY: '2' });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits', () => {
  it('stops failed logins per address and email after the limit, with 429 and Retry-After', async () => {
    const person = newPerson();
    expect((await t.api('POST', '/api/auth/register', { body: person })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const wrong = await t.api('POST', '/api/auth/login', {
        body: { email: person.email, password: 'wrong password' },
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await t.api('POST', '/api/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: AUTH_MESSAGES.tooManyLogins });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not locked by someone guessing this one.
    const other = newPerson();
    expect((await t.api('POST', '/api/auth/register', { body: other })).status).toBe(201);
    expect(
      (await t.api('POST', '/api/auth/login', { body: { email: other.email, password: other.password } })).status,
    ).toBe(200);
  });

  it('counts only failures: successful logins never lock anyone out', async () => {
    const fresh = await startTestApp({ RATE_LIMIT_LOGIN: '2' });
    try {
      const person = newPerson();
      await fresh.api('POST', '/api/auth/register', { body: person });
      for (let i = 0; i < 5; i++) {
        const ok = await fresh.api('POST', '/api/auth/login', {
          body: { email: person.email, password: person.password },
        });
        expect(ok.status).toBe(200);
      }
    } finally {
      await fresh.close();
    }
  });

  it('limits registrations per address', async () => {
    const fresh = await startTestApp({ RATE_LIMIT_REGISTER: '2' });
    try {
      expect((await fresh.api('POST', '/api/auth/register', { body: newPerson() })).status).toBe(201);
      expect((await fresh.api('POST', '/api/auth/register', { body: newPerson() })).status).toBe(201);
      const third = newPerson();
      const blocked = await fresh.api('POST', '/api/auth/register', { body: third });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: AUTH_MESSAGES.tooManyRegistrations });
      const login = await fresh.api('POST', '/api/auth/login', {
        body: { email: third.email, password: third.password },
      });
      expect(login.status).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('limits recovery requests per email, known or not', async () => {
    for (const email of ['limited-known@example.org', 'limited-unknown@example.org']) {
      if (email.includes('known@')) {
        await t.api('POST', '/api/auth/register', { body: newPerson({ email }) });
      }
      expect((await t.api('POST', '/api/auth/recovery', { body: { email } })).status).toBe(200);
      expect((await t.api('POST', '/api/auth/recovery', { body: { email } })).status).toBe(200);
      const blocked = await t.api('POST', '/api/auth/recovery', { body: { email } });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: AUTH_MESSAGES.tooManyRecoveries });
    }
  });
});

describe('sign-in limits under a parallel burst', () => {
  const login = (app: TestApp, email: string, password: string) =>
    app.api('POST', '/api/auth/login', { body: { email, password } });

  it('verifies at most the limit of passwords in a burst of 300, and the right one late in it gets 429', async () => {
    const burst = await startTestApp({ RATE_LIMIT_LOGIN: '10' });
    try {
      const person = newPerson();
      expect((await burst.api('POST', '/api/auth/register', { body: person })).status).toBe(201);
      const right = 296;
      // The accounts table held still while the burst arrives: every request gets as far as it can
      // before reading the account, so all 300 are truly in flight at once.
      const hold = await holdDatabase(burst, 'users');
      let answered = 0;
      const pending = Array.from({ length: 300 }, (_, i) =>
        login(burst, person.email, i === right ? person.password : `guess ${i}`).finally(() => {
          answered += 1;
        }),
      );
      await until(() => answered >= 290, 3_000);
      await hold.release();
      const answers = await Promise.all(pending);
      const statuses = answers.map((a) => a.status);
      // Every answer is a refusal; a 401 is a password that was really checked.
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses[right]).toBe(429);
      expect(answers[right]?.body).toEqual({ message: AUTH_MESSAGES.tooManyLogins });
      // And the window stays closed afterwards, for the right password too.
      expect((await login(burst, person.email, person.password)).status).toBe(429);
    } finally {
      await burst.close();
    }
  });

  it('a success in a burst gives back only its own attempt: the failures beside it stay counted', async () => {
    const burst = await startTestApp({ RATE_LIMIT_LOGIN: '10' });
    try {
      const person = newPerson();
      expect((await burst.api('POST', '/api/auth/register', { body: person })).status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(burst, person.email, i === 9 ? person.password : `guess ${i}`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(9).fill(401), 200].sort());
      // Nine failures are still counted: one more wrong guess is checked, then the limit holds.
      expect((await login(burst, person.email, 'one more guess')).status).toBe(401);
      expect((await login(burst, person.email, person.password)).status).toBe(429);
    } finally {
      await burst.close();
    }
  });
});

describe('proxies, accounts and addresses', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const login = (app: TestApp, email: string, password: string, address?: string) =>
    app.api('POST', '/api/auth/login', { body: { email, password }, ...(address ? { headers: from(address) } : {}) });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('refuses TRUST_PROXY=true at start, saying what to write instead; takes a hop count or proxy addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY:.*кількість.*адреси/s);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.org' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.2 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      '::1',
      'loopback',
    ]);
  });

  it('a rotating X-Forwarded-For from an untrusted peer gives no more guesses', async () => {
    // Not trusted at all (the default), and trusted proxies that the test's peer is not among.
    for (const trust of [{}, { TRUST_PROXY: '10.0.0.0/8' }] as Record<string, string>[]) {
      const app = await startTestApp({ RATE_LIMIT_LOGIN: '3', ...trust });
      try {
        const person = newPerson();
        await app.api('POST', '/api/auth/register', { body: person });
        const statuses = [];
        for (let i = 0; i < 6; i++) statuses.push((await login(app, person.email, 'guess', `198.51.100.${i}`)).status);
        expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      } finally {
        await app.close();
      }
    }
  });

  it('with one trusted hop, the client address the proxy saw is used, not what the client wrote before it', async () => {
    const app = await startTestApp({ RATE_LIMIT_LOGIN: '3', TRUST_PROXY: '1' });
    try {
      const person = newPerson();
      await app.api('POST', '/api/auth/register', { body: person });
      const statuses = [];
      // The client prepends a new address each time; the proxy appends the one it really saw.
      for (let i = 0; i < 5; i++) {
        statuses.push((await login(app, person.email, 'guess', `10.9.9.${i}, 203.0.113.7`)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has guesses of its own.
      expect((await login(app, person.email, 'guess', '203.0.113.8')).status).toBe(401);
      expect((await login(app, person.email, person.password, '203.0.113.8')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('slows guesses at one account from many addresses, one at a time with a doubling delay, never locking the owner out', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_LOGIN_ACCOUNT: '2' });
    try {
      const person = newPerson();
      await app.api('POST', '/api/auth/register', { body: person });
      expect((await login(app, person.email, 'guess', '198.51.100.1')).status).toBe(401);
      expect((await login(app, person.email, 'guess', '198.51.100.2')).status).toBe(401);
      // Past the free attempts, a burst from 20 addresses gets one guess checked; the rest wait.
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(app, person.email, `guess ${i}`, `198.51.101.${i}`)),
      );
      expect(burst.filter((a) => a.status === 401)).toHaveLength(1);
      const waiting = burst.filter((a) => a.status === 429);
      expect(waiting).toHaveLength(19);
      for (const answer of waiting) {
        expect(answer.body).toEqual({ message: AUTH_MESSAGES.tooManyLogins });
        expect(answer.headers.get('retry-after')).toBe('1');
      }
      // The owner, after the wait the answer named, signs in from yet another address.
      await sleep(1_100);
      expect((await login(app, person.email, person.password, '192.0.2.10')).status).toBe(200);
      // The next attempt waits twice as long.
      const next = await login(app, person.email, 'guess', '198.51.102.1');
      expect(next.status).toBe(429);
      expect(next.headers.get('retry-after')).toBe('2');
    } finally {
      await app.close();
    }
    // Doubling from one second, capped (at five minutes for sign-in): never a long lockout.
    expect([1, 2, 3, 4, 5, 9, 10, 40].map((n) => progressiveDelaySeconds(n, 300))).toEqual([
      1, 2, 4, 8, 16, 256, 300, 300,
    ]);
  });

  it('limits failed logins from one address across emails: 40 sprayed emails are stopped at the default 30', async () => {
    // An empty setting is "not set": the default applies.
    const app = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_LOGIN_ADDRESS: '' });
    try {
      const sprayed = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(app, `sprayed-${i}@example.org`, '12345678', '198.51.100.77')),
      );
      const statuses = sprayed.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // Another address is not held up by that one.
      expect((await login(app, 'sprayed-0@example.org', '12345678', '198.51.100.78')).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('limits recovery requests per address as well as per email, and registrations per address under a burst', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_RECOVERY_ADDRESS: '3', RATE_LIMIT_REGISTER: '3' });
    try {
      const recoveries = [];
      for (let i = 0; i < 4; i++) {
        recoveries.push(
          await app.api('POST', '/api/auth/recovery', {
            body: { email: `recover-${i}@example.org` },
            headers: from('198.51.100.5'),
          }),
        );
      }
      expect(recoveries.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(recoveries[3]?.body).toEqual({ message: AUTH_MESSAGES.tooManyRecoveries });
      expect(
        (
          await app.api('POST', '/api/auth/recovery', {
            body: { email: 'recover-9@example.org' },
            headers: from('198.51.100.6'),
          })
        ).status,
      ).toBe(200);
      const registrations = await Promise.all(
        Array.from({ length: 10 }, () =>
          app.api('POST', '/api/auth/register', { body: newPerson(), headers: from('198.51.100.5') }),
        ),
      );
      expect(registrations.map((r) => r.status).sort()).toEqual([201, 201, 201, ...Array(7).fill(429)]);
    } finally {
      await app.close();
    }
  });

  it('limits password resets per address, counting invented links', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_RESET: '2' });
    try {
      const reset = (address: string) =>
        app.api('POST', '/api/auth/reset', {
          body: { token: 'invented-token', password: 'new secret!' },
          headers: from(address),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await reset('198.51.100.30')).status);
      expect(statuses).toEqual([400, 400, 429]);
      const blocked = await reset('198.51.100.30');
      expect(blocked.body).toEqual({ message: AUTH_MESSAGES.tooManyResets });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await reset('198.51.100.31')).status).toBe(400);
    } finally {
      await app.close();
    }
  });
});
