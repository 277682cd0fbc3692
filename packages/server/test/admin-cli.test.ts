import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../src/cli/admin.js';
import { loadConfig } from '../src/infra/config.js';
import { newPerson, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The CLI on the same database as the running test server. */
function cli(...args: string[]) {
  return runAdmin(args, loadConfig(t.env));
}

describe('operator command line', () => {
  it('creates a user with a role who can then sign in', async () => {
    const output = await cli('create-user', 'Operator.Made@example.org', 'operator secret', 'Олег', 'Гончар', 'admin');
    expect(output).toContain('operator.made@example.org');
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: 'operator.made@example.org', password: 'operator secret' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  });

  it('changes a role, which the next request sees', async () => {
    const person = newPerson();
    const { body } = await t.api('POST', '/api/auth/register', { body: person });
    await cli('set-role', person.email, 'moderator');
    expect((await t.api('GET', '/api/auth/current', { token: body.token })).body.role).toBe('moderator');
    // The operator's change is in the audit log, with nobody signed in as its author.
    const line = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `user:${body.user._id}`)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ actor_id: null, action: 'user.role' });
    expect(line.summary).toContain('командний рядок');
  });

  it('sets a new password that ends every session of the user, and writes it to the audit log', async () => {
    const person = newPerson();
    const { body } = await t.api('POST', '/api/auth/register', { body: person });
    await expect(cli('set-password', person.email, 'short')).rejects.toThrow(/Пароль/);
    await expect(cli('set-password', 'nobody-such@example.org', 'a new long secret')).rejects.toThrow(/не знайдено/);
    expect((await t.api('GET', '/api/auth/current', { token: body.token })).status).toBe(200);

    expect(await cli('set-password', person.email, 'a new long secret')).toContain(person.email);
    // The session is checked again within SESSION_RECHECK_MS on an instance that saw it live.
    t.clock.advance(10_000);
    expect((await t.api('GET', '/api/auth/current', { token: body.token })).status).toBe(401);
    const old = await t.api('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
    expect(old.status).toBe(401);
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: person.email, password: 'a new long secret' },
    });
    expect(login.status).toBe(200);
    const line = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `user:${body.user._id}`)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ actor_id: null, action: 'user.password' });
    expect(line.summary).not.toContain('a new long secret');
  });

  it('refuses unknown commands, roles and people without changing anything', async () => {
    await expect(cli('make-me-admin')).rejects.toThrow(UsageError);
    const person = newPerson();
    const { body } = await t.api('POST', '/api/auth/register', { body: person });
    await expect(cli('set-role', person.email, 'king')).rejects.toThrow(/king/);
    await expect(cli('set-role', 'nobody-such@example.org', 'admin')).rejects.toThrow(/не знайдено/);
    await expect(cli('create-user', 'bad', 'x', 'A', 'B')).rejects.toThrow(UsageError);
    expect((await t.api('GET', '/api/auth/current', { token: body.token })).body.role).toBe('user');
  });

  it('refuses a common password for a new user, saying why, and creates nobody', async () => {
    await expect(cli('create-user', 'common.pass@example.org', 'Football', 'Олег', 'Гончар')).rejects.toThrow(
      AUTH_MESSAGES.commonPassword,
    );
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: 'common.pass@example.org', password: 'Football' },
    });
    expect(login.status).toBe(401);
  });

  it('never demotes the last admin (the same guard as the console), and leaves the role as it was', async () => {
    const db = t.app.services.db;
    const admins = async () =>
      (await db.selectFrom('users').select(['email']).where('role', '=', 'admin').orderBy('email').execute()).map(
        (a) => a.email,
      );
    const extra = newPerson();
    await cli('create-user', extra.email, extra.password, extra.first_name, extra.last_name, 'admin');
    const before = await admins();
    const [last, ...others] = before;
    if (!last) throw new Error('no admin to keep');
    try {
      for (const email of others) await cli('set-role', email, 'moderator');
      await expect(cli('set-role', last, 'user')).rejects.toThrow(ADMIN_MESSAGES.lastAdmin);
      expect(await admins()).toEqual([last]);
    } finally {
      for (const email of others) await cli('set-role', email, 'admin');
    }
    expect(await admins()).toEqual(before);
  });
});
