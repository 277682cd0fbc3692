import { DEFAULT_NOTIFICATION_PREFERENCES, kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, until } from './support/app.js';
import { curator, importFixtures, signUp } from './support/courses.js';
import { startPushService, type TestPushService } from './support/push.js';

let t: TestApp;
let service: TestPushService;
let alpha: string;
let curatorToken: string;

beforeAll(async () => {
  service = await startPushService();
  t = await startTestApp();
  // Kyiv noon, outside the default quiet hours (22–8).
  t.clock.advance(kyivTime(2026, 3, 28, 12) - t.clock.now());
  ({ alpha } = await importFixtures(t));
  curatorToken = await curator(t);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** A learner with homework and this browser subscribed to push; preferences as given. */
async function subscribedLearner(preferences = DEFAULT_NOTIFICATION_PREFERENCES) {
  const learner = await signUp(t);
  const saved = await t.api('PUT', '/api/notifications/preferences', { token: learner.token, body: preferences });
  expect(saved.status).toBe(200);
  const browser = service.browser();
  const subscribed = await t.api('POST', '/api/notifications/push/subscriptions', {
    token: learner.token,
    body: browser.subscription,
  });
  expect(subscribed.status).toBe(201);
  const { body: exercise } = await t.form('POST', '/api/exercises', {
    token: learner.token,
    fields: { courseId: alpha, lessonId: '1', homework: 'Моя відповідь' },
  });
  return { ...learner, endpoint: browser.subscription.endpoint, exerciseId: exercise._id as string };
}
async function comment(exerciseId: string, text: string) {
  const reply = await t.form('POST', '/api/exercises/comment', {
    token: curatorToken,
    fields: { exerciseId, comment: text },
  });
  expect(reply.status).toBe(201);
}
/** Long enough for the job poller (every second) to have sent anything it was going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe('a curator’s comment by Web Push', () => {
  it('reaches the learner’s browser at once, decrypted, with the notification’s link, tag and topic', async () => {
    const learner = await subscribedLearner();
    await comment(learner.exerciseId, 'Гарно, але перевірте відмінки.');
    await until(() => service.to(learner.endpoint).length > 0, 10_000);

    const { body: list } = await t.api('GET', '/api/notifications', { token: learner.token });
    const [notification] = list.notifications;
    const [push, ...more] = service.to(learner.endpoint);
    expect(more).toEqual([]);
    expect(push?.payload).toEqual({
      title: 'Куратор прокоментував ваше домашнє завдання',
      body: notification.body,
      link: `/uk/learn/${alpha}/1/practice`,
      tag: notification._id,
    });
    expect(notification.body).toContain('«Гарно, але перевірте відмінки.»');
    // The topic is the notification: a retry replaces the message instead of adding a second one.
    expect(push?.headers.topic).toBe(notification._id.replaceAll('-', ''));
    expect(service.refused).toEqual([]);
  });

  it('is not sent when the learner switched homework push off (the app still has it)', async () => {
    const off = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    off.categories.homework.push = false;
    const learner = await subscribedLearner(off);
    await comment(learner.exerciseId, 'Без push');
    await settle();
    expect(service.to(learner.endpoint)).toEqual([]);
    const { body: list } = await t.api('GET', '/api/notifications', { token: learner.token });
    expect(list.countNotifications).toBe(1);
  });

  it('waits for the end of the learner’s quiet hours, then comes', async () => {
    // Quiet from 12 to 14 Kyiv time: the comment at 12:00 waits until 14:00.
    const learner = await subscribedLearner({ ...DEFAULT_NOTIFICATION_PREFERENCES, quietFrom: 12, quietTo: 14 });
    await comment(learner.exerciseId, 'Тихо');
    await settle();
    await t.app.services.notifications.tick();
    await settle();
    expect(service.to(learner.endpoint)).toEqual([]);

    t.clock.advance(kyivTime(2026, 3, 28, 14) - t.clock.now());
    await t.app.services.notifications.tick();
    await until(() => service.to(learner.endpoint).length > 0, 10_000);
    expect(service.to(learner.endpoint)).toHaveLength(1);
    expect(service.to(learner.endpoint)[0]?.payload).toMatchObject({
      title: 'Куратор прокоментував ваше домашнє завдання',
    });
  });
});
