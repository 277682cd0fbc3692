import { COURSE_MESSAGES, DIARY_MESSAGES, kyivIsoDate } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmEmail, startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, importFixtures, kyivMidnight, RIGHT_ANSWERS, signUp } from './support/courses.js';

let t: TestApp;
let alpha: string;
let beta: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await importFixtures(t));
});
afterAll(async () => {
  await t.close();
});

const footprint = async (token: string) =>
  (await t.api('GET', '/api/partners/indicators', { token })).body.ukrainianMark;
const answersWithRight = (count: number) => RIGHT_ANSWERS.map((a, i) => (i < count ? a : (a + 1) % 3));

describe('self-test', () => {
  it('scores on the server, shows the right answers, and keeps the score in the diary and footprint', async () => {
    const { token } = await signUp(t);
    const result = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token,
      body: { answers: RIGHT_ANSWERS },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      score: 10,
      counted: true,
      correct: RIGHT_ANSWERS,
      explanations: Array.from({ length: 10 }, (_, i) => `Пояснення ${i + 1}`),
    });
    const diary = await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token });
    expect(diary.body).toMatchObject({ courseId: alpha, lessonId: '1', test: 10, entry: '', plan: '' });
    expect(await footprint(token)).toBe(20);
  });

  it('counts only the first complete attempt: a retake is scored and shown but adds nothing', async () => {
    const { token, user } = await signUp(t);
    const first = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token,
      body: { answers: answersWithRight(6) },
    });
    expect(first.body).toMatchObject({ score: 6, counted: true });
    expect(await footprint(token)).toBe(16);
    const better = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token,
      body: { answers: answersWithRight(10) },
    });
    expect(better.status).toBe(200);
    expect(better.body).toMatchObject({ score: 10, counted: false, correct: RIGHT_ANSWERS });
    expect(await footprint(token)).toBe(16);
    const diary = await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token });
    expect(diary.body.test).toBe(6);
    const rows = await t.app.services.db
      .selectFrom('mark_entries')
      .select('points')
      .where('user_id', '=', user._id)
      .execute();
    expect(rows.map((r) => r.points).sort((a, b) => a - b)).toEqual([6, 10]);
  });

  it('refuses a blank attempt with a Ukrainian message, reveals nothing and records nothing', async () => {
    const { token } = await signUp(t);
    for (const answers of [[], Array.from({ length: 10 }, () => null)]) {
      const blank = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers } });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ message: COURSE_MESSAGES.selfTestBlank });
    }
    expect(await footprint(token)).toBe(10);
    expect((await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token })).body).toBeNull();
    // The first scored attempt after them still counts.
    const full = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token,
      body: { answers: RIGHT_ANSWERS },
    });
    expect(full.body).toMatchObject({ score: 10, counted: true });
    expect(await footprint(token)).toBe(20);
  });

  it('scores a partly answered attempt (confirmed in the web) with the gaps as wrong, and counts it', async () => {
    const { token } = await signUp(t);
    for (const answers of [RIGHT_ANSWERS.slice(0, 7), [...RIGHT_ANSWERS.slice(0, 7), null, null, null]]) {
      const partial = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers } });
      expect(partial.status).toBe(200);
      expect(partial.body).toMatchObject({ score: 7, correct: RIGHT_ANSWERS });
    }
    const diary = await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token });
    expect(diary.body.test).toBe(7);
    expect(await footprint(token)).toBe(17);
  });

  it('never counts concurrent submissions twice', async () => {
    const { token } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers: answersWithRight(7) } }),
      ),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await footprint(token)).toBe(17);
  });

  it('is closed with its lesson, and rejects malformed answers', async () => {
    const { token } = await signUp(t);
    expect(
      (await t.api('POST', `/api/courses/${alpha}/lessons/2/test`, { token, body: { answers: RIGHT_ANSWERS } })).status,
    ).toBe(403);
    expect(
      (await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers: 'all' } })).status,
    ).toBe(400);
    expect((await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: {} })).status).toBe(400);
    expect(await footprint(token)).toBe(10);
  });
});

