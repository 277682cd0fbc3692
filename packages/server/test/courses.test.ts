import { COURSE_MESSAGES, kyivIsoDate, WAVE_JOIN_DAYS } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, DAY, importFixtures, kyivMidnight, RIGHT_ANSWERS, signUp } from './support/courses.js';

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

describe('enrolment', () => {
  it('registration enrols a new learner in the starter courses only', async () => {
    const { user, token } = await signUp(t);
    expect(user.courses).toEqual([{ _id: alpha, title: 'Альфа' }]);
    const list = await t.api('GET', '/api/courses', { token });
    expect(list.status).toBe(200);
    const byId = Object.fromEntries(list.body.courses.map((c: { _id: string }) => [c._id, c]));
    expect(byId[alpha]).toMatchObject({ enrolled: true, wave: '1', lessonsTotal: 3, lessonsOpen: 1, lessonsDone: 0 });
    expect(byId[beta]).toMatchObject({ enrolled: false, lessonsTotal: 1 });
  });

  it('joins a course once: enrolling again changes nothing', async () => {
    const { token } = await signUp(t);
    const first = await t.api('POST', `/api/courses/${beta}/enroll`, { token });
    expect(first.status).toBe(200);
    expect(first.body.courses.map((c: { _id: string }) => c._id)).toEqual([alpha, beta]);
    const again = await t.api('POST', `/api/courses/${beta}/enroll`, { token });
    expect(again.body.courses).toEqual(first.body.courses);
    expect((await t.api('POST', '/api/courses/no-such-course/enroll', { token })).status).toBe(404);
  });
});

