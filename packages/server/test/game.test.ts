import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { GAME_DAILY_POINTS, GAME_ROUND_MS } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { kyivMidnight, signUp } from './support/courses.js';
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

const HOUR = 60 * 60 * 1000;
const GAME_CONTENT = fileURLToPath(new URL('../../../content/game', import.meta.url));

/** The ids the shipped task files put in the olympiad pool (read raw: what the author wrote). */
async function olympiadTaskIds(): Promise<Set<string>> {
  const files = (await readdir(GAME_CONTENT)).filter((f) => f.endsWith('.json'));
  const ids = new Set<string>();
  for (const file of files) {
    const list = JSON.parse(await readFile(`${GAME_CONTENT}/${file}`, 'utf8')) as { id: string; pool?: string }[];
    for (const task of list) if (task.pool === 'olympiad') ids.add(task.id);
  }
  return ids;
}

/** Starts a round and answers it all right; the server's answer. */
async function playPerfectRound(token: string) {
  const started = await t.api('POST', '/api/game/rounds', { token });
  const answers = await rightAnswers(started.body.roundId);
  return t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, { token, body: { answers } });
}

/** Moves the test clock to 01:00 Kyiv of a coming day, so a test's rounds all fall on one Kyiv day. */
function toEarlyKyivMorning(): void {
  t.clock.advance(kyivMidnight(t, 1) + HOUR - t.clock.now());
}

const footprint = async (token: string) =>
  (await t.api('GET', '/api/partners/indicators', { token })).body.ukrainianMark;

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
    const before = await footprint(token);
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
    expect(await footprint(token)).toBe(before + 70);

    // Sending again changes nothing: the same result, no second footprint row.
    const again = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: { answers: [] },
    });
    expect(again.body.score).toBe(70);
    expect(await footprint(token)).toBe(before + 70);
    const stats = await t.api('GET', '/api/game/me', { token });
    expect(stats.body).toMatchObject({ rounds: 1, totalPoints: 70, best: [{ score: 70 }] });
    const rating = await t.api('GET', '/api/game/rating', { token });
    expect(rating.body.players.find((p: { isMe: boolean }) => p.isMe)).toMatchObject({ best: 70 });
  });

  it('enforces the time limit on the server: late answers score nothing but show the right ones', async () => {
    const { token } = await signUp(t);
    const started = await t.api('POST', '/api/game/rounds', { token });
    const answers = await rightAnswers(started.body.roundId);
    const before = await footprint(token);
    t.clock.advance(GAME_ROUND_MS + 6000);
    const scored = await t.api('POST', `/api/game/rounds/${started.body.roundId}/answers`, {
      token,
      body: { answers },
    });
    expect(scored.body).toMatchObject({ score: 0, late: true });
    expect(scored.body.results.every((r: { correct: string }) => r.correct.length > 0)).toBe(true);
    expect(await footprint(token)).toBe(before);
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

  it('never deals a task of the olympiad pool', async () => {
    const olympiadIds = await olympiadTaskIds();
    expect(olympiadIds.size).toBeGreaterThanOrEqual(30);
    const { token, user } = await signUp(t);
    for (let i = 0; i < 15; i++) await t.api('POST', '/api/game/rounds', { token });
    const rounds = await t.app.services.db
      .selectFrom('game_rounds')
      .select('tasks')
      .where('user_id', '=', user._id)
      .execute();
    const dealt = rounds.flatMap((r) => (JSON.parse(r.tasks) as { id: string }[]).map((d) => d.id));
    expect(dealt).toHaveLength(15 * 7);
    expect(dealt.filter((id) => olympiadIds.has(id))).toEqual([]);
  });
});

describe('«Паляниця» daily footprint cap', () => {
  it(`adds at most ${GAME_DAILY_POINTS} points a Kyiv day; rounds past it still score and say so; the next day counts again`, async () => {
    toEarlyKyivMorning();
    const { token } = await signUp(t);
    const before = await footprint(token);
    const first = await playPerfectRound(token);
    expect(first.body).toMatchObject({ score: 70, footprintPoints: 70, dailyCapReached: false });
    const second = await playPerfectRound(token);
    expect(second.body).toMatchObject({ score: 70, footprintPoints: GAME_DAILY_POINTS - 70, dailyCapReached: true });
    const third = await playPerfectRound(token);
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ score: 70, footprintPoints: 0, dailyCapReached: true });
    expect(third.body.results).toHaveLength(7);
    expect(await footprint(token)).toBe(before + GAME_DAILY_POINTS);
    // The game's own tables still count every round in full.
    const stats = await t.api('GET', '/api/game/me', { token });
    expect(stats.body).toMatchObject({ rounds: 3, totalPoints: 210 });
    // Late in the same Kyiv day: still capped.
    t.clock.advance(21 * HOUR);
    expect((await playPerfectRound(token)).body.footprintPoints).toBe(0);
    // The next Kyiv day starts a new allowance.
    t.clock.advance(3 * HOUR);
    expect((await playPerfectRound(token)).body).toMatchObject({ footprintPoints: 70, dailyCapReached: false });
    expect(await footprint(token)).toBe(before + GAME_DAILY_POINTS + 70);
  });

  it('holds the cap when many rounds are handed in at once', async () => {
    toEarlyKyivMorning();
    const { token } = await signUp(t);
    const before = await footprint(token);
    const rounds = [];
    for (let i = 0; i < 6; i++) {
      const started = await t.api('POST', '/api/game/rounds', { token });
      rounds.push({ id: started.body.roundId as string, answers: await rightAnswers(started.body.roundId) });
    }
    const scored = await Promise.all(
      rounds.map((r) => t.api('POST', `/api/game/rounds/${r.id}/answers`, { token, body: { answers: r.answers } })),
    );
    for (const answer of scored) expect(answer.status).toBe(200);
    expect(scored.reduce((sum, a) => sum + a.body.footprintPoints, 0)).toBe(GAME_DAILY_POINTS);
    expect(await footprint(token)).toBe(before + GAME_DAILY_POINTS);
  });
});
