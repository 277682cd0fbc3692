import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { createAdapter } from '@socket.io/redis-adapter';
import { TWO_STEP_MESSAGES, TWO_STEP_TICKET_TTL_MS } from '@yedyni/contract';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.js';
import { loadConfig } from '../src/infra/config.js';
import { newPerson, resetLinkOf, startTestApp, type TestApp } from './support/app.js';
import { signIn, signUp } from './support/courses.js';
import { appCode, enableTwoStep } from './support/two-step.js';

const STEP_MS = 30_000;

/** A learner with two-step sign-in on, signed in before it was turned on. */
async function learnerWithTwoStep(t: TestApp) {
  const { person, token } = await signUp(t);
  const { secret, recoveryCodes } = await enableTwoStep(t, token, person);
  return { person, token, secret, recoveryCodes };
}

const login = (t: TestApp, person: { email: string; password: string }) =>
  t.api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
const codeStep = (t: TestApp, ticket: string, code: string, headers?: Record<string, string>) =>
  t.api('POST', '/api/auth/two-step', { body: { ticket, code }, ...(headers ? { headers } : {}) });

async function auditOf(t: TestApp, userId: string) {
  return t.app.services.db
    .selectFrom('audit_log')
    .select(['action', 'summary', 'details', 'actor_id'])
    .where('target', '=', `user:${userId}`)
    .orderBy('created_at')
    .execute();
}