describe('invitation points', () => {
  it('go to the inviter once the invitee is scored on a first self-test, not on registration, and once only', async () => {
    const inviter = await signUp(t);
    const invitee = await signUp(t, { inviterId: inviter.user._id });
    await confirmEmail(t, invitee.person.email);
    expect(await footprint(inviter.token)).toBe(10);
    const blank = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token: invitee.token,
      body: { answers: [] },
    });
    expect(blank.status).toBe(400);
    expect(await footprint(inviter.token)).toBe(10);
    await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token: invitee.token,
      body: { answers: RIGHT_ANSWERS },
    });
    expect(await footprint(inviter.token)).toBe(20);
    await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token: invitee.token,
      body: { answers: RIGHT_ANSWERS },
    });
    expect(await footprint(inviter.token)).toBe(20);
    const ledger = await t.app.services.db
      .selectFrom('mark_entries')
      .select(['points', 'comment', 'final_value'])
      .where('user_id', '=', inviter.user._id)
      .orderBy('final_value')
      .execute();
    expect(ledger).toEqual([
      { points: 10, comment: 'Реєстрація на платформі', final_value: 10 },
      {
        points: 10,
        comment: `Новий учасник команди почав навчання: ${invitee.person.first_name} ${invitee.person.last_name}`,
        final_value: 20,
      },
    ]);
  });

  it('lose no update when many invitees start at once', async () => {
    const inviter = await signUp(t);
    const invitees = await Promise.all(Array.from({ length: 8 }, () => signUp(t, { inviterId: inviter.user._id })));
    await Promise.all(invitees.map((i) => confirmEmail(t, i.person.email)));
    expect(await footprint(inviter.token)).toBe(10);
    await Promise.all(
      invitees.map((i) =>
        t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token: i.token, body: { answers: RIGHT_ANSWERS } }),
      ),
    );
    const rows = await t.app.services.db
      .selectFrom('mark_entries')
      .select('final_value')
      .where('user_id', '=', inviter.user._id)
      .orderBy('final_value')
      .execute();
    expect(rows.map((r) => r.final_value)).toEqual(Array.from({ length: 9 }, (_, i) => 10 * (i + 1)));
  });
});

describe('diary', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    courseId: alpha,
    lessonId: '1',
    date: '2026-03-03',
    entry: 'Сьогодні говорила українською в крамниці.',
    plan: 'Завтра — на роботі.',
    ...extra,
  });

  it('is created once, then edited; GET shows it to its author only', async () => {
    const { token } = await signUp(t);
    expect((await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token })).body).toBeNull();
    const created = await t.api('POST', '/api/diary', { token, body: body() });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      courseId: alpha,
      lessonId: '1',
      date: '2026-03-03',
      entry: body().entry,
      plan: body().plan,
      test: null,
    });
    const again = await t.api('POST', '/api/diary', { token, body: body() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DIARY_MESSAGES.exists);
    const edited = await t.api('PATCH', '/api/diary', { token, body: body({ plan: 'Інший план', entry: undefined }) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ entry: body().entry, plan: 'Інший план' });
    const other = await signUp(t);
    expect((await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token: other.token })).body).toBeNull();
  });

  it('takes the date as a full ISO instant too, and keeps the Kyiv day it falls on (issue 24)', async () => {
    const { token } = await signUp(t);
    // 22:30 UTC on 3 March is already 4 March in Kyiv (UTC+2 in winter).
    const created = await t.api('POST', '/api/diary', { token, body: body({ date: '2026-03-03T22:30:00.000Z' }) });
    expect(created.status).toBe(201);
    expect(created.body.date).toBe('2026-03-04');
    expect((await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token })).body.date).toBe('2026-03-04');
  });

  it('cannot be given a self-test score by hand', async () => {
    const { token } = await signUp(t);
    const created = await t.api('POST', '/api/diary', { token, body: body({ test: 10 }) });
    expect(created.body.test).toBeNull();
    const patched = await t.api('PATCH', '/api/diary', { token, body: body({ test: 10 }) });
    expect(patched.body.test).toBeNull();
    expect(await footprint(token)).toBe(10);
  });

  it('refuses bad input with a message naming the field and changes nothing', async () => {
    const { token } = await signUp(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ entry: 'я'.repeat(501) }, 'Запис'],
      [{ plan: 'я'.repeat(501) }, 'План'],
      [{ date: '03-03-2026' }, 'Дата'],
      [{ date: '2026-02-30' }, 'Дата'],
      [{ lessonId: 'abc' }, 'Урок'],
      [{ courseId: undefined }, 'Курс'],
    ];
    for (const [override, field] of cases) {
      const answer = await t.api('POST', '/api/diary', { token, body: body(override) });
      expect(answer.status, JSON.stringify(override)).toBe(400);
      expect(answer.body.message).toContain(field);
    }
    expect((await t.api('GET', `/api/diary?courseId=${alpha}&lessonId=1`, { token })).body).toBeNull();
  });

  it('answers 404 when editing an entry that does not exist, 403 for a closed lesson', async () => {
    const { token } = await signUp(t);
    const missing = await t.api('PATCH', '/api/diary', { token, body: body() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(DIARY_MESSAGES.notFound);
    expect((await t.api('POST', '/api/diary', { token, body: body({ lessonId: '2' }) })).status).toBe(403);
  });
});

