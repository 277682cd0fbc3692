import {
  addIsoDays,
  DEFAULT_DAILY_GOAL,
  DEFAULT_NOTIFICATION_PREFERENCES,
  GAME_ROUND_MS,
  HABIT_MESSAGES,
  kyivIsoDate,
  kyivTime,
} from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { importFixtures, notificationsOf, RIGHT_ANSWERS, signIn, signUp, staff } from './support/courses.js';
import { rightAnswersFor } from './support/game.js';

let t: TestApp;
let alpha: string;

type Person = Awaited<ReturnType<typeof signUp>>;

/** Moves the test clock to a Kyiv wall-clock time (forward or back). */
function at(year: number, month: number, day: number, hour: number, minute = 0): void {
  t.clock.advance(kyivTime(year, month, day, hour, minute) - t.clock.now());
}

beforeAll(async () => {
  t = await startTestApp();
  // The starter course's wave starts on 2026-03-01 (Kyiv): lesson 1 is open from then on.
  at(2026, 3, 1, 8);
  ({ alpha } = await importFixtures(t));
});
afterAll(async () => {
  await t.close();
});

/** A fresh session: the tests move the clock by months, past a session's 30 days. */
const tokenOf = (person: Person) => signIn(t, person.person.email, person.person.password);

/** The practice rows of one person, in day order: what counted, on which Kyiv day. */
async function practiceOf(person: Person) {
  const rows = await t.app.services.db
    .selectFrom('practice_events')
    .select(['day', 'kind', 'ref'])
    .where('user_id', '=', person.user._id)
    .orderBy('day')
    .orderBy('kind')
    .execute();
  return rows.map((r) => `${r.day} ${r.kind}${r.ref ? ` ${r.ref}` : ''}`);
}

const diaryBody = (entry: string, plan = '') => ({ courseId: alpha, lessonId: '1', date: '2026-03-02', entry, plan });

async function writeDiary(person: Person, entry = 'Сьогодні говорила українською в крамниці.') {
  const token = await tokenOf(person);
  const created = await t.api('POST', '/api/diary', { token, body: diaryBody(entry) });
  if (created.status === 409) {
    expect((await t.api('PATCH', '/api/diary', { token, body: diaryBody(entry) })).status).toBe(200);
  } else {
    expect(created.status).toBe(201);
  }
}

async function summaryOf(person: Person) {
  const answer = await t.api('GET', '/api/courses/today', { token: await tokenOf(person) });
  expect(answer.status).toBe(200);
  return answer.body.habit;
}