async function sessionsOf(t: TestApp, userId: string): Promise<number> {
  const rows = await t.app.services.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

describe('two-step sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('set-up', () => {
    it('asks for the password, gives a secret, its otpauth:// address and a QR code, and is on only after a first code', async () => {
      const { person, token, user } = await signUp(t);
      const wrong = await t.api('POST', '/api/auth/two-step/setup', { token, body: { password: 'not my password' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(TWO_STEP_MESSAGES.wrongPassword);
      expect(
        await t.app.services.db.selectFrom('two_step').selectAll().where('user_id', '=', user._id).execute(),
      ).toEqual([]);

      const setup = await t.api('POST', '/api/auth/two-step/setup', { token, body: { password: person.password } });
      expect(setup.status).toBe(200);
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(setup.body.uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/Єдині:${person.email}`);
      expect(uri.searchParams.get('secret')).toBe(setup.body.secret);
      expect(uri.searchParams.get('period')).toBe('30');
      expect(setup.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(setup.body.qr.split(',')[1], 'base64').toString()).toContain('<svg');

      // Not on yet: the password alone still signs in, and the profile says it is off.
      expect((await login(t, person)).body.token).toEqual(expect.any(String));
      expect((await t.api('GET', '/api/auth/current', { token })).body.twoStep).toEqual({ on: false, required: false });

      const badCode = await t.api('POST', '/api/auth/two-step/enable', { token, body: { code: '000000' } });
      expect(badCode.status).toBe(400);
      expect(badCode.body.message).toBe(TWO_STEP_MESSAGES.wrongCode);
      expect((await t.api('GET', '/api/auth/two-step', { token })).body.on).toBe(false);

      const enabled = await t.api('POST', '/api/auth/two-step/enable', {
        token,
        body: { code: appCode(setup.body.secret, t.clock.now()) },
      });
      expect(enabled.status).toBe(200);
      expect(enabled.body.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
      for (const code of enabled.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect((await t.api('GET', '/api/auth/two-step', { token })).body).toEqual({
        on: true,
        required: false,
        recoveryCodesLeft: 10,
      });
      expect((await t.api('GET', '/api/auth/current', { token })).body.twoStep).toEqual({ on: true, required: false });
    });

    it('never sends the secret again, keeps it sealed and the recovery codes only hashed', async () => {
      const { person, token, secret, recoveryCodes } = await learnerWithTwoStep(t);
      const again = await t.api('POST', '/api/auth/two-step/setup', { token, body: { password: person.password } });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(TWO_STEP_MESSAGES.alreadyOn);
      for (const answer of [
        await t.api('GET', '/api/auth/two-step', { token }),
        await t.api('GET', '/api/auth/current', { token }),
        again,
      ]) {
        expect(JSON.stringify(answer.body)).not.toContain(secret);
      }
      const { db } = t.app.services;
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      const row = await db.selectFrom('two_step').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.secret).toMatch(/^v1\./);
      expect(row.secret).not.toContain(secret);
      const stored = JSON.stringify(
        await db.selectFrom('two_step_recovery_codes').selectAll().where('user_id', '=', user.id).execute(),
      );
      for (const code of recoveryCodes) {
        expect(stored).not.toContain(code);
        expect(stored).not.toContain(code.replace('-', ''));
      }
      // The sealed secret is bound to its row: moved to another person it opens for nobody.
      const keys = (t.app.services.twoStep as unknown as { deps: { keys: { open(s: string, u: string): unknown } } })
        .deps.keys;
      expect(keys.open(row.secret, user.id)).toBe(secret);
      expect(keys.open(row.secret, 'someone-else')).toBeUndefined();
    });

    it('refuses a recovery code as the first code: only the app confirms a set-up', async () => {
      const { person, token } = await signUp(t);
      await t.api('POST', '/api/auth/two-step/setup', { token, body: { password: person.password } });
      const refused = await t.api('POST', '/api/auth/two-step/enable', { token, body: { code: 'abcde-fghjk' } });
      expect(refused.status).toBe(400);
      expect((await t.api('GET', '/api/auth/two-step', { token })).body.on).toBe(false);
    });
  });

  describe('signing in', () => {
    it('after the password gives a short-lived ticket and no session; the code makes the session', async () => {
      const { person, secret } = await learnerWithTwoStep(t);
      const user = await t.app.services.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      const sessionsBefore = await sessionsOf(t, user.id);
      t.clock.advance(STEP_MS);
      const first = await login(t, person);
      expect(first.status).toBe(200);
      expect(first.body.token).toBeUndefined();
      expect(first.body.user).toBeUndefined();
      expect(first.body.twoStep.expiresAt).toBe(t.clock.now() + TWO_STEP_TICKET_TTL_MS);
      expect(await sessionsOf(t, user.id)).toBe(sessionsBefore);

      const wrong = await codeStep(t, first.body.twoStep.ticket, '123456');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(TWO_STEP_MESSAGES.wrongCode);
      expect(await sessionsOf(t, user.id)).toBe(sessionsBefore);

      const right = await codeStep(t, first.body.twoStep.ticket, appCode(secret, t.clock.now()));
      expect(right.status).toBe(200);
      expect(right.body.user.email).toBe(person.email);
      expect((await t.api('GET', '/api/auth/current', { token: right.body.token })).status).toBe(200);
      expect(await sessionsOf(t, user.id)).toBe(sessionsBefore + 1);

      // The ticket is used: it makes no second session, whatever code comes with it.
      t.clock.advance(STEP_MS);
      const reused = await codeStep(t, first.body.twoStep.ticket, appCode(secret, t.clock.now()));
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe(TWO_STEP_MESSAGES.ticketExpired);
    });

    it('refuses a ticket after five minutes, and an invented one', async () => {
      const { person, secret } = await learnerWithTwoStep(t);
      const { body } = await login(t, person);
      t.clock.advance(TWO_STEP_TICKET_TTL_MS);
      const late = await codeStep(t, body.twoStep.ticket, appCode(secret, t.clock.now()));
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(TWO_STEP_MESSAGES.ticketExpired);
      const invented = await codeStep(t, 'x'.repeat(43), appCode(secret, t.clock.now()));
      expect(invented.status).toBe(400);
    });

    it('refuses a code of a 30-second step already used, even under concurrent use, and takes the next step’s', async () => {
      const { person, secret } = await learnerWithTwoStep(t);
      t.clock.advance(STEP_MS);
      const code = appCode(secret, t.clock.now());
      const tickets = await Promise.all([login(t, person), login(t, person), login(t, person)]);
      const answers = await Promise.all(tickets.map((l) => codeStep(t, l.body.twoStep.ticket, code)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
      for (const refused of answers.filter((a) => a.status === 400)) {
        expect(refused.body.message).toBe(TWO_STEP_MESSAGES.usedCode);
      }
      // The code of the step before is older still: refused too.
      const earlier = await codeStep(
        t,
        (await login(t, person)).body.twoStep.ticket,
        appCode(secret, t.clock.now() - STEP_MS),
      );
      expect(earlier.status).toBe(400);
      t.clock.advance(STEP_MS);
      const next = await codeStep(t, (await login(t, person)).body.twoStep.ticket, appCode(secret, t.clock.now()));
      expect(next.status).toBe(200);
    });

    it('takes a recovery code once, however typed, and counts what is left', async () => {
      const { person, recoveryCodes, token } = await learnerWithTwoStep(t);
      const [code] = recoveryCodes as [string];
      const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
      const first = await codeStep(t, (await login(t, person)).body.twoStep.ticket, typed);
      expect(first.status).toBe(200);
      const second = await codeStep(t, (await login(t, person)).body.twoStep.ticket, code);
      expect(second.status).toBe(400);
      expect(second.body.message).toBe(TWO_STEP_MESSAGES.wrongCode);
      expect((await t.api('GET', '/api/auth/two-step', { token })).body.recoveryCodesLeft).toBe(9);
    });

    it('a password reset by mail still asks for the code: a mailbox is no second factor', async () => {
      const { person, secret } = await learnerWithTwoStep(t);
      await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
      const link = await resetLinkOf(t, person.email);
      const reset = await t.api('POST', '/api/auth/reset', {
        body: { token: link.split('/reset/')[1], password: 'a brand new passphrase' },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.token).toBeUndefined();
      t.clock.advance(STEP_MS);
      const done = await codeStep(t, reset.body.twoStep.ticket, appCode(secret, t.clock.now()));
      expect(done.status).toBe(200);
    });
  });

  describe('turning it off', () => {
    it('needs the password and a current code; a wrong one of either changes nothing', async () => {
      const { person, token, secret } = await learnerWithTwoStep(t);
      t.clock.advance(STEP_MS);
      const noPassword = await t.api('POST', '/api/auth/two-step/disable', {
        token,
        body: { password: 'wrong password here', code: appCode(secret, t.clock.now()) },
      });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.message).toBe(TWO_STEP_MESSAGES.wrongPassword);
      const noCode = await t.api('POST', '/api/auth/two-step/disable', {
        token,
        body: { password: person.password, code: '000000' },
      });
      expect(noCode.status).toBe(400);
      expect((await t.api('GET', '/api/auth/two-step', { token })).body.on).toBe(true);
      expect((await login(t, person)).body.twoStep).toBeDefined();

      const off = await t.api('POST', '/api/auth/two-step/disable', {
        token,
        body: { password: person.password, code: appCode(secret, t.clock.now()) },
      });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ on: false, required: false, recoveryCodesLeft: 0 });
      expect((await login(t, person)).body.token).toEqual(expect.any(String));
      const user = await t.app.services.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      expect(
        await t.app.services.db
          .selectFrom('two_step_recovery_codes')
          .selectAll()
          .where('user_id', '=', user.id)
          .execute(),
      ).toEqual([]);
    });

    it('gives ten new recovery codes in place of the old ones after the password and a code', async () => {
      const { person, token, secret, recoveryCodes } = await learnerWithTwoStep(t);
      t.clock.advance(STEP_MS);
      const renewed = await t.api('POST', '/api/auth/two-step/recovery-codes', {
        token,
        body: { password: person.password, code: appCode(secret, t.clock.now()) },
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.recoveryCodes).toHaveLength(10);
      const old = await codeStep(t, (await login(t, person)).body.twoStep.ticket, recoveryCodes[0] as string);
      expect(old.status).toBe(400);
      const fresh = await codeStep(t, (await login(t, person)).body.twoStep.ticket, renewed.body.recoveryCodes[0]);
      expect(fresh.status).toBe(200);
    });
  });

  it('is turned off by the operator for someone who lost the phone and the codes, audited', async () => {
    const { person, token } = await learnerWithTwoStep(t);
    const said = await runAdmin(['reset-two-step', person.email], loadConfig(t.env));
    expect(said).toContain('вимкнено');
    expect((await t.api('GET', '/api/auth/two-step', { token })).body.on).toBe(false);
    expect((await login(t, person)).body.token).toEqual(expect.any(String));
    const line = await t.app.services.db
      .selectFrom('audit_log')
      .select(['actor_id', 'summary'])
      .where('action', '=', 'two-step.off')
      .where('summary', 'like', `${person.email}%`)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ actor_id: null, summary: `${person.email}: двоетапний вхід вимкнено (командний рядок)` });
    expect(await runAdmin(['reset-two-step', person.email], loadConfig(t.env))).toContain('нічого не змінено');
  });

  it('writes every step to the audit log, with no code or secret in it', async () => {
    const { person, token, secret, recoveryCodes } = await learnerWithTwoStep(t);
    t.clock.advance(STEP_MS);
    const ticket = (await login(t, person)).body.twoStep.ticket;
    await codeStep(t, ticket, '111111');
    await codeStep(t, ticket, appCode(secret, t.clock.now()));
    await codeStep(t, (await login(t, person)).body.twoStep.ticket, recoveryCodes[1] as string);
    t.clock.advance(STEP_MS);
    await t.api('POST', '/api/auth/two-step/disable', {
      token,
      body: { password: person.password, code: appCode(secret, t.clock.now()) },
    });
    const user = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    const lines = await auditOf(t, user.id);
    // Several share a millisecond of the test clock: compared as a set of lines, not in order.
    expect(lines.map((l) => l.action).sort()).toEqual([
      'two-step.off',
      'two-step.on',
      'two-step.refused',
      'two-step.setup',
      'two-step.sign-in',
      'two-step.sign-in',
    ]);
    expect(lines.every((l) => l.actor_id === user.id && l.summary.startsWith(person.email))).toBe(true);
    expect(lines.map((l) => l.summary)).toEqual(
      expect.arrayContaining([`${person.email}: вхід із резервним кодом`, `${person.email}: вхід: неправильний код`]),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });
});

describe('two-step sign-in is required of curators and admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function staffWithoutTwoStep(role: 'moderator' | 'admin') {
    const person = newPerson();
    await t.app.services.auth.createAccount({ ...person, role });
    return { person, token: await signIn(t, person.email, person.password) };
  }

  it('lets them sign in with the password, says it is required, and refuses every staff-only call with why', async () => {
    const curator = await staffWithoutTwoStep('moderator');
    const admin = await staffWithoutTwoStep('admin');
    const current = await t.api('GET', '/api/auth/current', { token: curator.token });
    expect(current.status).toBe(200);
    expect(current.body.twoStep).toEqual({ on: false, required: true });

    const staffCalls: [string, string, string][] = [
      [curator.token, 'GET', '/api/exercises/queue'],
      [curator.token, 'GET', '/api/admin/courses'],
      [curator.token, 'GET', '/api/exercises/replies'],
      [curator.token, 'GET', '/api/exercises/reviewed'],
      [admin.token, 'GET', '/api/admin/users'],
      [admin.token, 'GET', '/api/admin/audit'],
      [admin.token, 'GET', '/api/admin/payments/months'],
    ];
    for (const [token, method, route] of staffCalls) {
      const answer = await t.api(method, route, { token });
      expect({ route, status: answer.status, body: answer.body }).toEqual({
        route,
        status: 403,
        body: { message: TWO_STEP_MESSAGES.staffRequired },
      });
    }
    // What any learner may do still works.
    expect((await t.api('GET', '/api/courses', { token: curator.token })).status).toBe(200);
    expect((await t.api('GET', '/api/notifications', { token: admin.token })).status).toBe(200);

    // Turned on in the same session: the staff calls answer at once.
    await enableTwoStep(t, curator.token, curator.person);
    await enableTwoStep(t, admin.token, admin.person);
    for (const [token, method, route] of staffCalls) {
      expect({ route, status: (await t.api(method, route, { token })).status }).toEqual({ route, status: 200 });
    }
  });

  it('takes the staff powers back the moment it is turned off', async () => {
    const admin = await staffWithoutTwoStep('admin');
    const { secret } = await enableTwoStep(t, admin.token, admin.person);
    expect((await t.api('GET', '/api/admin/audit', { token: admin.token })).status).toBe(200);
    t.clock.advance(STEP_MS);
    const off = await t.api('POST', '/api/auth/two-step/disable', {
      token: admin.token,
      body: { password: admin.person.password, code: appCode(secret, t.clock.now()) },
    });
    expect(off.body).toEqual({ on: false, required: true, recoveryCodesLeft: 0 });
    const refused = await t.api('GET', '/api/admin/audit', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TWO_STEP_MESSAGES.staffRequired);
  });

  it('leaves learners’ own 403s as they were', async () => {
    const { token } = await signUp(t);
    const refused = await t.api('GET', '/api/admin/users', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).not.toBe(TWO_STEP_MESSAGES.staffRequired);
  });
});

describe('two-step code attempts are rate limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One trusted hop, so the account's test can guess from several addresses.
    t = await startTestApp({ RATE_LIMIT_TWO_STEP: '3', RATE_LIMIT_TWO_STEP_ADDRESS: '5', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('per account: after the limit of wrong codes even the right one waits, with 429 and Retry-After', async () => {
    const { person, secret } = await learnerWithTwoStep(t);
    t.clock.advance(STEP_MS);
    const ticket = (await login(t, person)).body.twoStep.ticket;
    // From different addresses: the account's own limit holds whatever address guesses.
    for (let i = 0; i < 3; i++) {
      const wrong = await codeStep(t, ticket, `00000${i}`, { 'x-forwarded-for': `10.0.0.${i}` });
      expect(wrong.status).toBe(400);
    }
    const blocked = await codeStep(t, ticket, appCode(secret, t.clock.now()));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TWO_STEP_MESSAGES.tooManyCodes);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('per account: guessed codes to turn it off count against the same limit', async () => {
    const { person, token, secret } = await learnerWithTwoStep(t);
    t.clock.advance(STEP_MS);
    const off = (code: string) =>
      t.api('POST', '/api/auth/two-step/disable', { token, body: { password: person.password, code } });
    for (let i = 0; i < 3; i++) expect((await off(`22222${i}`)).status).toBe(400);
    expect((await off(appCode(secret, t.clock.now()))).status).toBe(429);
    expect((await t.api('GET', '/api/auth/two-step', { token })).body.on).toBe(true);
  });

  it('per address: many accounts guessed from one address are stopped at the address limit', async () => {
    const people = [await learnerWithTwoStep(t), await learnerWithTwoStep(t), await learnerWithTwoStep(t)];
    const statuses: number[] = [];
    for (const { person } of people) {
      const ticket = (await login(t, person)).body.twoStep.ticket;
      for (let i = 0; i < 2; i++) {
        statuses.push((await codeStep(t, ticket, `11111${i}`, { 'x-forwarded-for': '10.9.9.9' })).status);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('two-step secrets in the logs', () => {
  it('never appear there: not the secret, the codes, the recovery codes nor the ticket', async () => {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    const t = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    const seen: string[] = [];
    try {
      const { person, token, secret, recoveryCodes } = await learnerWithTwoStep(t);
      seen.push(secret, ...recoveryCodes);
      t.clock.advance(STEP_MS);
      const ticket = (await login(t, person)).body.twoStep.ticket;
      const code = appCode(secret, t.clock.now());
      seen.push(ticket, code);
      await codeStep(t, ticket, code);
      await t.api('GET', '/api/auth/two-step', { token });
    } finally {
      await t.close();
    }
    expect(log).toContain('incoming request');
    for (const secret of seen) expect(log).not.toContain(secret);
  });
});

// Turning two-step sign-in on or off makes every instance reconnect the person's sockets (their
// powers changed) and waits a while for the others to confirm. An instance that never answers
// (here a bare socket.io server on the app's Redis channel, with no handlers) must cost a warning
// in the log, never an unhandled rejection: Node ends the process on one.
describe('two-step sign-in beside an instance that does not answer', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let t: TestApp;
  let silent: Server;
  const clients: Redis[] = [];
  beforeAll(async () => {
    t = await startTestApp({ REDIS_URL });
    const publisher = new Redis(REDIS_URL);
    const subscriber = publisher.duplicate();
    clients.push(publisher, subscriber);
    // Never listening; attached to an HTTP server only so that close() has an engine to close.
    silent = new Server(createServer());
    silent.adapter(createAdapter(publisher, subscriber, { key: t.realtimeChannel }));
  });
  afterAll(async () => {
    await silent?.close();
    for (const client of clients) client.disconnect();
    await t?.close();
  });

  it('is turned on all the same, and nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const keep = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', keep);
    try {
      const { person, token } = await signUp(t);
      await enableTwoStep(t, token, person);
      // Past the 2 s the instances have to confirm (infra/realtime.ts).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', keep);
    }
  });
});