describe('my diary: every entry of mine in a course', () => {
  it('lists my own entries by lesson, with date, theme and self-test score; never anyone else’s', async () => {
    const fresh = await startTestApp();
    try {
      const { alpha: course } = await importFixtures(fresh);
      fresh.clock.advance(2 * DAY);
      const me = await signUp(fresh);
      const other = await signUp(fresh);
      const boss = await curator(fresh);
      const list = (token: string, courseId = course) =>
        fresh.api('GET', `/api/diary/entries?courseId=${encodeURIComponent(courseId)}`, { token });

      expect((await list(me.token)).body).toEqual({ entries: [] });
      await fresh.api('POST', '/api/diary', {
        token: me.token,
        body: { courseId: course, lessonId: '2', date: '2026-03-04', entry: 'Другий день', plan: 'Далі' },
      });
      await fresh.api('POST', `/api/courses/${course}/lessons/1/test`, {
        token: me.token,
        body: { answers: RIGHT_ANSWERS },
      });
      await fresh.api('POST', '/api/diary', {
        token: other.token,
        body: { courseId: course, lessonId: '1', date: '2026-03-03', entry: 'Чужий запис' },
      });

      const mine = await list(me.token);
      expect(mine.status).toBe(200);
      expect(mine.body.entries).toEqual([
        { lessonId: '1', theme: 'Перший день', date: kyivIsoDate(fresh.clock.now()), entry: '', plan: '', test: 10 },
        {
          lessonId: '2',
          theme: expect.any(String),
          date: '2026-03-04',
          entry: 'Другий день',
          plan: 'Далі',
          test: null,
        },
      ]);
      const theirs = await list(other.token);
      expect(theirs.body.entries.map((e: { entry: string }) => e.entry)).toEqual(['Чужий запис']);
      // A curator sees every course, but a diary is its writer's alone.
      expect((await list(boss)).body).toEqual({ entries: [] });
    } finally {
      await fresh.close();
    }
  });

  it('is refused for a course I have not joined, an unknown course, and without a course', async () => {
    const { token } = await signUp(t);
    expect((await t.api('GET', `/api/diary/entries?courseId=${beta}`, { token })).status).toBe(403);
    expect((await t.api('GET', '/api/diary/entries?courseId=no-such-course', { token })).status).toBe(404);
    const missing = await t.api('GET', '/api/diary/entries', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Курс');
  });
});

describe('today', () => {
  it('names the next lesson to do and the diary entries still to write', async () => {
    const { token } = await signUp(t);
    const first = await t.api('GET', '/api/courses/today', { token });
    expect(first.status).toBe(200);
    expect(first.body.courses).toEqual([
      {
        _id: alpha,
        title: 'Альфа',
        wave: '1',
        nextLesson: { day: '1', theme: 'Перший день', opensAt: kyivMidnight(t), isOpen: true },
        diaryMissing: [{ day: '1', theme: 'Перший день' }],
        lessonsTotal: 3,
        lessonsDone: 0,
      },
    ]);
    await t.api('POST', '/api/diary', {
      token,
      body: { courseId: alpha, lessonId: '1', date: '2026-03-03', entry: 'Так' },
    });
    const after = await t.api('GET', '/api/courses/today', { token });
    expect(after.body.courses[0]).toMatchObject({
      nextLesson: { day: '2', isOpen: false, opensAt: kyivMidnight(t, 1) },
      diaryMissing: [],
      lessonsDone: 1,
    });
  });
});
