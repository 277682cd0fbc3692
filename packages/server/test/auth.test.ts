import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { AUTH_MESSAGES, RECOVERY_ANSWER } from '@yedyni/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  holdDatabase,
  mailedLinkOf,
  newPerson,
  resetLinkOf,
  startTestApp,
  type TestApp,
} from './support/app.js';
import { staff } from './support/courses.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function register(overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const answer = await t.api('POST', '/api/auth/register', { body: person });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { person, token: answer.body.token as string, user: answer.body.user };
}

const resetLinkFor = (email: string) => resetLinkOf(t, email);

describe('registration', () => {
  it('creates a learner, signs in and writes the registration footprint', async () => {
    const { person, token, user } = await register({ email: 'Mixed.Case@Example.ORG' });
    expect(user).toMatchObject({
      first_name: person.first_name,
      last_name: person.last_name,
      email: 'mixed.case@example.org',
      role: 'user',
      courses: [],
      inviter: null,
    });
    const current = await t.api('GET', '/api/auth/current', { token });
    expect(current.status).toBe(200);
    expect(current.body._id).toBe(user._id);
    const indicators = await t.api('GET', '/api/partners/indicators', { token });
    expect(indicators.body.ukrainianMark).toBe(10);
  });

  it('names every wrong field at once, each under its own key (issue 18, item 3)', async () => {
    const answer = await t.api('POST', '/api/auth/register', {
      body: { first_name: '', last_name: 'К', email: 'не пошта', password: 'коротко' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(answer.body.fields.first_name);
    expect(Object.keys(answer.body.fields).sort()).toEqual(['consent', 'email', 'first_name', 'last_name', 'password']);
    expect(answer.body.fields.password).toBe('Пароль: щонайменше 8 символів');
    expect(answer.body.fields.email).toBe('Електронна пошта: введіть адресу на кшталт name@example.com');
  });

  it('ignores a role in the body: nobody registers as admin', async () => {
    const { token, user } = await register({ role: 'admin' });
    expect(user.role).toBe('user');
    expect((await t.api('GET', '/api/auth/current', { token })).body.role).toBe('user');
  });

  it('refuses a taken email in any letter case with 409 and creates nothing', async () => {
    const { person } = await register();
    const again = await t.api('POST', '/api/auth/register', {
      body: { ...person, email: person.email.toUpperCase(), password: 'another password' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: person.email, password: 'another password' },
    });
    expect(login.status).toBe(401);
  });

  it.each([
    [{ first_name: 'A' }, 'Імʼя'],
    [{ first_name: 'Эдуард' }, 'Імʼя'],
    [{ last_name: 'Robert<script>' }, 'Прізвище'],
    [{ email: 'not-an-email' }, 'Електронна пошта'],
    [{ password: 'short' }, 'Пароль'],
    [{ password: 'x'.repeat(65) }, 'Пароль'],
    [{ first_name: undefined }, 'Імʼя'],
  ])('rejects %o with a message naming %s', async (override, field) => {
    const person = newPerson(override);
    const answer = await t.api('POST', '/api/auth/register', { body: person });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
    const login = await t.api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
    expect(login.status).not.toBe(200);
  });

  it('refuses the most common passwords in any letter case, saying why, and creates nothing', async () => {
    for (const password of ['12345678', 'password', 'Password1', 'QWERTYUIOP', 'iloveyou']) {
      const person = newPerson({ password });
      const answer = await t.api('POST', '/api/auth/register', { body: person });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: AUTH_MESSAGES.commonPassword });
      const login = await t.api('POST', '/api/auth/login', { body: { email: person.email, password } });
      expect(login.status).toBe(401);
    }
    // The demo accounts' password is not among them.
    expect((await t.api('POST', '/api/auth/register', { body: newPerson({ password: 'yedyni-demo' }) })).status).toBe(
      201,
    );
  });

  it('accepts Ukrainian names with apostrophes (stored as ʼ), hyphens and spaces', async () => {
    const { user } = await register({ first_name: " Об'єднана-Ґаля ", last_name: 'Де Ла Круз' });
    expect(user.first_name).toBe('Обʼєднана-Ґаля');
  });

  it('answers a malformed or missing body with 400 and a Ukrainian message', async () => {
    const malformed = await t.api('POST', '/api/auth/register', { raw: '{"first_name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/[а-яіїєґ]/i);
    const missing = await t.api('POST', '/api/auth/register');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/[а-яіїєґ]/i);
  });
});

describe('team on registration', () => {
  // The inviter's 10 points come once the invitee starts learning (diary.test.ts › invitation points).
  it('joins the inviter’s team and names the inviter, crediting them nothing for the registration alone', async () => {
    const inviter = await register({ first_name: 'Богдан', last_name: 'Ярошенко' });
    const invited = await register({ inviterId: inviter.user._id });
    expect(invited.user.inviter).toEqual({ first_name: 'Богдан', last_name: 'Ярошенко' });
    const indicators = await t.api('GET', '/api/partners/indicators', { token: inviter.token });
    expect(indicators.body.ukrainianMark).toBe(10);
    const ledger = await t.app.services.db
      .selectFrom('mark_entries')
      .select(['points', 'comment', 'final_value'])
      .where('user_id', '=', inviter.user._id)
      .orderBy('final_value')
      .execute();
    expect(ledger).toEqual([{ points: 10, comment: 'Реєстрація на платформі', final_value: 10 }]);
  });

  it('falls back to the organisation for an unknown inviter id', async () => {
    const { user } = await register({ inviterId: 'no-such-user' });
    expect(user.inviter).toBeNull();
    const row = await t.app.services.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('credits the inviter nothing for many throwaway accounts joining at once', async () => {
    const inviter = await register();
    const count = 12;
    await Promise.all(Array.from({ length: count }, () => register({ inviterId: inviter.user._id })));
    const rows = await t.app.services.db
      .selectFrom('mark_entries')
      .select('final_value')
      .where('user_id', '=', inviter.user._id)
      .execute();
    expect(rows.map((r) => r.final_value)).toEqual([10]);
    const indicators = await t.api('GET', '/api/partners/indicators', { token: inviter.token });
    expect(indicators.body.ukrainianMark).toBe(10);
  });
});

describe('login and sessions', () => {
  it('signs in with the right password only, with one message for a wrong password and an unknown email', async () => {
    const { person } = await register();
    const ok = await t.api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(person.email);
    const wrong = await t.api('POST', '/api/auth/login', { body: { email: person.email, password: 'wrong password' } });
    const unknown = await t.api('POST', '/api/auth/login', {
      body: { email: 'nobody-here@example.org', password: 'wrong password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('never signs into the organisation’s root account', async () => {
    const answer = await t.api('POST', '/api/auth/login', { body: { email: 'root@yedyni.invalid', password: '' } });
    expect(answer.status).toBe(400);
    const guess = await t.api('POST', '/api/auth/login', {
      body: { email: 'root@yedyni.invalid', password: 'anything' },
    });
    expect(guess.status).toBe(401);
  });

  it('logout ends that session at once and leaves the others', async () => {
    const { person, token: first } = await register();
    const second = (
      await t.api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } })
    ).body.token as string;
    expect((await t.api('POST', '/api/auth/logout', { token: first })).status).toBe(204);
    expect((await t.api('GET', '/api/auth/current', { token: first })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/logout', { token: first })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/current', { token: second })).status).toBe(200);
  });

  it('refuses missing, malformed, foreign and expired tokens with 401 {message}', async () => {
    const { token } = await register();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const bad of [undefined, 'garbage', forged, `${token}x`]) {
      const answer = await t.api('GET', '/api/auth/current', { token: bad });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBeTruthy();
    }
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      expect((await t.api('GET', '/api/auth/current', { token })).status).toBe(401);
    } finally {
      t.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('the current user’s abilities', () => {
  const abilitiesOf = async (token: string) => (await t.api('GET', '/api/auth/current', { token })).body.abilities;

  it('tell a learner, a curator and an admin what each may do, by the policies', async () => {
    const learner = await register();
    expect(learner.user.abilities).toEqual({ reviewHomework: false, enterConsole: false, administerConsole: false });
    expect(await abilitiesOf(learner.token)).toEqual(learner.user.abilities);
    expect(await abilitiesOf(await staff(t, 'moderator'))).toEqual({
      reviewHomework: true,
      enterConsole: true,
      administerConsole: false,
    });
    expect(await abilitiesOf(await staff(t, 'admin'))).toEqual({
      reviewHomework: true,
      enterConsole: true,
      administerConsole: true,
    });
  });

  it('follow a role change at once', async () => {
    const learner = await register();
    const admin = await staff(t, 'admin');
    const made = await t.api('PATCH', `/api/admin/users/${learner.user._id}/role`, {
      token: admin,
      body: { role: 'moderator' },
    });
    expect(made.status).toBe(200);
    expect(await abilitiesOf(learner.token)).toEqual({
      reviewHomework: true,
      enterConsole: true,
      administerConsole: false,
    });
  });
});

describe('password recovery', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const { person } = await register();
    // The address check registration mails comes first.
    await mailedLinkOf(t, person.email, 'confirm-email');
    const before = (await t.outbox()).length;
    const known = await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const unknown = await t.api('POST', '/api/auth/recovery', { body: { email: 'nobody-at-all@example.org' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RECOVERY_ANSWER });
    expect(unknown.body).toEqual(known.body);
    const link = await resetLinkFor(person.email);
    expect(link).toMatch(new RegExp(`^${t.url}/reset/[A-Za-z0-9_-]{43}$`));
    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails.some((m) => m.includes('nobody-at-all@example.org'))).toBe(false);
  });

  it('answers a known address without waiting for the reset row or the mail, which follow once the database allows', async () => {
    const { person } = await register();
    const mailedTo = async (email: string) =>
      // A reset mail (registration has already mailed the address check to the same address).
      (await t.outbox()).map(decodeQuotedPrintable).some((m) => m.includes(`To: ${email}`) && m.includes('/reset/'));
    // Writes of reset rows wait (SQLite: the app's connection is taken; PostgreSQL: the table is locked).
    const hold = await holdDatabase(t, 'password_resets');
    try {
      const stillWaiting = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000));
      const ask = (email: string) =>
        Promise.race([t.api('POST', '/api/auth/recovery', { body: { email } }), stillWaiting]);
      const [known, unknown] = await Promise.all([ask(person.email), ask('nobody-known@example.org')]);
      expect(known).toMatchObject({ status: 200, body: { message: RECOVERY_ANSWER } });
      expect(unknown).toMatchObject({ status: 200, body: { message: RECOVERY_ANSWER } });
      expect(await mailedTo(person.email)).toBe(false);
    } finally {
      await hold.release();
    }
    expect(await resetLinkFor(person.email)).toMatch(/\/reset\/[A-Za-z0-9_-]{43}$/);
  });

  it('logs a reset link that could not be made after the answer, rather than losing it silently', async () => {
    const lines: { level?: number; msg?: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await startTestApp({ LOG_LEVEL: 'error' }, { logStream });
    try {
      const person = newPerson();
      expect((await app.api('POST', '/api/auth/register', { body: person })).status).toBe(201);
      await sql`DROP TABLE password_resets`.execute(app.app.services.db);
      const answer = await app.api('POST', '/api/auth/recovery', { body: { email: person.email } });
      expect(answer).toMatchObject({ status: 200, body: { message: RECOVERY_ANSWER } });
      await app.app.services.auth.settle();
      expect(lines.filter((l) => l.msg === 'reset mail failed').map((l) => l.level)).toEqual([50]);
    } finally {
      await app.close();
    }
  });

  it('stores only the hash of the token', async () => {
    const { person, user } = await register();
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const token = (await resetLinkFor(person.email)).split('/reset/')[1] as string;
    const rows = await t.app.services.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('resets once: new password works, old one and every old session stop, the link is spent', async () => {
    const { person, token: oldSession } = await register();
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const token = (await resetLinkFor(person.email)).split('/reset/')[1] as string;

    const reset = await t.api('POST', '/api/auth/reset', { body: { token, password: 'a brand new secret' } });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(person.email);
    expect((await t.api('GET', '/api/auth/current', { token: reset.body.token })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/current', { token: oldSession })).status).toBe(401);

    const oldPassword = await t.api('POST', '/api/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await t.api('POST', '/api/auth/login', {
      body: { email: person.email, password: 'a brand new secret' },
    });
    expect(newPassword.status).toBe(200);

    const again = await t.api('POST', '/api/auth/reset', { body: { token, password: 'yet another secret' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: AUTH_MESSAGES.invalidResetToken });
  });

  it('refuses a common password as the new one, and leaves the link usable', async () => {
    const { person } = await register();
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const token = (await resetLinkFor(person.email)).split('/reset/')[1] as string;
    const common = await t.api('POST', '/api/auth/reset', { body: { token, password: 'Sunshine' } });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ message: AUTH_MESSAGES.commonPassword });
    expect((await t.api('POST', '/api/auth/reset', { body: { token, password: 'a far better secret' } })).status).toBe(
      200,
    );
  });

  it('lets exactly one of two simultaneous uses of a link win', async () => {
    const { person } = await register();
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const token = (await resetLinkFor(person.email)).split('/reset/')[1] as string;
    const answers = await Promise.all([
      t.api('POST', '/api/auth/reset', { body: { token, password: 'first new secret' } }),
      t.api('POST', '/api/auth/reset', { body: { token, password: 'second new secret' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses a link older than one hour and an invented one', async () => {
    const { person } = await register();
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const token = (await resetLinkFor(person.email)).split('/reset/')[1] as string;
    t.clock.advance(60 * 60 * 1000 + 1);
    try {
      expect((await t.api('POST', '/api/auth/reset', { body: { token, password: 'late new secret' } })).status).toBe(
        400,
      );
    } finally {
      t.clock.advance(-(60 * 60 * 1000 + 1));
    }
    const invented = await t.api('POST', '/api/auth/reset', {
      body: { token: 'invented', password: 'some new secret' },
    });
    expect(invented.status).toBe(400);
  });

  it('a newer link does not revive an older one after a reset', async () => {
    const { person } = await register();
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    const first = (await resetLinkFor(person.email)).split('/reset/')[1] as string;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.api('POST', '/api/auth/recovery', { body: { email: person.email } });
    let second = first;
    while (second === first) second = (await resetLinkFor(person.email)).split('/reset/')[1] as string;
    expect(
      (await t.api('POST', '/api/auth/reset', { body: { token: second, password: 'newest secret!' } })).status,
    ).toBe(200);
    expect(
      (await t.api('POST', '/api/auth/reset', { body: { token: first, password: 'older secret!!' } })).status,
    ).toBe(400);
  });
});

describe('password hashing under load', () => {
  it('answers at once with 503, Retry-After and a Ukrainian message, without hashing, when the waiting line is full', async () => {
    const app = await startTestApp({ PASSWORD_HASH_QUEUE: '2' });
    try {
      // Every login waits at the accounts table, then all reach argon2 at the same moment.
      const hold = await holdDatabase(app, 'users');
      const pending = Array.from({ length: 40 }, (_, i) =>
        app.api('POST', '/api/auth/login', { body: { email: `load-${i}@example.org`, password: 'some password' } }),
      );
      // Time for all 40 to arrive and wait.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await hold.release();
      const answers = await Promise.all(pending);
      const busy = answers.filter((a) => a.status === 503);
      expect(answers.filter((a) => a.status !== 503 && a.status !== 401)).toEqual([]);
      // A few are hashed (as many as run at once, and two waiting); the rest are turned away.
      expect(busy.length).toBeGreaterThanOrEqual(30);
      for (const answer of busy) {
        expect(answer.body).toEqual({ message: AUTH_MESSAGES.busy });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
    }
  });

  it('checks a reset link before hashing the new password: an invented link costs no hash', async () => {
    const app = await startTestApp({ PASSWORD_HASH_QUEUE: '4' });
    try {
      const person = newPerson();
      expect((await app.api('POST', '/api/auth/register', { body: person })).status).toBe(201);
      await app.api('POST', '/api/auth/recovery', { body: { email: person.email } });
      const token = (await resetLinkOf(app, person.email)).split('/reset/')[1] as string;
      // The hashing line kept full from inside the server until both answers are in: more fillers
      // than places, each taking a place again as soon as it has one.
      let full = true;
      const keepFull = async () => {
        while (full) {
          await app.app.services.passwords
            .hash('filler password')
            .catch(() => new Promise((resolve) => setTimeout(resolve, 1)));
        }
      };
      const filling = Array.from({ length: 20 }, keepFull);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [invented, real] = await Promise.all([
        app.api('POST', '/api/auth/reset', { body: { token: 'invented-token', password: 'new secret one' } }),
        app.api('POST', '/api/auth/reset', { body: { token, password: 'new secret two' } }),
      ]);
      // The real link needs a hash and finds the line full; the invented one is refused without one.
      expect(real.status).toBe(503);
      expect(invented.status).toBe(400);
      expect(invented.body).toEqual({ message: AUTH_MESSAGES.invalidResetToken });
      full = false;
      await Promise.all(filling);
      // Turned away, the real link was not spent.
      expect((await app.api('POST', '/api/auth/reset', { body: { token, password: 'new secret three' } })).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });
});
