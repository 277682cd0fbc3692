import { AUTH_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
