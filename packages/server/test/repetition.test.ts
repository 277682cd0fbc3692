import { type AuthoredTask, GAME_DAILY_POINTS, GAME_ROUND_MS, REPETITION_MESSAGES } from '@yedyni/contract';
import { fsrs, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCard } from '../src/features/game/repetition.js';
import type { Layout } from '../src/features/game/tasks.js';
import { startTestApp, type TestApp } from './support/app.js';
import { DAY, importFixtures, kyivMidnight, RIGHT_ANSWERS, signUp, staff } from './support/courses.js';
import { fullMarksAnswer, rightAnswersFor } from './support/game.js';

let t: TestApp;
let alpha: string;
let admin: string;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.services.db;

const cardsOf = (userId: string) =>
  db().selectFrom('repetition_cards').selectAll().where('user_id', '=', userId).orderBy('card_key').execute();

/** Plays a round: the first `right` tasks answered right, the rest answered wrong (an empty answer). */
async function playRound(token: string, right: number) {
  const started = await t.api('POST', '/api/game/rounds', { token });
  const round = await db()
    .selectFrom('game_rounds')
    .select('tasks')
    .where('id', '=', started.body.roundId)
    .executeTakeFirstOrThrow();
  const full = await rightAnswersFor(t, round.tasks);
  const answers = full.map((a, i) => (i < right ? a : {}));
  const ids = (JSON.parse(round.tasks) as { id: string }[]).map((d) => d.id);
  return { roundId: started.body.roundId as string, answers, ids };
}

const submitRound = (token: string, roundId: string, answers: unknown[]) =>
  t.api('POST', `/api/game/rounds/${roundId}/answers`, { token, body: { answers } });

/** The full-marks answers of a session, read where only the server keeps its layout. */
async function sessionAnswers(sessionId: string): Promise<unknown[]> {
  const session = await db()
    .selectFrom('repetition_sessions')
    .select('tasks')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const rows = await db().selectFrom('game_tasks').select(['id', 'body']).execute();
  const bodies = new Map(rows.map((r) => [`task:${r.id}`, JSON.parse(r.body) as AuthoredTask]));
  return (JSON.parse(session.tasks) as { key: string; layout: Layout }[]).map(({ key, layout }) => {
    if (key.startsWith('selftest:')) return { choices: [RIGHT_ANSWERS[Number(key.split(':').pop())]] };
    return fullMarksAnswer(bodies.get(key) as AuthoredTask, layout);
  });
}

const footprintToday = async (userId: string) => {
  const rows = await db()
    .selectFrom('mark_entries')
    .select(['source_key', 'points', 'date'])
    .where('user_id', '=', userId)
    .execute();
  return rows
    .filter((r) => /^(game|repetition):/.test(r.source_key) && r.date >= kyivMidnight(t))
    .reduce((sum, r) => sum + Number(r.points), 0);
};

/** Moves the test clock to 01:00 Kyiv of a coming day, so a test's rounds all fall on one Kyiv day. */
function toEarlyKyivMorning(): void {
  t.clock.advance(kyivMidnight(t, 1) + HOUR - t.clock.now());
}

