import { GAME_ROUND_MS } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { signUp } from './support/courses.js';
import { rightAnswersFor } from './support/game.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The right answers of a round, read where only the server keeps them. */
async function rightAnswers(roundId: string): Promise<unknown[]> {
  const round = await t.app.services.db
    .selectFrom('game_rounds')
    .select('tasks')
    .where('id', '=', roundId)
    .executeTakeFirstOrThrow();
  return rightAnswersFor(t, round.tasks);
}

const mark = async (token: string) => (await t.api('GET', '/api/partners/indicators', { token })).body.ukrainianMark;

describe('«Паляниця»', () => {
  it('deals 7 tasks without their answers, scores the right ones in full, once, into the footprint', async () => {
    const { token } = await signUp(t);
    const started = await t.api('POST', '/api/game/rounds', { token });
    expect(started.status).toBe(201);
    expect(started.body.tasks).toHaveLength(7);
    expect(started.body.deadline).toBe(t.clock.now() + GAME_ROUND_MS);
    const payload = JSON.stringify(started.body);
    for (const secret of ['"answers"', '"explanation"', '"pairs"', '"wrong"', '"correction"']) {
      expect(payload).not.toContain(secret);
    }
    const before = await mark(token);
    const answers = await rightAnswers(started.body.roundId);
    t.clock.advance(GAME_ROUND_MS - 1000);
    const scored = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: { answers },
    });
    expect(scored.status).toBe(200);
    expect(scored.body).toMatchObject({ score: 70, maxScore: 70, late: false });
    expect(scored.body.results).toHaveLength(7);
    for (const r of scored.body.results) expect(r.explanation.length).toBeGreaterThan(10);
    expect(await mark(token)).toBe(before + 70);

    // Sending again changes nothing: the same result, no second footprint row.
    const again = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: { answers: [] },
    });
    expect(again.body.score).toBe(70);
    expect(await mark(token)).toBe(before + 70);
    const stats = await t.api('GET', '/api/game/me', { token });
    expect(stats.body).toMatchObject({ rounds: 1, totalPoints: 70, best: [{ score: 70 }] });
    const rating = await t.api('GET', '/api/game/rating', { token });
    expect(rating.body.players.find((p: { isMe: boolean }) => p.isMe)).toMatchObject({ best: 70 });
  });

  it('enforces the time limit on the server: late answers score nothing but show the right ones', async () => {
    const { token } = await signUp(t);
    const started = await t.api('POST', '/api/game/rounds', { token });
    const answers = await rightAnswers(started.body.roundId);
    const before = await mark(token);
    t.clock.advance(GAME_ROUND_MS + 6000);
    const scored = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: { answers },
    });
    expect(scored.body).toMatchObject({ score: 0, late: true });
    expect(scored.body.results.every((r: { correct: string }) => r.correct.length > 0)).toBe(true);
    expect(await mark(token)).toBe(before);
  });

  it('scores malformed answers as 0 and keeps rounds private', async () => {
    const { token } = await signUp(t);
    const other = await signUp(t);
    const started = await t.api('POST', '/api/game/rounds', { token });
    const stranger = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token: other.token,
      body: { answers: [] },
    });
    expect(stranger.status).toBe(404);
    const junk = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: {
        answers: [null, 'все', { choices: 'усі' }, { matches: [99] }, { text: 7 }, { order: [0, 0] }, { index: -1 }],
      },
    });
    expect(junk.status).toBe(200);
    expect(junk.body.score).toBe(0);
    const notList = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: { answers: 'x' },
    });
    expect(notList.status).toBe(400);
  });
});
