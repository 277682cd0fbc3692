import { addIsoDays, kyivIsoDate, PROGRESS_FOOTPRINT_DAYS, type Progress } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPractice } from '../src/features/habit/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, importFixtures, RIGHT_ANSWERS, signUp } from './support/courses.js';

let t: TestApp;
let alpha: string;
let beta: string;
let curatorToken: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha, beta } = await importFixtures(t));
  curatorToken = await curator(t);
});
afterAll(async () => {
  await t.close();
});

const today = () => kyivIsoDate(t.clock.now());
const progressOf = async (token: string): Promise<Progress> => {
  const answer = await t.api<Progress>('GET', '/api/progress', { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const answersWithRight = (count: number) => RIGHT_ANSWERS.map((a, i) => (i < count ? a : (a + 1) % 3));
const selfTest = (token: string, courseId: string, day: number, right: number) =>
  t.api('POST', `/api/courses/${courseId}/lessons/${day}/test`, { token, body: { answers: answersWithRight(right) } });
const writeDiary = (token: string, courseId: string, day: number, entry: string) =>
  t.api('POST', '/api/diary', { token, body: { courseId, lessonId: String(day), date: today(), entry, plan: '' } });

describe('GET /api/progress', () => {
  it('answers 401 without a session', async () => {
    expect((await t.api('GET', '/api/progress')).status).toBe(401);
  });

  it('gives my own figures: lessons, diary days, self-tests, homework marks and the footprint by day', async () => {
    const learner = await signUp(t);
    const other = await signUp(t);
    const firstDay = today();
    expect((await writeDiary(learner.token, alpha, 1, 'Сьогодні говорив українською')).status).toBe(201);
    expect((await selfTest(learner.token, alpha, 1, 6)).body).toMatchObject({ score: 6, counted: true });
    const homework = await t.form('POST', '/api/exercises', {
      token: learner.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моє домашнє завдання' },
    });
    expect(homework.status).toBe(201);
    const rated = await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: homework.body._id, rating: 9 },
    });
    expect(rated.status).toBe(200);
    // Another learner's work on the same lessons must never show in mine.
    await writeDiary(other.token, alpha, 1, 'Чужий запис');
    await selfTest(other.token, alpha, 1, 2);
    await t.api('POST', `/api/courses/${beta}/enroll`, { token: other.token });
    await selfTest(other.token, beta, 1, 10);

    // The next day lesson 2 opens; a self-test alone makes an empty entry: the lesson is done, no diary day.
    t.clock.advance(DAY);
    expect((await selfTest(learner.token, alpha, 2, 10)).body).toMatchObject({ score: 10, counted: true });

    const mine = await progressOf(learner.token);
    expect(mine.today).toBe(today());
    expect(mine.courses.map((c) => c._id)).toEqual([alpha]);
    const [course] = mine.courses;
    expect(course).toMatchObject({
      title: 'Альфа',
      wave: '1',
      lessonsTotal: 3,
      lessonsDone: 2,
      diaryDays: 1,
      selfTestAverage: 8,
      homeworkHandedIn: 1,
      ratingAverage: 9,
    });
    expect(course?.lessons).toEqual([
      {
        day: '1',
        theme: 'Перший день',
        isOpen: true,
        diaryDate: firstDay,
        selfTest: 6,
        homeworkHandedIn: true,
        rating: 9,
      },
      {
        day: '2',
        theme: 'Другий день',
        isOpen: true,
        diaryDate: today(),
        selfTest: 10,
        homeworkHandedIn: false,
        rating: null,
      },
      {
        day: '3',
        theme: 'Третій день',
        isOpen: false,
        diaryDate: null,
        selfTest: null,
        homeworkHandedIn: false,
        rating: null,
      },
    ]);
    // Registration 10, self-tests 6 and 10, the rating 9: by the Kyiv day each was earned.
    expect(mine.footprint).toHaveLength(PROGRESS_FOOTPRINT_DAYS);
    expect(mine.footprint.at(-1)).toEqual({ date: today(), total: 35 });
    expect(mine.footprint.at(-2)).toEqual({ date: firstDay, total: 25 });
    expect(mine.footprint[0]).toEqual({ date: addIsoDays(today(), 1 - PROGRESS_FOOTPRINT_DAYS), total: 0 });

    // The other learner sees their own numbers in both their courses, none of mine.
    const theirs = await progressOf(other.token);
    expect(theirs.courses.map((c) => c._id)).toEqual([alpha, beta]);
    expect(theirs.courses[0]).toMatchObject({ lessonsDone: 1, diaryDays: 1, selfTestAverage: 2, homeworkHandedIn: 0 });
    expect(theirs.courses[0]?.lessons[0]).toMatchObject({ selfTest: 2, rating: null, homeworkHandedIn: false });
    expect(theirs.courses[1]).toMatchObject({ lessonsDone: 1, diaryDays: 0, selfTestAverage: 10 });
    expect(theirs.footprint.at(-1)?.total).toBe(22);
  });

  it('shows a curator only the courses they are enrolled in, never every course they may manage', async () => {
    const progress = await progressOf(curatorToken);
    // Accounts join the starter course (alpha) when made; beta a curator could open but never joined.
    expect(progress.courses.map((c) => c._id)).toEqual([alpha]);
    expect(progress.courses[0]).toMatchObject({ lessonsDone: 0, diaryDays: 0, homeworkHandedIn: 0 });
  });

  it('an emptied homework is not handed in, and its rating is gone', async () => {
    const learner = await signUp(t);
    const homework = await t.form('POST', '/api/exercises', {
      token: learner.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Чернетка' },
    });
    await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: homework.body._id, rating: 4 },
    });
    expect((await progressOf(learner.token)).courses[0]?.lessons[0]).toMatchObject({
      homeworkHandedIn: true,
      rating: 4,
    });
    const cleared = await t.api('PATCH', '/api/exercises/homework', {
      token: learner.token,
      body: { exerciseId: homework.body._id },
    });
    expect(cleared.status).toBe(200);
    const course = (await progressOf(learner.token)).courses[0];
    expect(course).toMatchObject({ homeworkHandedIn: 0, ratingAverage: null });
    expect(course?.lessons[0]).toMatchObject({ homeworkHandedIn: false, rating: null });
  });
});