describe('course and lessons', () => {
  it('shows a learner their wave, the opening of each lesson, and nothing of closed lessons', async () => {
    const { token } = await signUp(t);
    const course = await t.api('GET', `/api/courses/${alpha}`, { token });
    expect(course.status).toBe(200);
    expect(course.body).toMatchObject({
      title: 'Альфа',
      wave: '1',
      currentWave: '1',
      nextWave: null,
      canManage: false,
    });
    expect(course.body.start).toBe(kyivMidnight(t));
    const [first, second, third] = course.body.lessons;
    expect(first).toMatchObject({ day: '1', isOpen: true, opensAt: kyivMidnight(t), scheduledDate: null });
    expect(first.content).toBe(`/api/courses/${alpha}/lessons/1/content`);
    expect(first.image).toBe('/media/alpha/pic.png');
    expect(first.audio).toEqual(['/media/alpha/pic.png', 'https://example.org/a.mp3']);
    expect(first.test.questions).toHaveLength(10);
    expect(first.theory).toContain('<table>');
    expect(second).toMatchObject({ day: '2', isOpen: false, opensAt: kyivMidnight(t, 1), theory: '', practice: '' });
    expect(second.test.questions).toEqual([]);
    expect(third.opensAt).toBe(kyivMidnight(t, 2));
    // Right answers and explanations never travel with the lesson.
    expect(JSON.stringify(course.body)).not.toMatch(/"answer"|Пояснення/);
  });

  it('serves open lesson content as sanitized HTML and closed content as 403 with its opening', async () => {
    const { token } = await signUp(t);
    const open = await t.api('GET', `/api/courses/${alpha}/lessons/1/content`, { token });
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toContain('text/html');
    expect(open.body).toContain('<h2>Вітаємо</h2>');
    expect(open.body).toContain('<img src="/media/alpha/pic.png"');
    const closed = await t.api('GET', `/api/courses/${alpha}/lessons/2/content`, { token });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toMatch(/^Урок відкриється о 00:00, \d+ [а-яі]+ \d{4}$/);
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/9/content`, { token })).status).toBe(404);
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/1/content`)).status).toBe(401);
  });

  it('opens lessons day by day as Kyiv midnights pass', async () => {
    const { token } = await signUp(t);
    const start = t.clock.now();
    try {
      t.clock.advance(kyivMidnight(t, 1) - start - 1);
      expect((await t.api('GET', `/api/courses/${alpha}/lessons/2/content`, { token })).status).toBe(403);
      t.clock.advance(1);
      expect((await t.api('GET', `/api/courses/${alpha}/lessons/2/content`, { token })).status).toBe(200);
      expect((await t.api('GET', `/api/courses/${alpha}/lessons/3/content`, { token })).status).toBe(403);
      const course = await t.api('GET', `/api/courses/${alpha}`, { token });
      expect(course.body.lessons.map((l: { isOpen: boolean }) => l.isOpen)).toEqual([true, true, false]);
    } finally {
      t.clock.advance(start - t.clock.now());
    }
  });

  it('keeps a course to its members: others get 403, unknown ids 404', async () => {
    const { token } = await signUp(t);
    for (const route of [`/api/courses/${beta}`, `/api/courses/${beta}/lessons/1/content`]) {
      const answer = await t.api('GET', route, { token });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBeTruthy();
    }
    const test = await t.api('POST', `/api/courses/${beta}/lessons/1/test`, {
      token,
      body: { answers: RIGHT_ANSWERS },
    });
    expect(test.status).toBe(403);
    expect((await t.api('GET', `/api/diary?courseId=${beta}&lessonId=1`, { token })).status).toBe(403);
    expect((await t.api('GET', '/api/courses/00000000-0000-4000-8000-00000000dead', { token })).status).toBe(404);
  });

  it('lets curators see every course and every lesson, closed ones included', async () => {
    const course = await t.api('GET', `/api/courses/${beta}`, { token: curatorToken });
    expect(course.status).toBe(200);
    expect(course.body.canManage).toBe(true);
    const alphaCourse = await t.api('GET', `/api/courses/${alpha}`, { token: curatorToken });
    expect(alphaCourse.body.lessons[2].theory).toContain('Теорія');
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/3/content`, { token: curatorToken })).status).toBe(200);
  });
});

describe('curator tools', () => {
  it('schedules a lesson to open now; the learner sees it at once; clearing closes it again', async () => {
    const { token } = await signUp(t);
    const now = t.clock.now();
    const scheduled = await t.api('PATCH', '/api/courses/lesson/date', {
      token: curatorToken,
      body: { courseId: alpha, lessonId: '3', scheduledDate: now - 60_000 },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toEqual({ lessonId: '3', scheduledDate: now - 60_000 });
    const course = await t.api('GET', `/api/courses/${alpha}`, { token });
    expect(course.body.lessons[2]).toMatchObject({ isOpen: true, scheduledDate: now - 60_000, opensAt: now - 60_000 });
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/3/content`, { token })).status).toBe(200);

    const cleared = await t.api('PATCH', '/api/courses/lesson/date', {
      token: curatorToken,
      body: { courseId: alpha, lessonId: 3, scheduledDate: null },
    });
    expect(cleared.body).toEqual({ lessonId: '3', scheduledDate: null });
    expect((await t.api('GET', `/api/courses/${alpha}/lessons/3/content`, { token })).status).toBe(403);
  });

  it('refuses learners every curator call and changes nothing', async () => {
    const { token } = await signUp(t);
    const schedule = await t.api('PATCH', '/api/courses/lesson/date', {
      token,
      body: { courseId: alpha, lessonId: '2', scheduledDate: t.clock.now() - 1 },
    });
    expect(schedule.status).toBe(403);
    const next = await t.api('PATCH', '/api/courses/next', {
      token,
      body: { courseId: alpha, nextWave: '99', nextStart: t.clock.now() + DAY },
    });
    expect(next.status).toBe(403);
    const course = await t.api('GET', `/api/courses/${alpha}`, { token });
    expect(course.body.nextWave).toBeNull();
    expect(course.body.lessons[1].isOpen).toBe(false);
  });

  it('validates announcements: both fields or neither, a future start, an unused number', async () => {
    const call = (body: Record<string, unknown>) =>
      t.api('PATCH', '/api/courses/next', { token: curatorToken, body: { courseId: alpha, ...body } });
    expect((await call({ nextWave: '2', nextStart: null })).status).toBe(400);
    expect((await call({ nextWave: '2', nextStart: t.clock.now() - 1 })).status).toBe(400);
    expect((await call({ nextWave: '1', nextStart: t.clock.now() + DAY })).status).toBe(409);
    expect((await call({ nextWave: '<b>', nextStart: t.clock.now() + DAY })).status).toBe(400);
    expect(
      (
        await t.api('PATCH', '/api/courses/next', {
          token: curatorToken,
          body: { courseId: 'nope', nextWave: '2', nextStart: t.clock.now() + DAY },
        })
      ).status,
    ).toBe(404);
  });
});

