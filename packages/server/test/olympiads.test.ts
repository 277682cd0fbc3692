import { OLYMPIAD_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byRank } from '../src/features/olympiads/service.js';
import { startTestApp, type TestApp } from './support/app.js';
import { DAY, signUp, staff } from './support/courses.js';
import { rightAnswersFor } from './support/game.js';
import { donateAndPay } from './support/liqpay.js';

let t: TestApp;
let admin: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function rightAnswers(olympiadId: string, userId: string): Promise<unknown[]> {
  const attempt = await t.app.services.db
    .selectFrom('olympiad_attempts')
    .select('tasks')
    .where('olympiad_id', '=', olympiadId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return rightAnswersFor(t, attempt.tasks);
}

describe('olympiads', () => {
  it('break ties by support level, then footprint', () => {
    const ranked = [
      { id: 'c', score: 50, level: 0, footprint: 10 },
      { id: 'b', score: 50, level: 0, footprint: 30 },
      { id: 'a', score: 50, level: 1.5, footprint: 0 },
      { id: 'top', score: 60, level: 0, footprint: 0 },
    ].sort(byRank);
    expect(ranked.map((r) => r.id)).toEqual(['top', 'a', 'b', 'c']);
  });

  it('are scheduled by admins; each participant gets one timed attempt; tables rank ties fairly', async () => {
    const body = {
      title: 'Осіння олімпіада',
      startsAt: t.clock.now() + DAY,
      endsAt: t.clock.now() + DAY + 2 * HOUR,
      durationMin: 20,
      taskCount: 5,
    };
    const learner = await signUp(t);
    expect((await t.api('POST', '/api/admin/olympiads', { token: learner.token, body })).status).toBe(403);
    const made = await t.api('POST', '/api/admin/olympiads', { token: admin, body });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ state: 'upcoming', taskCount: 5, myAttempt: null });
    const id = made.body._id;
    expect((await t.api('GET', '/api/olympiads', { token: learner.token })).body.next._id).toBe(id);
    const early = await t.api('POST', `/api/olympiads/${id}/start`, { token: learner.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(OLYMPIAD_MESSAGES.notOpen);

    // Three people answer everything right: the one who supports more, then the bigger footprint, wins.
    const supporter = await signUp(t);
    const leader = await signUp(t);
    const plain = await signUp(t);
    const invitee = await signUp(t, { inviterId: leader.user._id });
    // The leader's bigger footprint: a game round (an invitee brings points only once they start learning).
    const round = await t.api('POST', '/api/game/rounds', { token: leader.token });
    const { tasks: dealt } = await t.app.services.db
      .selectFrom('game_rounds')
      .select('tasks')
      .where('id', '=', round.body.roundId)
      .executeTakeFirstOrThrow();
    const played = await t.api('POST', `/api/game/rounds/${round.body.roundId}/answers`, {
      token: leader.token,
      body: { answers: await rightAnswersFor(t, dealt) },
    });
    expect(played.body.footprintPoints).toBeGreaterThan(0);
    await donateAndPay(t, supporter.token, 480);
    t.clock.advance(DAY + 1000);
    for (const person of [plain, leader, supporter]) {
      const attempt = await t.api('POST', `/api/olympiads/${id}/start`, { token: person.token });
      expect(attempt.status).toBe(200);
      expect(JSON.stringify(attempt.body)).not.toContain('"answers"');
      const again = await t.api('POST', `/api/olympiads/${id}/start`, { token: person.token });
      expect(again.body).toEqual(attempt.body);
      const answers = await rightAnswers(id, person.user._id);
      const scored = await t.api('POST', `/api/olympiads/${id}/answers`, { token: person.token, body: { answers } });
      expect(scored.body).toMatchObject({ score: 50, maxScore: 50, late: false });
      const twice = await t.api('POST', `/api/olympiads/${id}/answers`, { token: person.token, body: { answers } });
      expect(twice.status).toBe(409);
      expect((await t.api('POST', `/api/olympiads/${id}/start`, { token: person.token })).body.message).toBe(
        OLYMPIAD_MESSAGES.alreadyTaken,
      );
    }
    // The leader's invitee takes part too (and answers nothing): they make a team.
    await t.api('POST', `/api/olympiads/${id}/start`, { token: invitee.token });
    await t.api('POST', `/api/olympiads/${id}/answers`, { token: invitee.token, body: { answers: [] } });
    // Too slow: the personal limit is kept by the server.
    const slow = await signUp(t);
    await t.api('POST', `/api/olympiads/${id}/start`, { token: slow.token });
    const slowAnswers = await rightAnswers(id, slow.user._id);
    t.clock.advance(21 * 60 * 1000);
    const late = await t.api('POST', `/api/olympiads/${id}/answers`, {
      token: slow.token,
      body: { answers: slowAnswers },
    });
    expect(late.body).toMatchObject({ score: 0, late: true });

    t.clock.advance(2 * HOUR);
    const footprintBefore = (await t.api('GET', '/api/partners/indicators', { token: supporter.token })).body
      .ukrainianMark;
    const results = await t.api('GET', `/api/olympiads/${id}/results`, { token: leader.token });
    expect(results.body.olympiad.state).toBe('finished');
    expect(results.body.personal.map((p: { score: number }) => p.score)).toEqual([50, 50, 50, 0, 0]);
    const names = [supporter, leader, plain].map((p) => `${p.person.first_name} ${p.person.last_name.slice(0, 1)}.`);
    expect(results.body.personal.slice(0, 3).map((p: { name: string }) => p.name)).toEqual(names);
    expect(results.body.personal[1].isMe).toBe(true);
    expect(results.body.team).toEqual([{ place: 1, name: `Команда ${names[1]}`, score: 50, members: 2, isMe: true }]);
    // The winners' bonus lands once, however often the tables are read.
    await t.api('GET', `/api/olympiads/${id}/results`, { token: plain.token });
    const footprintAfter = (await t.api('GET', '/api/partners/indicators', { token: supporter.token })).body
      .ukrainianMark;
    expect(footprintAfter).toBe(footprintBefore + 50);
    const overview = await t.api('GET', '/api/olympiads', { token: plain.token });
    expect(overview.body.previous.olympiad._id).toBe(id);
  });

  it('show a finished attempt only its score while the olympiad runs, and the right answers once it is over', async () => {
    const startsAt = t.clock.now() + HOUR;
    const endsAt = startsAt + 2 * HOUR;
    const body = { title: 'Зимова олімпіада', startsAt, endsAt, durationMin: 20, taskCount: 5 };
    const id = (await t.api('POST', '/api/admin/olympiads', { token: admin, body })).body._id;
    const fast = await signUp(t);
    t.clock.advance(HOUR + 1000);
    await t.api('POST', `/api/olympiads/${id}/start`, { token: fast.token });
    const answers = await rightAnswers(id, fast.user._id);
    const scored = await t.api('POST', `/api/olympiads/${id}/answers`, { token: fast.token, body: { answers } });
    expect(scored.status).toBe(200);
    expect(scored.body).toMatchObject({ score: 50, maxScore: 50, late: false, results: [] });
    expect(scored.body.note).toMatch(/відповіді.*після завершення/i);
    // Nothing else shows them while others still play.
    const during = [
      scored,
      await t.api('GET', `/api/olympiads/${id}/results`, { token: fast.token }),
      await t.api('GET', '/api/olympiads', { token: fast.token }),
    ];
    for (const answer of during) {
      const payload = JSON.stringify(answer.body);
      for (const secret of ['"correct"', '"explanation"']) expect(payload).not.toContain(secret);
    }
    expect((await t.api('GET', `/api/olympiads/${id}/results`, { token: fast.token })).body.mine).toBeNull();

    // Just over, but a late answer may still land within its few seconds' grace: still hidden.
    t.clock.advance(endsAt + 1000 - t.clock.now());
    const grace = await t.api('GET', `/api/olympiads/${id}/results`, { token: fast.token });
    expect(grace.body.olympiad.state).toBe('finished');
    expect(grace.body.mine).toBeNull();
    // Past the grace: my answers, the right ones and why.
    t.clock.advance(10_000);
    const after = await t.api('GET', `/api/olympiads/${id}/results`, { token: fast.token });
    expect(after.body.olympiad.state).toBe('finished');
    expect(after.body.mine).toMatchObject({ score: 50, maxScore: 50, late: false, note: null });
    expect(after.body.mine.results).toHaveLength(5);
    for (const r of after.body.mine.results) {
      expect(r.points).toBe(10);
      expect(r.correct.length).toBeGreaterThan(0);
      expect(r.explanation.length).toBeGreaterThan(10);
    }
    // Someone who took no part sees the tables, but no attempt of theirs.
    const other = await signUp(t);
    expect((await t.api('GET', `/api/olympiads/${id}/results`, { token: other.token })).body.mine).toBeNull();
  });

  it('draw their tasks from the olympiad pool only', async () => {
    const body = {
      title: 'Весняна олімпіада',
      startsAt: t.clock.now() + HOUR,
      endsAt: t.clock.now() + 2 * HOUR,
      taskCount: 30,
    };
    const made = await t.api('POST', '/api/admin/olympiads', { token: admin, body });
    expect(made.status).toBe(201);
    const row = await t.app.services.db
      .selectFrom('olympiads')
      .select('task_ids')
      .where('id', '=', made.body._id)
      .executeTakeFirstOrThrow();
    const ids = JSON.parse(row.task_ids) as string[];
    const tasks = await t.app.services.db.selectFrom('game_tasks').select('body').where('id', 'in', ids).execute();
    expect(tasks.map((task) => JSON.parse(task.body).pool)).toEqual(ids.map(() => 'olympiad'));
  });
});