describe('«Повторення»: cards from one’s own mistakes', () => {
  it('a wrong or partly right game answer makes a card, a right one does not; late and blank rounds none', async () => {
    const { token, user } = await signUp(t);
    const { roundId, answers, ids } = await playRound(token, 3);
    expect((await submitRound(token, roundId, answers)).status).toBe(200);
    const cards = await cardsOf(user._id);
    expect(cards.map((c) => c.card_key).sort()).toEqual(
      ids
        .slice(3)
        .map((id) => `task:${id}`)
        .sort(),
    );
    expect(cards.every((c) => c.source === 'task' && c.state === 0 && c.due === t.clock.now())).toBe(true);

    const late = await playRound(token, 0);
    t.clock.advance(GAME_ROUND_MS + MINUTE);
    await submitRound(token, late.roundId, late.answers);
    const blank = await playRound(token, 0);
    await submitRound(
      token,
      blank.roundId,
      blank.answers.map(() => null),
    );
    const after = await cardsOf(user._id);
    expect(after.map((c) => c.card_key)).toEqual(cards.map((c) => c.card_key));
    // Nothing lapsed either: no grading was logged.
    const logs = await db()
      .selectFrom('repetition_logs')
      .select('id')
      .where(
        'card_id',
        'in',
        after.map((c) => c.id),
      )
      .execute();
    expect(logs).toHaveLength(0);
  });

  it('a self-test’s wrong and blank answers become cards (first attempt and retakes), played as a quiz', async () => {
    const { token, user } = await signUp(t);
    const answers: (number | null)[] = RIGHT_ANSWERS.map((a, i) => (i < 7 ? a : (a + 1) % 3));
    answers[9] = null;
    const scored = await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers } });
    expect(scored.status).toBe(200);
    const keys = (await cardsOf(user._id)).map((c) => c.card_key);
    expect(keys).toEqual([7, 8, 9].map((i) => `selftest:${alpha}:1:${i}`));
    // A retake counts for nothing else, but what it got wrong is still worth repeating.
    const retake = RIGHT_ANSWERS.map((a, i) => (i === 0 ? (a + 1) % 3 : a));
    expect(
      (await t.api('POST', `/api/courses/${alpha}/lessons/1/test`, { token, body: { answers: retake } })).status,
    ).toBe(200);
    expect((await cardsOf(user._id)).map((c) => c.card_key)).toEqual(
      [0, 7, 8, 9].map((i) => `selftest:${alpha}:1:${i}`),
    );

    const session = await t.api('POST', '/api/game/repetition/sessions', { token });
    expect(session.status).toBe(201);
    expect(session.body.tasks).toHaveLength(4);
    expect(session.body.tasks[0]).toMatchObject({ type: 'quiz', multiple: false });
    expect(JSON.stringify(session.body)).not.toContain('"answers"');
    const right = await sessionAnswers(session.body.sessionId);
    const result = await t.api('POST', `/api/game/repetition/sessions/${session.body.sessionId}/answers`, {
      token,
      body: { answers: right },
    });
    expect(result.body).toMatchObject({ score: 40, maxScore: 40 });
    expect(result.body.results[0].correct.length).toBeGreaterThan(0);
  });

  it('an olympiad’s mistakes become cards only after it ends, exactly once across concurrent ticks and instances', async () => {
    const startsAt = t.clock.now() + HOUR;
    const made = await t.api('POST', '/api/admin/olympiads', {
      token: admin,
      body: { title: 'Олімпіада повторення', startsAt, endsAt: startsAt + 2 * HOUR, durationMin: 20, taskCount: 5 },
    });
    expect(made.status).toBe(201);
    const id = made.body._id as string;
    t.clock.advance(HOUR + MINUTE);
    const learner = await signUp(t);
    const started = await t.api('POST', `/api/olympiads/${id}/start`, { token: learner.token });
    expect(started.status).toBe(200);
    const attempt = await db()
      .selectFrom('olympiad_attempts')
      .select('tasks')
      .where('olympiad_id', '=', id)
      .where('user_id', '=', learner.user._id)
      .executeTakeFirstOrThrow();
    const full = await rightAnswersFor(t, attempt.tasks);
    const answers = full.map((a, i) => (i < 2 ? a : {}));
    expect(
      (await t.api('POST', `/api/olympiads/${id}/answers`, { token: learner.token, body: { answers } })).status,
    ).toBe(200);

    // Finished, but the olympiad runs: its answers are secret, so no card may reveal them.
    expect(await t.app.services.olympiads.cardMistakes(t.clock.now())).toBe(0);
    expect(await cardsOf(learner.user._id)).toHaveLength(0);

    t.clock.advance(2 * HOUR);
    const other = await startTestApp({}, { sharing: t });
    try {
      const now = t.clock.now();
      const ticks = [t, other, t].map((app) => () => app.app.services.olympiads.cardMistakes(now));
      // Two instances over one SQLite file in one process would block each other's synchronous
      // driver: there they tick one after the other; on PostgreSQL at once.
      const carded = process.env.TEST_DATABASE_URL
        ? await Promise.all(ticks.map((tick) => tick()))
        : [await Promise.all([ticks[0]?.(), ticks[2]?.()]), await ticks[1]?.()].flat();
      expect(carded.reduce((a: number, b) => a + (b ?? 0), 0)).toBe(1);
    } finally {
      await other.close();
    }
    const ids = (JSON.parse(attempt.tasks) as { id: string }[]).map((d) => d.id);
    const cards = await cardsOf(learner.user._id);
    expect(cards.map((c) => c.card_key).sort()).toEqual(
      ids
        .slice(2)
        .map((taskId) => `task:${taskId}`)
        .sort(),
    );
    expect(await t.app.services.olympiads.cardMistakes(t.clock.now())).toBe(0);
    expect(await cardsOf(learner.user._id)).toHaveLength(3);
  });
});