describe('curator tools take ISO 8601 instants besides milliseconds (issue 24)', () => {
  it('schedules a lesson and announces a wave from ISO strings; the answers stay in milliseconds', async () => {
    const opensAt = t.clock.now() - 60_000;
    const scheduled = await t.api('PATCH', '/api/courses/lesson/date', {
      token: curatorToken,
      body: { courseId: alpha, lessonId: '2', scheduledDate: new Date(opensAt).toISOString() },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toEqual({ lessonId: '2', scheduledDate: opensAt });

    // A date alone is its Kyiv midnight.
    const start = kyivMidnight(t, 5);
    const announced = await t.api('PATCH', '/api/courses/next', {
      token: curatorToken,
      body: { courseId: beta, nextWave: '77', nextStart: kyivIsoDate(start) },
    });
    expect(announced.status).toBe(200);
    expect(announced.body).toEqual({ _id: beta, nextWave: '77', nextStart: start });

    const refused = await t.api('PATCH', '/api/courses/next', {
      token: curatorToken,
      body: { courseId: beta, nextWave: '78', nextStart: 'завтра' },
    });
    expect(refused.status).toBe(400);
    expect((await t.api('GET', `/api/courses/${beta}`, { token: curatorToken })).body).toMatchObject({
      nextWave: '77',
      nextStart: start,
    });
    await t.api('PATCH', '/api/courses/next', {
      token: curatorToken,
      body: { courseId: beta, nextWave: null, nextStart: null },
    });
    await t.api('PATCH', '/api/courses/lesson/date', {
      token: curatorToken,
      body: { courseId: alpha, lessonId: '2', scheduledDate: null },
    });
  });
});

describe('waves', () => {
  it('enrols newcomers in the announced wave, rolls it over at its start, and withdraws it', async () => {
    const fresh = await startTestApp();
    try {
      const { beta: course } = await importFixtures(fresh);
      const boss = await curator(fresh);
      const { token: early } = await signUp(fresh);
      await fresh.api('POST', `/api/courses/${course}/enroll`, { token: early });
      const nextStart = kyivMidnight(fresh, 3);
      const announced = await fresh.api('PATCH', '/api/courses/next', {
        token: boss,
        body: { courseId: course, nextWave: 8, nextStart },
      });
      expect(announced.status).toBe(200);
      expect(announced.body).toEqual({ _id: course, nextWave: '8', nextStart });

      const { token: late } = await signUp(fresh);
      await fresh.api('POST', `/api/courses/${course}/enroll`, { token: late });
      const lateView = await fresh.api('GET', `/api/courses/${course}`, { token: late });
      expect(lateView.body).toMatchObject({ wave: '8', start: nextStart, currentWave: '7', nextWave: '8' });
      expect(lateView.body.lessons[0]).toMatchObject({ isOpen: false, opensAt: nextStart });
      expect((await fresh.api('GET', `/api/courses/${course}`, { token: early })).body.wave).toBe('7');

      // The start arrives while the server sleeps: reads apply the rule before any job runs.
      fresh.clock.advance(nextStart - fresh.clock.now() + 1000);
      const rolled = await fresh.api('GET', `/api/courses/${course}`, { token: boss });
      expect(rolled.body).toMatchObject({ wave: '8', currentWave: '8', nextWave: null, nextStart: null });
      const stored = () =>
        fresh.app.services.db
          .selectFrom('courses')
          .select(['current_wave', 'next_wave'])
          .where('id', '=', course)
          .executeTakeFirstOrThrow();
      expect(await stored()).toEqual({ current_wave: '7', next_wave: '8' });
      expect(await fresh.app.services.courses.rollOverWaves()).toBe(1);
      expect(await stored()).toEqual({ current_wave: '8', next_wave: null });
      expect((await fresh.api('GET', `/api/courses/${course}/lessons/1/content`, { token: late })).status).toBe(200);

      // Announce wave 9, enrol someone into it, withdraw: they join the current wave instead.
      await fresh.api('PATCH', '/api/courses/next', {
        token: boss,
        body: { courseId: course, nextWave: '9', nextStart: fresh.clock.now() + 5 * 86_400_000 },
      });
      const { token: undecided } = await signUp(fresh);
      await fresh.api('POST', `/api/courses/${course}/enroll`, { token: undecided });
      expect((await fresh.api('GET', `/api/courses/${course}`, { token: undecided })).body.wave).toBe('9');
      const withdrawn = await fresh.api('PATCH', '/api/courses/next', {
        token: boss,
        body: { courseId: course, nextWave: null, nextStart: null },
      });
      expect(withdrawn.body).toEqual({ _id: course, nextWave: null, nextStart: null });
      expect((await fresh.api('GET', `/api/courses/${course}`, { token: undecided })).body.wave).toBe('8');
    } finally {
      await fresh.close();
    }
  });
});

describe('choosing the wave when joining', () => {
  it('offers the running wave in its first days and the announced next one, and joins the chosen one', async () => {
    const fresh = await startTestApp();
    try {
      const { beta: course } = await importFixtures(fresh);
      const boss = await curator(fresh);
      const nextStart = kyivMidnight(fresh, 3);
      await fresh.api('PATCH', '/api/courses/next', {
        token: boss,
        body: { courseId: course, nextWave: '8', nextStart },
      });
      const { token } = await signUp(fresh);
      const list = await fresh.api('GET', '/api/courses', { token });
      const item = list.body.courses.find((c: { _id: string }) => c._id === course);
      const joinUntil = kyivMidnight(fresh, WAVE_JOIN_DAYS);
      expect(item.joinWaves).toEqual([
        { wave: '7', start: kyivMidnight(fresh), joinUntil },
        { wave: '8', start: nextStart, joinUntil: null },
      ]);

      const joined = await fresh.api('POST', `/api/courses/${course}/enroll`, { token, body: { wave: '7' } });
      expect(joined.status).toBe(200);
      const view = await fresh.api('GET', `/api/courses/${course}`, { token });
      expect(view.body).toMatchObject({ wave: '7', currentWave: '7', nextWave: '8' });
      expect(view.body.lessons[0]).toMatchObject({ isOpen: true });
      const after = await fresh.api('GET', '/api/courses', { token });
      expect(after.body.courses.find((c: { _id: string }) => c._id === course)).toMatchObject({
        enrolled: true,
        wave: '7',
        joinWaves: [],
      });

      // The next wave can be chosen too; asking again for another wave changes nothing.
      const { token: patient } = await signUp(fresh);
      await fresh.api('POST', `/api/courses/${course}/enroll`, { token: patient, body: { wave: '8' } });
      expect((await fresh.api('GET', `/api/courses/${course}`, { token: patient })).body.wave).toBe('8');
      const again = await fresh.api('POST', `/api/courses/${course}/enroll`, { token: patient, body: { wave: '7' } });
      expect(again.status).toBe(200);
      expect((await fresh.api('GET', `/api/courses/${course}`, { token: patient })).body.wave).toBe('8');
    } finally {
      await fresh.close();
    }
  });

  it('closes the running wave to newcomers after its first days, on the server too', async () => {
    const fresh = await startTestApp();
    try {
      const { beta: course } = await importFixtures(fresh);
      const boss = await curator(fresh);
      // The last moment of the running wave's first days: it may still be chosen.
      fresh.clock.advance(kyivMidnight(fresh, WAVE_JOIN_DAYS) - fresh.clock.now() - 1);
      await fresh.api('PATCH', '/api/courses/next', {
        token: boss,
        body: { courseId: course, nextWave: '8', nextStart: kyivMidnight(fresh, 5) },
      });
      const { token: lastMinute } = await signUp(fresh);
      const inTime = await fresh.api('POST', `/api/courses/${course}/enroll`, {
        token: lastMinute,
        body: { wave: '7' },
      });
      expect(inTime.status).toBe(200);

      fresh.clock.advance(1);
      const { token } = await signUp(fresh);
      const list = await fresh.api('GET', '/api/courses', { token });
      const item = list.body.courses.find((c: { _id: string }) => c._id === course);
      expect(item.joinWaves.map((w: { wave: string }) => w.wave)).toEqual(['8']);
      const late = await fresh.api('POST', `/api/courses/${course}/enroll`, { token, body: { wave: '7' } });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(COURSE_MESSAGES.waveClosed('7', WAVE_JOIN_DAYS));
      const unknown = await fresh.api('POST', `/api/courses/${course}/enroll`, { token, body: { wave: '99' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(COURSE_MESSAGES.waveUnknown);
      const bad = await fresh.api('POST', `/api/courses/${course}/enroll`, { token, body: { wave: 'сім сім' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^Хвиля:/);
      // None of the refusals enrolled anybody.
      expect((await fresh.api('GET', `/api/courses/${course}`, { token })).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  it('keeps the old call: without a choice, the announced next wave even when the running one is young', async () => {
    const fresh = await startTestApp();
    try {
      const { beta: course } = await importFixtures(fresh);
      const { token: alone } = await signUp(fresh);
      const only = await fresh.api('GET', '/api/courses', { token: alone });
      // With no next wave there is one wave to join, whatever its age.
      expect(only.body.courses.find((c: { _id: string }) => c._id === course).joinWaves).toEqual([
        { wave: '7', start: kyivMidnight(fresh), joinUntil: null },
      ]);
      const boss = await curator(fresh);
      await fresh.api('PATCH', '/api/courses/next', {
        token: boss,
        body: { courseId: course, nextWave: '8', nextStart: kyivMidnight(fresh, 3) },
      });
      const { token } = await signUp(fresh);
      for (const body of [undefined, {}]) {
        const { token: who } = body ? await signUp(fresh) : { token };
        const joined = await fresh.api('POST', `/api/courses/${course}/enroll`, { token: who, body });
        expect(joined.status).toBe(200);
        expect((await fresh.api('GET', `/api/courses/${course}`, { token: who })).body.wave).toBe('8');
      }
    } finally {
      await fresh.close();
    }
  });
});