describe('the wave calendar', () => {
  it('marks done, frozen, missed, today and future days from real practice', async () => {
    const learner = await signUp(t);
    const other = await signUp(t);
    const start = kyivIsoDate((await progressOf(learner.token)).courses[0]?.start ?? 0);
    const { db } = t.app.services;
    // Practice as the diary records it: one row per cause, on the Kyiv day it happened.
    const practise = (userId: string, day: string, lesson: number) =>
      db.transaction().execute((trx) =>
        recordPractice(trx, {
          userId,
          kind: 'diary',
          sourceKey: `diary:${userId}:${lesson}:${day}`,
          at: t.clock.now(),
          day,
          lesson: `${alpha}:${lesson}`,
        }),
      );
    const learnerDay = today();
    await practise(learner.user._id, learnerDay, 1);
    const offset = (day: string) => Math.round((Date.parse(day) - Date.parse(start)) / DAY);
    const first = offset(learnerDay);

    // Three days on with nothing done: two «світлі дні» cover the first two misses, the third is missed.
    t.clock.advance(4 * DAY);
    // The other learner practised on every one of these days: it changes nothing of mine.
    for (let i = 1; i <= 4; i++) await practise(other.user._id, addIsoDays(learnerDay, i), 1);
    let calendar = (await progressOf(learner.token)).courses[0]?.calendar ?? [];
    expect(calendar).toHaveLength(28);
    expect(calendar[0]?.date).toBe(start);
    const states = () => calendar.slice(first, first + 6).map((d) => d.state);
    expect(states()).toEqual(['done', 'frozen', 'frozen', 'missed', 'today', 'future']);

    // A diary entry today: today is done.
    await practise(learner.user._id, today(), 2);
    const progress = await progressOf(learner.token);
    calendar = progress.courses[0]?.calendar ?? [];
    expect(states()).toEqual(['done', 'frozen', 'frozen', 'missed', 'done', 'future']);
    expect(progress.streak).toEqual({ current: 1, best: 1, freezesLeft: 0 });
    expect((await progressOf(other.token)).streak.current).toBe(4);
  });
});