describe('practice', () => {
  it('a diary entry counts on the Kyiv day it is written: 23:59 and 00:00 are two days, a second save one', async () => {
    const learner = await signUp(t);
    at(2026, 3, 2, 23, 59);
    await writeDiary(learner);
    at(2026, 3, 3, 0, 0);
    await writeDiary(learner, 'Виправила запис.');
    at(2026, 3, 3, 12);
    await writeDiary(learner, 'І ще раз.');
    expect(await practiceOf(learner)).toEqual([`2026-03-02 diary ${alpha}:1`, `2026-03-03 diary ${alpha}:1`]);
    expect((await summaryOf(learner)).streak).toMatchObject({ current: 2, best: 2, todayDone: true });
  });

  it('opening a lesson, an empty entry or the app counts for nothing', async () => {
    const learner = await signUp(t);
    at(2026, 3, 4, 10);
    const token = await tokenOf(learner);
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token })).status).toBe(200);
    expect((await t.api('GET', `/api/courses/${alpha}`, { token })).status).toBe(200);
    expect((await t.api('POST', '/api/diary', { token, body: diaryBody('', 'Лише план') })).status).toBe(201);
    expect((await t.api('PATCH', '/api/diary', { token, body: diaryBody('   ') })).status).toBe(200);
    expect(await practiceOf(learner)).toEqual([]);
    const habit = await summaryOf(learner);
    expect(habit.streak).toEqual({ current: 0, best: 0, todayDone: false, freezesLeft: 2 });
    expect(habit.done).toEqual({ lessons: 0, repetitions: 0 });
  });

  it('a self-test counts once a day, the first attempt and a retake alike', async () => {
    const learner = await signUp(t);
    at(2026, 3, 5, 10);
    const test = async () =>
      t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
        token: await tokenOf(learner),
        body: { answers: RIGHT_ANSWERS },
      });
    expect((await test()).body.counted).toBe(true);
    expect((await test()).body.counted).toBe(false);
    at(2026, 3, 6, 10);
    expect((await test()).body.counted).toBe(false);
    expect(await practiceOf(learner)).toEqual([`2026-03-05 selftest ${alpha}:1`, `2026-03-06 selftest ${alpha}:1`]);
  });

  it('homework counts when handed in or revised with content, once a day; emptying it does not', async () => {
    const learner = await signUp(t);
    at(2026, 3, 7, 10);
    let token = await tokenOf(learner);
    const created = await t.form('POST', '/api/exercises', {
      token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моє есе.' },
    });
    expect(created.status).toBe(201);
    const exerciseId = created.body._id;
    const revise = async (homework: string) =>
      t.form('PATCH', '/api/exercises', { token, fields: { exerciseId, homework } });
    expect((await revise('Моє есе, виправлене.')).status).toBe(200);
    at(2026, 3, 8, 10);
    token = await tokenOf(learner);
    expect((await revise('Ще краще.')).status).toBe(200);
    at(2026, 3, 9, 10);
    token = await tokenOf(learner);
    expect((await t.api('PATCH', '/api/exercises/homework', { token, body: { exerciseId } })).status).toBe(200);
    expect(await practiceOf(learner)).toEqual([`2026-03-07 homework ${alpha}:1`, `2026-03-08 homework ${alpha}:1`]);
  });

  it('a game round counts when answered in time; a blank or a late one does not', async () => {
    const learner = await signUp(t);
    at(2026, 3, 10, 10);
    const token = await tokenOf(learner);
    const play = async (answer: (roundId: string) => Promise<unknown[]>, waitMs = 0) => {
      const started = await t.api('POST', '/api/game/rounds', { token });
      expect(started.status).toBe(201);
      const answers = await answer(started.body.roundId);
      t.clock.advance(waitMs);
      const finished = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
        token,
        body: { answers },
      });
      expect(finished.status).toBe(200);
      return started.body.roundId as string;
    };
    const right = async (roundId: string) => {
      const round = await t.app.services.db
        .selectFrom('game_rounds')
        .select('tasks')
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow();
      return rightAnswersFor(t, round.tasks);
    };
    const played = await play(right);
    await play(async () => [null, null, null]);
    await play(right, GAME_ROUND_MS + 60_000);
    const rows = await t.app.services.db
      .selectFrom('practice_events')
      .select(['source_key', 'kind'])
      .where('user_id', '=', learner.user._id)
      .execute();
    expect(rows).toEqual([{ source_key: `game:${played}`, kind: 'game' }]);
    expect((await summaryOf(learner)).done).toEqual({ lessons: 0, repetitions: 1 });
  });
});

describe('today’s progress', () => {
  it('counts each of today’s repetitions and each lesson once, whatever else was practised before', async () => {
    const learner = await signUp(t);
    const today = kyivIsoDate(t.clock.now());
    const event = (source_key: string, day: string, kind: string, ref: string | null) => ({
      source_key,
      user_id: learner.user._id,
      day,
      kind,
      ref,
      at: t.clock.now(),
    });
    await t.app.services.db
      .insertInto('practice_events')
      .values([
        event('t:1', today, 'repetition', null),
        event('t:2', today, 'repetition', null),
        event('t:3', today, 'game', null),
        event('t:4', today, 'diary', 'c:1'),
        event('t:5', today, 'selftest', 'c:1'),
        event('t:6', today, 'homework', 'c:2'),
        event('y:1', addIsoDays(today, -1), 'repetition', null),
        event('y:2', addIsoDays(today, -1), 'diary', 'c:3'),
      ])
      .execute();
    const habit = await summaryOf(learner);
    expect(habit.done).toEqual({ lessons: 2, repetitions: 3 });
    expect(habit.streak).toMatchObject({ current: 2, todayDone: true });
  });
});

