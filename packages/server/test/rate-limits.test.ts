import { AUTH_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, startTestApp, type TestApp } from './support/app.js';

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
