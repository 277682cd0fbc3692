import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kyivIsoDate, kyivParts, kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startTestApp, type TestApp, until } from '../support/app.js';
import { importFixtures, signUp } from '../support/courses.js';
import { type ReceivedMail, startSmtp } from '../support/smtp.js';
import { api, buildServer, type ServerProcess, serverEnv, spawnServer } from './support.js';

/*
 * Three instances on one PostgreSQL + Redis (issue 17, item 4): a digest hour reached by all three
 * at once gives each learner exactly one digest mail; and kill -9 of the instance in the middle of
 * sending a mail (the SMTP listener holds its DATA unanswered) loses nothing and doubles nothing:
 * the job expires, another instance takes the delivery once its lease ran out, and sends it under
 * the same Message-ID.
 */

const onPostgres = (name: string, body: () => void) => {
  if (process.env.TEST_DATABASE_URL) describe(name, body);
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  smtp.release();
  await smtp.close();
});

const mailsTo = (email: string, text: string): ReceivedMail[] =>
  smtp.mails.filter((m) => m.to.includes(email) && m.text.includes(text));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

onPostgres('three instances at the digest hour', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps.slice(1)) await app.close();
    await apps[0]?.close();
  });

  it('each learner gets exactly one digest mail', { timeout: 60_000 }, async () => {
    const env = { SMTP_URL: smtp.url };
    const first = await startTestApp(env);
    apps.push(first);
    apps.push(await startTestApp(env, { sharing: first }), await startTestApp(env, { sharing: first }));
    await importFixtures(first);
    const learners = await Promise.all(Array.from({ length: 8 }, () => signUp(first)));

    // Tomorrow at 08:00 Kyiv (the default digest hour) on every instance's clock.
    const today = kyivParts(first.clock.now());
    const eight = kyivTime(today.year, today.month, today.day + 1, 8);
    for (const app of apps) app.clock.advance(eight - app.clock.now());
    // All three tick at once (the worst case: the cluster's schedule should make it one of them).
    await Promise.all(apps.map((app) => app.app.services.notifications.tick()));
    await Promise.all(apps.map((app) => app.app.services.notifications.tick()));

    const digest = 'Щоденник чекає на записи';
    await until(() => learners.every((l) => mailsTo(l.person.email, digest).length > 0), 20_000);
    await sleep(3_000);
    for (const learner of learners) expect(mailsTo(learner.person.email, digest)).toHaveLength(1);
    const rows = await first.app.services.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', `digest:lessons:${kyivIsoDate(eight)}`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(learners.length);
  });
});

onPostgres('kill -9 in the middle of sending a mail', () => {
  const servers = new Map<string, ServerProcess>();
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    for (const server of servers.values()) await server.kill9();
    await database?.drop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('another instance sends it once, under the same Message-ID', { timeout: 60_000 }, async () => {
    buildServer();
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    const start = async (name: string) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `yedyni-notify-${name}-`));
      dirs.push(dataDir);
      const server = await spawnServer((port) =>
        serverEnv(dataDir, port, {
          DATABASE_URL: database?.url ?? '',
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          JWT_SECRET: 'the same secret on every instance of this cluster',
          // The EHLO name tells the listener which instance is sending.
          SMTP_URL: `${smtp.url}/?name=${name}`,
          JOB_EXPIRE_SECONDS: '2',
          JOB_RETRY_DELAY_SECONDS: '1',
        }),
      );
      servers.set(name, server);
    };
    // The first installs the schemas (ours and pg-boss's); the other two join it.
    await start('a');
    await Promise.all([start('b'), start('c')]);
    const a = servers.get('a') as ServerProcess;
    const email = `killed-${Date.now()}@example.org`;
    const registered = await api(a.url, 'POST', '/api/auth/register', {
      body: { first_name: 'Оксана', last_name: 'Петренко', email, password: 'correct horse battery', consent: true },
    });
    expect(registered.status).toBe(201);
    await api(a.url, 'POST', '/api/auth/recovery', { body: { email } });
    // The reset mail, not the registration's address check to the same address.
    await until(() => smtp.mails.some((m) => m.to.includes(email) && /\/reset\//.test(m.text)), 10_000);
    const link =
      smtp.mails
        .find((m) => m.to.includes(email) && /\/reset\//.test(m.text))
        ?.text.match(/\/reset\/([A-Za-z0-9_-]+)/)?.[1] ?? '';

    const changed = 'Пароль змінено за посиланням';
    const held = smtp.holdNext((m) => m.to.includes(email) && m.text.includes(changed));
    const reset = await api(a.url, 'POST', '/api/auth/reset', {
      body: { token: link, password: 'another good passphrase' },
    });
    expect(reset.status).toBe(200);
    const first = await held;
    const sender = servers.get(first.client);
    expect(sender).toBeDefined();
    await sender?.kill9();
    servers.delete(first.client);

    await until(() => mailsTo(email, changed).length > 0, 30_000);
    await sleep(4_000);
    const delivered = mailsTo(email, changed);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.client).not.toBe(first.client);
    expect(delivered[0]?.headers.get('message-id')).toBe(first.headers.get('message-id'));
    smtp.release();
  });
});

// The SQLite pass: one instance by design; its embedded queue must pick up what a killed process left.
if (!process.env.TEST_DATABASE_URL) {
  describe('the embedded queue after a crash mid-send', () => {
    it('retakes a job and a delivery whose leases ran out, and sends once', async () => {
      const t = await startTestApp({ SMTP_URL: smtp.url });
      try {
        const learner = await signUp(t);
        const { db, notifications } = t.app.services;
        // Noon in Kyiv: at night the default quiet hours would hold the mail back till morning.
        const today = kyivParts(t.clock.now());
        t.clock.advance(kyivTime(today.year, today.month, today.day + 1, 12) - t.clock.now());
        const text = 'Лист, який перервав збій';
        // As a process killed while sending leaves them: job and delivery taken, leases now over.
        await db.transaction().execute(async (trx) => {
          await notifications.notify(trx, {
            userId: learner.user._id,
            category: 'payments',
            key: 'crash-test',
            title: 'Подія',
            body: text,
            link: '/uk',
            email: { subject: 'Подія', paragraphs: [text] },
          });
          const past = Date.now() - 1_000;
          await trx.updateTable('jobs').set({ state: 'active', lease_until: past, attempts: 1 }).execute();
          await trx
            .updateTable('notification_deliveries')
            .set({ status: 'sending', lease_until: past, attempts: 1 })
            .execute();
        });
        await until(() => mailsTo(learner.person.email, text).length > 0, 10_000);
        await sleep(2_500);
        expect(mailsTo(learner.person.email, text)).toHaveLength(1);
        const delivery = await db
          .selectFrom('notification_deliveries')
          .select(['status', 'attempts'])
          .executeTakeFirstOrThrow();
        expect(delivery).toEqual({ status: 'sent', attempts: 2 });
        expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);
      } finally {
        await t.close();
      }
    });
  });
}