describe('streak', () => {
  it('a missed day in a wave is frozen (two per wave), a third gap ends the run', async () => {
    const learner = await signUp(t);
    for (const day of [11, 12, 14]) {
      at(2026, 3, day, 9);
      await writeDiary(learner, `Запис ${day}`);
    }
    let habit = await summaryOf(learner);
    expect(habit.streak).toEqual({ current: 3, best: 3, todayDone: true, freezesLeft: 1 });
    expect(habit.week.map((d: { date: string; state: string }) => `${d.date.slice(8)} ${d.state}`)).toEqual([
      // Days before the learner joined are not theirs to have missed.
      '08 before',
      '09 before',
      '10 missed',
      '11 done',
      '12 done',
      '13 frozen',
      '14 done',
    ]);
    // 15th frozen (the wave's second), 16th missed: the run ends; today (17th) still open.
    at(2026, 3, 17, 21);
    habit = await summaryOf(learner);
    expect(habit.streak).toEqual({ current: 0, best: 3, todayDone: false, freezesLeft: 0 });
    expect(habit.week.at(-1)).toEqual({ date: '2026-03-17', state: 'today' });
    await writeDiary(learner, 'Знову тут.');
    expect((await summaryOf(learner)).streak).toMatchObject({ current: 1, best: 3, todayDone: true });
  });

  it('today stays open until midnight: yesterday’s run still shows', async () => {
    const learner = await signUp(t);
    at(2026, 3, 18, 22);
    await writeDiary(learner);
    at(2026, 3, 19, 0, 1);
    expect((await summaryOf(learner)).streak).toMatchObject({ current: 1, todayDone: false });
  });

  it('counts the spring switch day (23 hours) as one day, across midnights', async () => {
    const learner = await signUp(t);
    at(2026, 3, 28, 23, 30);
    await writeDiary(learner, 'Субота.');
    at(2026, 3, 29, 0, 30);
    await writeDiary(learner, 'Ніч перед переведенням годинника.');
    at(2026, 3, 29, 23, 30);
    await writeDiary(learner, 'Неділя, вечір.');
    at(2026, 3, 30, 0, 10);
    await writeDiary(learner, 'Понеділок.');
    expect((await practiceOf(learner)).map((r) => r.slice(0, 10))).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect((await summaryOf(learner)).streak).toMatchObject({ current: 3, best: 3, todayDone: true });
  });

  it('counts the autumn switch day (25 hours) as one day, across midnights', async () => {
    const learner = await signUp(t);
    at(2026, 10, 24, 23, 30);
    await writeDiary(learner, 'Субота.');
    at(2026, 10, 25, 0, 30);
    await writeDiary(learner, 'Ніч перед переведенням годинника.');
    at(2026, 10, 25, 23, 30);
    await writeDiary(learner, 'Неділя, вечір.');
    at(2026, 10, 26, 0, 10);
    await writeDiary(learner, 'Понеділок.');
    expect((await practiceOf(learner)).map((r) => r.slice(0, 10))).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect((await summaryOf(learner)).streak).toMatchObject({ current: 3, best: 3, todayDone: true });
    at(2026, 10, 26, 23, 59);
    expect((await summaryOf(learner)).week.slice(-3)).toEqual([
      { date: '2026-10-24', state: 'done' },
      { date: '2026-10-25', state: 'done' },
      { date: '2026-10-26', state: 'done' },
    ]);
  });

  it('the team streak counts days I and someone I invited both practised; another learner’s days never show', async () => {
    at(2026, 4, 1, 9);
    const me = await signUp(t);
    const friend = await signUp(t, { inviterId: me.user._id });
    const stranger = await signUp(t);
    for (const day of [1, 2, 3]) {
      at(2026, 4, day, 9);
      await writeDiary(me, `Я ${day}`);
      if (day > 1) await writeDiary(friend, `Друг ${day}`);
      await writeDiary(stranger, `Хтось ${day}`);
    }
    const mine = await summaryOf(me);
    expect(mine.streak.current).toBe(3);
    expect(mine.team).toEqual({ current: 2, members: 1 });
    // The friend invited nobody: no team of their own.
    expect((await summaryOf(friend)).team).toBeNull();
    const fresh = await signUp(t);
    const theirs = await summaryOf(fresh);
    expect(theirs.streak).toMatchObject({ current: 0, best: 0, todayDone: false });
    expect(theirs.team).toBeNull();
    expect(theirs.week.every((d: { state: string }) => d.state !== 'done')).toBe(true);
  });

  it('my team’s practice is never mine: their days and today’s lessons count for them, not me', async () => {
    at(2026, 4, 1, 9);
    const me = await signUp(t);
    const friend = await signUp(t, { inviterId: me.user._id });
    for (const day of [1, 2, 3]) {
      at(2026, 4, day, 9);
      await writeDiary(friend, `Друг ${day}`);
    }
    const mine = await summaryOf(me);
    expect(mine.streak).toMatchObject({ current: 0, best: 0, todayDone: false });
    expect(mine.done).toEqual({ lessons: 0, repetitions: 0 });
    expect(mine.team).toEqual({ current: 0, members: 1 });
    expect(mine.week.every((d: { state: string }) => d.state !== 'done')).toBe(true);
    const theirs = await summaryOf(friend);
    expect(theirs.streak).toMatchObject({ current: 3, todayDone: true });
    expect(theirs.done.lessons).toBe(1);
  });
});

