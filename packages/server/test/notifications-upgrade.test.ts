import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../src/infra/db/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, importFixtures, signUp } from './support/courses.js';

let t: TestApp;
let alpha: string;
let curatorToken: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
  curatorToken = await curator(t);
});
afterAll(async () => {
  await t.close();
});

async function homework(token: string, lessonId: string): Promise<string> {
  const { body } = await t.form('POST', '/api/exercises', {
    token,
    fields: { courseId: alpha, lessonId, homework: 'Моя відповідь' },
  });
  return body._id;
}
async function comment(token: string, exerciseId: string, text: string) {
  const reply = await t.form('POST', '/api/exercises/comment', { token, fields: { exerciseId, comment: text } });
  expect(reply.status).toBe(201);
}
const badge = async (token: string) =>
  (await t.api('GET', '/api/exercises/notifications', { token })).body.countNotifications as number;

describe('the upgrade to notifications (migration 0013)', () => {
  it('keeps every learner’s unread curator comments on the badge, one per homework, and mails nobody', async () => {
    const unread = await signUp(t);
    const first = await homework(unread.token, '1');
    t.clock.advance(DAY); // the second lesson opens the next day
    const second = await homework(unread.token, '2');
    await comment(curatorToken, first, 'Перший коментар');
    t.clock.advance(1_000);
    await comment(curatorToken, first, 'Другий   коментар');
    await comment(unread.token, first, 'Моя відповідь куратору');
    await comment(curatorToken, second, 'Гарно');
    const read = await signUp(t);
    const opened = await homework(read.token, '1');
    await comment(curatorToken, opened, 'Прочитаний');
    await t.api('PATCH', `/api/exercises/status?exerciseId=${opened}`, { token: read.token });

    // The database as the previous release left it (comments, no notifications), then the upgrade.
    const { db } = t.app.services;
    await migrateUpTo(db, '0012_task_pools');
    await migrateToLatest(db);

    // The previous release counted homeworks with unread curator comments: 2 and 0.
    expect(await badge(unread.token)).toBe(2);
    expect(await badge(read.token)).toBe(0);
    const list = (await t.api('GET', '/api/notifications', { token: unread.token })).body;
    expect(list.countNotifications).toBe(2);
    expect(list.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          category: 'homework',
          title: 'Куратор прокоментував ваше домашнє завдання',
          body: expect.stringMatching(/урок 1\. .+: «Другий коментар»$/),
          link: `/uk/learn/${alpha}/1/practice`,
        }),
        expect.objectContaining({ body: expect.stringMatching(/урок 2\. .+: «Гарно»$/) }),
      ]),
    );
    // Old comments are in the app only: no mail is queued about them.
    const deliveries = await db.selectFrom('notification_deliveries').select('id').execute();
    expect(deliveries).toEqual([]);

    // Opening the homework reads its backfilled row, as it reads a new one.
    const seen = await t.api('PATCH', `/api/exercises/status?exerciseId=${first}`, { token: unread.token });
    expect(seen.body.countNotifications).toBe(1);
    // A new comment on the same homework is a new notification, not swallowed by the backfilled key.
    await comment(curatorToken, first, 'Ще один');
    expect(await badge(unread.token)).toBe(2);
  });
});
