import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_RECHECK_MS } from '../src/features/auth/service.js';
import { SESSION_TTL_MS } from '../src/features/auth/tokens.js';
import { resetLinkOf, startTestApp, type TestApp } from './support/app.js';
import { signIn, signUp, staff } from './support/courses.js';
import { enableTwoStep } from './support/two-step.js';

// HTTP requests rely for a few seconds on a session this instance found live (AuthService,
// bench/README.md). Whatever ends a session or changes a role on this instance must still count
// at once; only changes made elsewhere wait for the next check.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const current = (token: string) => t.api('GET', '/api/auth/current', { token });

describe('sessions remembered by an instance', () => {
  it('end at once on logout, also right after a request used them', async () => {
    const { token } = await signUp(t);
    expect((await current(token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await current(token)).status).toBe(401);
    expect((await t.api('GET', '/api/courses', { token })).status).toBe(401);
  });

  it('end at once, every one of them, on a password reset', async () => {
    const { person, token: first } = await signUp(t);
    const second = await signIn(t, person.email, person.password);
    expect((await current(first)).status).toBe(200);
    expect((await current(second)).status).toBe(200);
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const resetToken = (await resetLinkOf(t, person.email)).split('/reset/')[1];
    expect(
      (await t.api('POST', '/api/auth/reset', { body: { token: resetToken, password: 'a new secret!' } })).status,
    ).toBe(200);
    expect((await current(first)).status).toBe(401);
    expect((await current(second)).status).toBe(401);
  });

  it('take a new role at once when an admin changes it', async () => {
    const admin = await staff(t, 'admin');
    const { token, user, person } = await signUp(t);
    // On beforehand, as curators need it: the new role is then the only change.
    await enableTwoStep(t, token, person);
    const courses = () => t.api('GET', '/api/admin/courses', { token });
    expect((await courses()).status).toBe(403);
    const role = (value: string) =>
      t.api('PATCH', `/api/admin/users/${user._id}/role`, { token: admin, body: { role: value } });
    expect((await role('moderator')).status).toBe(200);
    expect((await courses()).status).toBe(200);
    expect((await role('user')).status).toBe(200);
    expect((await courses()).status).toBe(403);
  });

  it('are checked again within SESSION_RECHECK_MS when revoked elsewhere, and never outlive their session', async () => {
    const { token, user } = await signUp(t);
    expect((await current(token)).status).toBe(200);
    // Revoked by another instance (or the operator) straight in the database: no word reaches this one.
    await t.app.services.db
      .updateTable('sessions')
      .set({ revoked_at: t.clock.now() })
      .where('user_id', '=', user._id)
      .execute();
    expect((await current(token)).status).toBe(200);
    t.clock.advance(SESSION_RECHECK_MS);
    expect((await current(token)).status).toBe(401);

    // Used every ten days (never idle), checked a second before its session ends, and asked again
    // two seconds later: it has ended.
    const { token: other } = await signUp(t);
    for (const _ of [1, 2]) {
      t.clock.advance(10 * DAY_MS);
      expect((await current(other)).status).toBe(200);
    }
    t.clock.advance(SESSION_TTL_MS - 20 * DAY_MS - 1_000);
    expect((await current(other)).status).toBe(200);
    t.clock.advance(2_000);
    expect((await current(other)).status).toBe(401);
  });
});