describe('daily goal', () => {
  it('is 1 lesson and 1 repetition until set; a bad one is refused with fields and changes nothing', async () => {
    const learner = await signUp(t);
    const token = await tokenOf(learner);
    expect((await t.api('GET', '/api/habit/goal', { token })).body).toEqual(DEFAULT_DAILY_GOAL);
    const saved = await t.api('PUT', '/api/habit/goal', { token, body: { lessons: 2, repetitions: 0 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ lessons: 2, repetitions: 0 });
    for (const body of [
      { lessons: 4, repetitions: 1 },
      { lessons: 0, repetitions: 0 },
      { lessons: 1.5, repetitions: 1 },
      { lessons: '1', repetitions: 1 },
    ]) {
      const refused = await t.api('PUT', '/api/habit/goal', { token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Мета: /);
      expect(Object.keys(refused.body.fields)).toContain('lessons');
    }
    expect((await t.api('GET', '/api/habit/goal', { token })).body).toEqual({ lessons: 2, repetitions: 0 });
    expect((await summaryOf(learner)).goal).toEqual({ lessons: 2, repetitions: 0 });
    // Nobody else's goal moved.
    const other = await signUp(t);
    expect((await summaryOf(other)).goal).toEqual(DEFAULT_DAILY_GOAL);
  });

  it('today’s progress counts distinct lessons and the rounds played', async () => {
    at(2026, 4, 5, 10);
    const learner = await signUp(t);
    await writeDiary(learner);
    await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, {
      token: await tokenOf(learner),
      body: { answers: RIGHT_ANSWERS },
    });
    const habit = await summaryOf(learner);
    expect(habit.done).toEqual({ lessons: 1, repetitions: 0 });
    expect(habit.dueCards).toBe(0);
    expect(habit.today).toBe('2026-04-05');
  });
});

describe('club attendance', () => {
  it('admins mark people signed up once the club has started; it counts on the club’s day; unmarking takes it back; audited', async () => {
    at(2026, 4, 6, 10);
    const admin = await staff(t, 'admin');
    const moderator = await staff(t, 'moderator');
    const created = await t.api('POST', '/api/admin/clubs', {
      token: admin,
      body: {
        title: 'Кава українською',
        city: '',
        link: 'https://meet.example.org/kava',
        host: 'Тарас Мельник',
        startsAt: kyivTime(2026, 4, 6, 23, 30),
        durationMin: 60,
        capacity: 10,
      },
    });
    expect(created.status).toBe(201);
    const clubId = created.body._id;
    const learner = await signUp(t);
    const outsider = await signUp(t);
    expect((await t.api('POST', `/api/clubs/${clubId}/signup`, { token: learner.token })).status).toBe(200);
    const mark = (token: string, userId: string, present: boolean) =>
      t.api('PUT', `/api/admin/clubs/${clubId}/attendance`, { token, body: { userId, present } });

    const early = await mark(admin, learner.user._id, true);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Присутність можна позначити, коли клуб почнеться');
    expect((await t.api('GET', `/api/admin/clubs/${clubId}/signups`, { token: admin })).body.started).toBe(false);

    // After midnight, the club (begun 23:30 on the 6th) still counts for the 6th.
    at(2026, 4, 7, 0, 15);
    expect(
      (await mark(await signIn(t, learner.person.email, learner.person.password), learner.user._id, true)).status,
    ).toBe(403);
    expect((await mark(moderator, learner.user._id, true)).status).toBe(403);
    expect((await mark(admin, outsider.user._id, true)).status).toBe(404);
    const marked = await mark(admin, learner.user._id, true);
    expect(marked.status).toBe(200);
    expect(marked.body.started).toBe(true);
    expect(marked.body.signups).toEqual([expect.objectContaining({ _id: learner.user._id, presentAt: t.clock.now() })]);
    expect((await mark(admin, learner.user._id, true)).status).toBe(200);
    expect(await practiceOf(learner)).toEqual(['2026-04-06 club']);
    expect(await practiceOf(outsider)).toEqual([]);

    t.clock.advance(60_000);
    const unmarked = await mark(admin, learner.user._id, false);
    expect(unmarked.body.signups[0].presentAt).toBeNull();
    expect(await practiceOf(learner)).toEqual([]);

    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target', '=', `club:${clubId}`)
      .where('action', '=', 'club.attendance')
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([
      `«Кава українською»: ${learner.person.first_name} ${learner.person.last_name} — присутні`,
      `«Кава українською»: ${learner.person.first_name} ${learner.person.last_name} — позначку знято`,
    ]);
  });
});

describe('«Серія під загрозою»', () => {
  const streakNotes = async (person: Person) =>
    (await notificationsOf(t, person, 'streak')).map((n: { title: string; link: string }) => `${n.title} | ${n.link}`);
  const pushesOf = async (person: Person) =>
    t.app.services.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select('d.channel')
      .where('n.user_id', '=', person.user._id)
      .where('n.category', '=', 'streak')
      .execute();
  async function preferences(person: Person, change: Partial<typeof DEFAULT_NOTIFICATION_PREFERENCES>) {
    const body = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...change };
    const token = await tokenOf(person);
    expect((await t.api('PUT', '/api/notifications/preferences', { token, body })).status).toBe(200);
  }
  const tick = async (hour: number, minute = 0) => {
    at(2026, 5, 12, hour, minute);
    await t.app.services.notifications.tick();
  };

  it('at 20:00 Kyiv, once, to a running streak with nothing today; not when practised, broken, switched off; quiet hours drop the push', async () => {
    at(2026, 5, 4, 9);
    const atRisk = await signUp(t);
    const practised = await signUp(t);
    const broken = await signUp(t);
    const off = await signUp(t);
    const quiet = await signUp(t);
    await preferences(off, {
      categories: {
        ...DEFAULT_NOTIFICATION_PREFERENCES.categories,
        streak: { inApp: false, email: false, push: false },
      },
    });
    await preferences(quiet, { quietFrom: 19, quietTo: 8 });
    // `broken` last practised a week ago: six missed days are more than any freezes (no wave runs in May).
    at(2026, 5, 5, 9);
    await writeDiary(broken);
    for (const day of [10, 11]) {
      at(2026, 5, day, 9);
      for (const person of [atRisk, practised, off, quiet]) await writeDiary(person, `Запис ${day}`);
    }
    at(2026, 5, 12, 9);
    await writeDiary(practised, 'І сьогодні.');

    await tick(19, 59);
    expect(await streakNotes(atRisk)).toEqual([]);
    await tick(20, 0);
    await tick(20, 1);
    expect(await streakNotes(atRisk)).toEqual([`${HABIT_MESSAGES.reminderTitle(2)} | /uk`]);
    expect(await pushesOf(atRisk)).toEqual([{ channel: 'push' }]);
    expect(await streakNotes(practised)).toEqual([]);
    expect(await streakNotes(broken)).toEqual([]);
    expect(await streakNotes(off)).toEqual([]);
    // Quiet from 19:00: the push would wait until morning, past the day's end, so it is dropped.
    expect(await streakNotes(quiet)).toEqual([`${HABIT_MESSAGES.reminderTitle(2)} | /uk`]);
    expect(await pushesOf(quiet)).toEqual([]);

    // Practised later that evening; the next evening brings the next day's reminder.
    at(2026, 5, 12, 21);
    await writeDiary(atRisk, 'Встигла.');
    at(2026, 5, 13, 20, 5);
    await t.app.services.notifications.tick();
    expect(await streakNotes(atRisk)).toEqual(
      [HABIT_MESSAGES.reminderTitle(3), HABIT_MESSAGES.reminderTitle(2)].map((title) => `${title} | /uk`),
    );
  });
});
