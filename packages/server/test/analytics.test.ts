import { randomUUID } from 'node:crypto';
import { ANALYTICS_MESSAGES, kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, notificationsOf, RIGHT_ANSWERS, signIn, signUp, staff } from './support/courses.js';

let t: TestApp;
let alpha: string;
let wave: string;
type Person = Awaited<ReturnType<typeof signUp>>;
let active: Person;
let opener: Person;
let idle: Person;
let curatorToken: string;

/** Moves the test clock to a Kyiv wall-clock time. */
function at(year: number, month: number, day: number, hour: number, minute = 0): void {
  t.clock.advance(kyivTime(year, month, day, hour, minute) - t.clock.now());
}
const tokenOf = (p: Person) => signIn(t, p.person.email, p.person.password);
const analytics = async (token = curatorToken) => t.api('GET', `/api/analytics/waves/${alpha}/${wave}`, { token });
const nudge = async (userIds: string[], token = curatorToken) =>
  t.api('POST', `/api/analytics/waves/${alpha}/${wave}/nudges`, { token, body: { userIds } });

beforeAll(async () => {
  t = await startTestApp();
  // The starter course's wave starts on 2026-03-01 (Kyiv); registration enrols in it.
  at(2026, 3, 1, 8);
  ({ alpha } = await importFixtures(t));
  active = await signUp(t);
  opener = await signUp(t);
  idle = await signUp(t);
  curatorToken = await curator(t);
  const waves = await t.api('GET', '/api/analytics/waves', { token: curatorToken });
  expect(waves.status).toBe(200);
  wave = waves.body.find((c: { courseId: string }) => c.courseId === alpha).waves[0].label;

  at(2026, 3, 2, 10);
  let token = await tokenOf(active);
  for (let i = 0; i < 2; i++) {
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token })).status).toBe(200);
  }
  expect(
    (await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers: RIGHT_ANSWERS } })).status,
  ).toBe(200);
  const diary = { courseId: alpha, lessonId: '1', date: '2026-03-02', entry: 'Говорила українською.', plan: '' };
  // The self-test made the lesson's entry; writing in it is the diary.
  expect((await t.api('PATCH', '/api/diary', { token, body: diary })).status).toBe(200);
  const homework = { courseId: alpha, lessonId: '1', homework: 'Моє есе.' };
  expect((await t.form('POST', '/api/exercises', { token, fields: homework })).status).toBe(201);
  token = await tokenOf(opener);
  expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('wave analytics', () => {
  it('counts, per lesson day, the wave learners who opened it, took its test, wrote its diary, handed in its homework', async () => {
    at(2026, 3, 3, 9);
    const answer = await analytics();
    expect(answer.status).toBe(200);
    // The three learners; not the curator, though registration enrols everyone in the starter course.
    expect(answer.body.size).toBe(3);
    expect(answer.body.days).toHaveLength(28);
    expect(answer.body.days[0]).toEqual({ day: 1, opened: 2, selfTest: 1, diary: 1, homework: 1 });
    expect(answer.body.days[1]).toEqual({ day: 2, opened: 0, selfTest: 0, diary: 0, homework: 0 });
  });

  it('keeps a lesson opened once: the first time, however often it is read', async () => {
    const rows = await t.app.services.db
      .selectFrom('lesson_opens')
      .selectAll()
      .where('user_id', '=', active.user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.opened_at)).toBe(kyivTime(2026, 3, 2, 10));
    expect(rows[0]).toMatchObject({ course_id: alpha, wave, day: 1 });
  });

  it('lists as inactive whoever did nothing on the last 3 Kyiv days: 23:59 of the third day still counts', async () => {
    at(2026, 3, 4, 23, 59);
    const before = (await analytics()).body;
    const ours = (list: { userId: string }[]) =>
      list.map((l) => l.userId).filter((id) => [active, opener, idle].some((p) => p.user._id === id));
    expect(ours(before.inactive)).toEqual([idle.user._id]);
    expect(before.inactive.find((l: { userId: string }) => l.userId === idle.user._id)).toMatchObject({
      lastActive: null,
      nudgedAt: null,
    });
    at(2026, 3, 5, 0, 0);
    const after = (await analytics()).body;
    // The three learners, not the curator (staff are not the wave's learners to nudge).
    expect(after.inactiveTotal).toBe(3);
    // Longest away first: never active, then the last active dates.
    expect(ours(after.inactive)[0]).toBe(idle.user._id);
    expect(after.inactive.at(-1).lastActive).toBe('2026-03-02');
    const byId = new Map(after.inactive.map((l: { userId: string; lastActive: string }) => [l.userId, l.lastActive]));
    expect(byId.get(active.user._id)).toBe('2026-03-02');
    expect(byId.get(opener.user._id)).toBe('2026-03-02');
  });

  it('is refused to learners (403), and a wave the course never had is 404', async () => {
    const token = await tokenOf(idle);
    expect((await t.api('GET', '/api/analytics/waves', { token })).status).toBe(403);
    const refused = await analytics(token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ANALYTICS_MESSAGES.forbidden);
    expect((await nudge([idle.user._id], token)).status).toBe(403);
    expect((await t.api('GET', `/api/analytics/waves/${alpha}/nope`, { token: curatorToken })).status).toBe(404);
  });
});

describe('the nudge', () => {
  it('two curators clicking at once nudge once; the other is told when it was; notified and audited', async () => {
    at(2026, 3, 5, 10);
    const other = await staff(t, 'admin');
    const [a, b] = await Promise.all([nudge([idle.user._id]), nudge([idle.user._id], other)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const results = [a.body.results[0], b.body.results[0]];
    expect(results.filter((r) => r.nudged)).toHaveLength(1);
    expect(results.find((r) => !r.nudged)).toMatchObject({
      reason: 'Уже нагадували 5 березня 2026',
      nudgedAt: kyivTime(2026, 3, 5, 10),
    });
    const told = await notificationsOf(t, idle, 'nudge');
    expect(told).toHaveLength(1);
    expect(told[0].link).toBe(`/uk/learn/${alpha}/1`);
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'learner.nudge')
      .where('target', '=', `user:${idle.user._id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await analytics()).body.inactive.find((l: { userId: string }) => l.userId === idle.user._id).nudgedAt).toBe(
      kyivTime(2026, 3, 5, 10),
    );
  });

  it('nudges again only after 3 days, and the catch-up lesson follows the last one opened', async () => {
    at(2026, 3, 8, 9, 59);
    expect((await nudge([idle.user._id])).body.results[0]).toMatchObject({ nudged: false });
    at(2026, 3, 8, 10);
    const again = await nudge([idle.user._id, opener.user._id]);
    expect(again.body.results.map((r: { nudged: boolean }) => r.nudged)).toEqual([true, true]);
    expect(await notificationsOf(t, idle, 'nudge')).toHaveLength(2);
    const [toOpener] = await notificationsOf(t, opener, 'nudge');
    expect(toOpener.link).toBe(`/uk/learn/${alpha}/2`);
  });

  it('refuses someone outside the wave and an empty list (400)', async () => {
    const answer = await nudge([randomUUID()]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results[0]).toMatchObject({ nudged: false, reason: ANALYTICS_MESSAGES.nudgeNotInWave });
    const empty = await nudge([]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Оберіть, кому нагадати');
  });
});