describe('«Повторення» sessions', () => {
  it('deal only the caller’s due cards; FSRS state persisted: Good moves the due on, Again keeps it soon', async () => {
    const me = await signUp(t);
    const stranger = await signUp(t);
    const { roundId, answers } = await playRound(me.token, 3);
    await submitRound(me.token, roundId, answers);
    const before = await cardsOf(me.user._id);
    expect(before).toHaveLength(4);

    const none = await t.api('POST', '/api/game/repetition/sessions', { token: stranger.token });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(REPETITION_MESSAGES.nothingDue);
    expect((await t.api('GET', '/api/game/repetition', { token: me.token })).body).toEqual({
      due: 4,
      total: 4,
      nextDue: before[0]?.due,
    });

    t.clock.advance(MINUTE);
    const session = await t.api('POST', '/api/game/repetition/sessions', { token: me.token });
    expect(session.status).toBe(201);
    expect(session.body.tasks.map((p: { id: string }) => p.id).sort()).toEqual(before.map((c) => c.card_key).sort());

    // Someone else can neither answer nor learn anything of my session.
    const foreign = await t.api('POST', `/api/game/repetition/sessions/${session.body.sessionId}/answers`, {
      token: stranger.token,
      body: { answers: [] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(REPETITION_MESSAGES.sessionNotFound);

    // Two right, two wrong: the server scores, and grades each card with FSRS.
    const right = await sessionAnswers(session.body.sessionId);
    const mixed = right.map((a, i) => (i < 2 ? a : {}));
    const now = t.clock.now();
    const result = await t.api('POST', `/api/game/repetition/sessions/${session.body.sessionId}/answers`, {
      token: me.token,
      body: { answers: mixed },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ score: 20, maxScore: 40, footprintPoints: 20, dueLeft: 0 });
    for (const r of result.body.results) expect(r.explanation.length).toBeGreaterThan(0);

    const dealtKeys = session.body.tasks.map((p: { id: string }) => p.id) as string[];
    const after = new Map((await cardsOf(me.user._id)).map((c) => [c.card_key, c]));
    const scheduler = fsrs();
    for (const [i, key] of dealtKeys.entries()) {
      const old = before.find((c) => c.card_key === key);
      const now_ = after.get(key);
      if (!old || !now_) throw new Error(`card ${key} missing`);
      const rating = i < 2 ? Rating.Good : Rating.Again;
      const expected = scheduler.next(toCard(old), new Date(now), rating).card;
      expect(Number(now_.due)).toBe(expected.due.getTime());
      expect(now_.reps).toBe(1);
      expect(now_.state).toBe(expected.state);
      expect(Number(now_.stability)).toBeCloseTo(expected.stability, 6);
      if (rating === Rating.Good) expect(Number(now_.due)).toBeGreaterThan(now + 5 * MINUTE);
      else expect(Number(now_.due)).toBeLessThanOrEqual(now + 5 * MINUTE);
    }
    const logs = await db()
      .selectFrom('repetition_logs')
      .selectAll()
      .where('session_id', '=', session.body.sessionId)
      .execute();
    expect(logs.map((l) => l.rating).sort()).toEqual([Rating.Again, Rating.Again, Rating.Good, Rating.Good]);

    // Nothing due right now; the Again cards come back within minutes, the Good ones later.
    expect((await t.api('POST', '/api/game/repetition/sessions', { token: me.token })).status).toBe(404);
    t.clock.advance(2 * MINUTE);
    const soon = await t.api('POST', '/api/game/repetition/sessions', { token: me.token });
    expect(soon.body.tasks.map((p: { id: string }) => p.id).sort()).toEqual(dealtKeys.slice(2).sort());
  });

  it('a card answered wrong again outside «Повторення» is graded Again (a lapse)', async () => {
    const me = await signUp(t);
    const first = await playRound(me.token, 6);
    await submitRound(me.token, first.roundId, first.answers);
    const [card] = await cardsOf(me.user._id);
    if (!card) throw new Error('no card');
    t.clock.advance(MINUTE);
    // Rounds are random: play until that task comes again, answered wrong.
    for (let i = 0; i < 60; i++) {
      const round = await playRound(me.token, 0);
      const wrongOnlyThere = round.ids.map((taskId, j) =>
        `task:${taskId}` === card.card_key ? {} : (round.answers[j] as unknown),
      );
      if (round.ids.some((taskId) => `task:${taskId}` === card.card_key)) {
        await submitRound(me.token, round.roundId, wrongOnlyThere);
        break;
      }
    }
    const lapsed = (await cardsOf(me.user._id)).find((c) => c.id === card.id);
    const logs = await db().selectFrom('repetition_logs').selectAll().where('card_id', '=', card.id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ rating: Rating.Again, session_id: null });
    const expected = fsrs().next(toCard(card), new Date(logs[0]?.reviewed_at ?? 0), Rating.Again).card;
    expect(Number(lapsed?.due)).toBe(expected.due.getTime());
  });

  it('scores once under repeated and concurrent submission', async () => {
    const me = await signUp(t);
    const { roundId, answers } = await playRound(me.token, 4);
    await submitRound(me.token, roundId, answers);
    const session = await t.api('POST', '/api/game/repetition/sessions', { token: me.token });
    const right = await sessionAnswers(session.body.sessionId);
    const url = `/api/game/repetition/sessions/${session.body.sessionId}/answers`;
    const results = await Promise.all(
      [0, 1, 2].map((i) => t.api('POST', url, { token: me.token, body: { answers: i === 0 ? right : [] } })),
    );
    const scores = results.map((r) => r.body.score);
    expect(new Set(scores).size).toBe(1);
    const again = await t.api('POST', url, { token: me.token, body: { answers: right } });
    expect(again.body.score).toBe(scores[0]);
    const rows = await db()
      .selectFrom('mark_entries')
      .select('points')
      .where('source_key', '=', `repetition:${session.body.sessionId}`)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    const logs = await db()
      .selectFrom('repetition_logs')
      .select('id')
      .where('session_id', '=', session.body.sessionId)
      .execute();
    expect(logs).toHaveLength(3);
    const practice = await db()
      .selectFrom('practice_events')
      .select(['kind'])
      .where('source_key', '=', `repetition:${session.body.sessionId}`)
      .execute();
    // The first submission to take the lock wins; an empty one is not practice, so the day counts
    // exactly when the answered submission won.
    expect(practice).toEqual(scores[0] > 0 ? [{ kind: 'repetition' }] : []);
  });

  it('shares the game’s daily cap: game and «Повторення» together count at most 100 a day, concurrently', async () => {
    toEarlyKyivMorning();
    const me = await signUp(t);
    const first = await playRound(me.token, 3);
    expect((await submitRound(me.token, first.roundId, first.answers)).body.footprintPoints).toBe(30);
    const second = await playRound(me.token, 7);
    const session = await t.api('POST', '/api/game/repetition/sessions', { token: me.token });
    expect(session.body.tasks).toHaveLength(4);
    const right = await sessionAnswers(session.body.sessionId);
    // 30 counted, then a perfect round (70) and a perfect session (40) at once: 100 at most.
    const [round, repetition] = await Promise.all([
      submitRound(me.token, second.roundId, second.answers),
      t.api('POST', `/api/game/repetition/sessions/${session.body.sessionId}/answers`, {
        token: me.token,
        body: { answers: right },
      }),
    ]);
    expect(round.body.score).toBe(70);
    expect(repetition.body.score).toBe(40);
    expect(round.body.footprintPoints + repetition.body.footprintPoints).toBe(GAME_DAILY_POINTS - 30);
    // Whichever takes the lock first counts in full. A round first fills the cap (30 + 70) and
    // leaves the session nothing; a session first (30 + 40) does not, and the round then fills it.
    const sessionFirst = repetition.body.footprintPoints === 40;
    expect(round.body.footprintPoints).toBe(sessionFirst ? 30 : 70);
    expect(round.body.dailyCapReached).toBe(true);
    expect(repetition.body.dailyCapReached).toBe(!sessionFirst);
    expect(await footprintToday(me.user._id)).toBe(GAME_DAILY_POINTS);
    expect(repetition.body.dueLeft).toBe(0);
    t.clock.advance(DAY);
  });
});
