import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { importFixtures, kyivMidnight, signUp, staff } from './support/courses.js';

// Each instance keeps a course's lessons in memory under courses.content_version, which a trigger
// raises with every change to lessons and lesson schedules (features/courses/content-cache.ts).
let a: TestApp;
let b: TestApp;
let alpha: string;
let learner: string;
let admin: string;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { sharing: a });
  ({ alpha } = await importFixtures(a));
  ({ token: learner } = await signUp(a));
  admin = await staff(a, 'admin');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const page = async (t: TestApp) => {
  const answer = await t.api('GET', `/api/courses/${alpha}`, { token: learner });
  expect(answer.status).toBe(200);
  return answer.body;
};
const home = async (t: TestApp) => {
  const answer = await t.api('GET', '/api/courses/today', { token: learner });
  expect(answer.status).toBe(200);
  return answer.body.courses.find((c: { _id: string }) => c._id === alpha);
};
const versionOf = async () =>
  (
    await a.app.services.db
      .selectFrom('courses')
      .select('content_version')
      .where('id', '=', alpha)
      .executeTakeFirstOrThrow()
  ).content_version;

describe('course content kept per instance', () => {
  it('shows an edit made on another instance at the very next read', async () => {
    const before = await page(b);
    expect(before.lessons[0].theme).not.toBe('Нова тема');
    const saved = await a.api('PUT', `/api/admin/courses/${alpha}/lessons/1`, {
      token: admin,
      body: {
        theme: 'Нова тема',
        content: 'Новий **текст**',
        theory: 'Нова теорія',
        practice: '',
        audio: [],
        video: [],
        test: [{ question: 'Нове питання?', options: ['Так', 'Ні'], answer: 1, explanation: '' }],
        diary: '',
      },
    });
    expect(saved.status).toBe(200);
    const after = await page(b);
    expect(after.lessons[0]).toMatchObject({ theme: 'Нова тема', theory: '<p>Нова теорія</p>' });
    expect(after.lessons[0].test.questions).toEqual([{ text: 'Нове питання?', options: ['Так', 'Ні'] }]);
    const content = await b.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token: learner });
    expect(content.body).toContain('<strong>текст</strong>');
    // The self-test is scored against the new answers on the other instance too.
    const scored = await b.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token: learner,
      body: { answers: [1] },
    });
    expect(scored.status).toBe(200);
    expect(scored.body.score).toBe(10);
  });

  it('counts changes written by hand, past the application: lessons and schedules', async () => {
    const { db } = a.app.services;
    await page(a);
    await page(b);
    const start = await versionOf();

    await db
      .updateTable('lessons')
      .set({ theme: 'Правка вручну' })
      .where('course_id', '=', alpha)
      .where('day', '=', 1)
      .execute();
    expect(await versionOf()).toBe(start + 1);
    for (const t of [a, b]) expect((await page(t)).lessons[0].theme).toBe('Правка вручну');

    // Lesson 2 opens tomorrow by the rule; a schedule row for this wave brings it forward.
    const opensNow = kyivMidnight(a) + 3_600_000;
    expect((await page(b)).lessons[1]).toMatchObject({ isOpen: false, opensAt: kyivMidnight(a, 1) });
    await db
      .insertInto('lesson_schedules')
      .values({ course_id: alpha, wave: '1', day: 2, scheduled_date: opensNow })
      .execute();
    for (const t of [a, b]) t.clock.advance(opensNow + 1 - t.clock.now());
    for (const t of [a, b]) expect((await page(t)).lessons[1]).toMatchObject({ isOpen: true, scheduledDate: opensNow });

    await db.deleteFrom('lesson_schedules').where('course_id', '=', alpha).where('day', '=', 2).execute();
    for (const t of [a, b]) expect((await page(t)).lessons[1]).toMatchObject({ isOpen: false, scheduledDate: null });

    const lessons = (await page(a)).lessons.length;
    await db.deleteFrom('lessons').where('course_id', '=', alpha).where('day', '=', lessons).execute();
    for (const t of [a, b]) expect((await page(t)).lessons).toHaveLength(lessons - 1);
    expect(await versionOf()).toBe(start + 4);
  });

  it('counts changes to a course’s waves, so another instance shows a wave’s new start at once', async () => {
    const { db } = a.app.services;
    const before = await page(b);
    await home(b);
    const lessonBefore = (day: string) => before.lessons.find((l: { day: string }) => l.day === day).opensAt;
    const start = await versionOf();
    const earlier = before.start - 3 * 86_400_000;
    await db
      .updateTable('course_waves')
      .set({ start: earlier })
      .where('course_id', '=', alpha)
      .where('label', '=', before.wave)
      .execute();
    expect(await versionOf()).toBe(start + 1);
    for (const t of [a, b]) expect((await page(t)).start).toBe(earlier);
    // Home's next lesson opens by the same new start.
    const next = (await home(b)).nextLesson;
    const onPage = (await page(b)).lessons.find((l: { day: string }) => l.day === next.day);
    expect(next.opensAt).toBe(onPage.opensAt);
    expect(next.opensAt).not.toBe(lessonBefore(next.day));
    // A new wave, added by hand, is the course's next one on both instances.
    const later = kyivMidnight(a, 30);
    await db.insertInto('course_waves').values({ course_id: alpha, label: 'осінь', start: later }).execute();
    await db.updateTable('courses').set({ next_wave: 'осінь' }).where('id', '=', alpha).execute();
    for (const t of [a, b]) expect(await page(t)).toMatchObject({ nextWave: 'осінь', nextStart: later });
    await db.deleteFrom('course_waves').where('course_id', '=', alpha).where('label', '=', 'осінь').execute();
    await db.updateTable('courses').set({ next_wave: null }).where('id', '=', alpha).execute();
    for (const t of [a, b]) expect((await page(t)).nextStart).toBeNull();
    expect(await versionOf()).toBe(start + 3);
  });
});
