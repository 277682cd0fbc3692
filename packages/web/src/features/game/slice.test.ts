import { configureStore } from '@reduxjs/toolkit';
import type { GameStats, Round, RoundResult } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { scoreOfTwo } from '../../test/fixtures';
import { deferred, json, mockApi } from '../../test/mockApi';
import {
  answerTask,
  fetchGameRating,
  fetchGameStats,
  gameReducer,
  initialGameState,
  leaveRound,
  startRound,
  submitRound,
} from './slice';
import type { GameState } from './types';

const round: Round = {
  roundId: 'r-1',
  deadline: Date.UTC(2026, 2, 3, 10, 7),
  tasks: [
    { id: 'a', type: 'quiz', level: 1, prompt: 'Питання', options: ['так', 'ні'], multiple: false },
    { id: 'b', type: 'error', level: 1, prompt: 'Помилка', words: ['Я', 'приймаю', 'участь'] },
  ],
};
const played = { ...round, receivedAt: Date.UTC(2026, 2, 3, 10, 0) };
const result: RoundResult = {
  roundId: 'r-1',
  ...scoreOfTwo(['так', 'Бо так.'], ['приймаю → беру', 'Участь беруть.']),
  footprintPoints: 10,
  dailyCapReached: false,
};
const stats: GameStats = { best: [{ score: 10, date: Date.UTC(2026, 2, 3, 10, 5) }], rounds: 1, totalPoints: 10 };
const rating = { players: [{ place: 1, name: 'Олена К.', best: 10, isMe: true }] };

const playing: GameState = { ...initialGameState, round: played, answers: [null, null] };

describe('game slice', () => {
  it('starts with nothing under way', () => {
    expect(gameReducer(undefined, { type: '@@init' })).toEqual(initialGameState);
  });

  it('a started round holds its tasks, an empty answer per task, and clears the last result', () => {
    const before: GameState = { ...initialGameState, result, answers: [{ index: 1 }] };
    const state = gameReducer(before, startRound.fulfilled(played, 'r', undefined));
    expect(state.round).toEqual(played);
    expect(state.answers).toEqual([null, null]);
    expect(state.result).toBeNull();
    expect(state.isLoading).toBe(false);
  });

  it('answers are kept per task; out of range or after the result, nothing changes', () => {
    let state = gameReducer(playing, answerTask({ index: 1, answer: { index: 2 } }));
    expect(state.answers).toEqual([null, { index: 2 }]);
    state = gameReducer(state, answerTask({ index: 0, answer: { choices: [0] } }));
    state = gameReducer(state, answerTask({ index: 0, answer: null }));
    expect(state.answers).toEqual([null, { index: 2 }]);
    expect(gameReducer(state, answerTask({ index: 5, answer: { index: 0 } }))).toBe(state);
    const done = { ...state, result };
    expect(gameReducer(done, answerTask({ index: 0, answer: { choices: [1] } }))).toBe(done);
  });

  it('submitting: isSubmitting until the result arrives, which shows the score', () => {
    const pending = gameReducer(playing, submitRound.pending('r', undefined));
    expect(pending).toMatchObject({ isSubmitting: true, isLoading: true, error: null });
    const state = gameReducer(pending, submitRound.fulfilled(result, 'r', undefined));
    expect(state).toMatchObject({ isSubmitting: false, isLoading: false, result });
  });

  it('a failed submit keeps the round and its answers, with the error', () => {
    const answered = { ...playing, answers: [{ choices: [0] }, null] };
    const pending = gameReducer(answered, submitRound.pending('r', undefined));
    const state = gameReducer(pending, submitRound.rejected(null, 'r', undefined, 'Немає звʼязку'));
    expect(state).toMatchObject({ isSubmitting: false, isLoading: false, error: 'Немає звʼязку', round: played });
    expect(state.answers).toEqual(answered.answers);
  });

  it('stats and rating are stored; a failed read keeps what was there', () => {
    let state = gameReducer(initialGameState, fetchGameStats.fulfilled(stats, 'r', undefined));
    state = gameReducer(state, fetchGameRating.fulfilled(rating.players, 'r', undefined));
    expect(state).toMatchObject({ stats, rating: rating.players });
    state = gameReducer(state, fetchGameStats.rejected(null, 'r', undefined, 'Помилка'));
    expect(state).toMatchObject({ stats, error: 'Помилка', isLoading: false });
  });

  it('leaving puts the round and its result away; signing out forgets everything', () => {
    const done: GameState = { ...playing, result, stats };
    expect(gameReducer(done, leaveRound())).toMatchObject({ round: null, answers: [], result: null, stats });
    expect(gameReducer(done, sessionEnded())).toEqual(initialGameState);
  });
});

describe('game thunks', () => {
  const store = () => configureStore({ reducer: { game: gameReducer } });

  it('a round: POST /api/game/rounds, answers in order with null for the skipped, then stats and rating again', async () => {
    const fetchMock = mockApi({
      'POST /api/game/rounds': () => json(round, 201),
      'POST /api/game/rounds/r-1/answers': () => json(result),
      'GET /api/game/me': () => json(stats),
      'GET /api/game/rating': () => json(rating),
    });
    const s = store();
    await s.dispatch(startRound());
    expect(s.getState().game.round).toMatchObject(round);
    expect(s.getState().game.round?.receivedAt).toBeGreaterThan(0);
    s.dispatch(answerTask({ index: 0, answer: { choices: [0] } }));
    await s.dispatch(submitRound());
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answers'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ answers: [{ choices: [0] }, null] });
    expect(s.getState().game.result).toEqual(result);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.getState().game.stats).toEqual(stats);
    expect(s.getState().game.rating).toEqual(rating.players);
  });

  it('the timer and the button both asking: the answers go once', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({
      'POST /api/game/rounds': () => json(round, 201),
      'POST /api/game/rounds/r-1/answers': () => answer.promise,
      'GET /api/game/me': () => json(stats),
      'GET /api/game/rating': () => json(rating),
    });
    const s = store();
    await s.dispatch(startRound());
    const first = s.dispatch(submitRound());
    const second = await s.dispatch(submitRound());
    expect(submitRound.rejected.match(second) && second.meta.condition).toBe(true);
    answer.resolve(json(result));
    await first;
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/answers'))).toHaveLength(1);
    // After the result, nothing more is sent.
    expect((await s.dispatch(submitRound())).meta.requestStatus).toBe('rejected');
  });

  it('no tasks yet: starting rejects with the server message', async () => {
    mockApi({ 'POST /api/game/rounds': () => json({ message: 'Завдань для гри ще немає' }, 404) });
    const s = store();
    const done = await s.dispatch(startRound());
    expect(done.payload).toBe('Завдань для гри ще немає');
    expect(s.getState().game).toMatchObject({ round: null, error: 'Завдань для гри ще немає' });
  });
});
