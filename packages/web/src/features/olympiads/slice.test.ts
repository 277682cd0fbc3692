import { configureStore } from '@reduxjs/toolkit';
import type { Olympiad, OlympiadAttempt, OlympiadOverview } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { scoreOfTwo } from '../../test/fixtures';
import { json, mockApi } from '../../test/mockApi';
import {
  answerOlympiadTask,
  fetchOlympiads,
  initialOlympiadsState,
  leaveAttempt,
  olympiadsReducer,
  startOlympiad,
  submitOlympiad,
} from './slice';
import type { OlympiadScore, OlympiadsState } from './types';

const _HOUR = 60 * 60 * 1000;
const olympiad: Olympiad = {
  _id: 'o-1',
  title: 'Весняна олімпіада',
  description: 'Десять завдань.',
  startsAt: Date.UTC(2026, 2, 10, 8),
  endsAt: Date.UTC(2026, 2, 10, 18),
  durationMs: 20 * 60_000,
  taskCount: 2,
  state: 'open',
  myAttempt: null,
};
const overview: OlympiadOverview = { next: olympiad, previous: null };
const attempt: OlympiadAttempt = {
  olympiadId: 'o-1',
  deadline: Date.UTC(2026, 2, 10, 9),
  tasks: [
    { id: 'a', type: 'quiz', level: 3, prompt: 'Питання', options: ['так', 'ні'], multiple: false },
    { id: 'b', type: 'gap', level: 3, prompt: 'Пропуск', text: 'Котра ___?', options: ['година', 'час'] },
  ],
};
const running = { ...attempt, receivedAt: Date.UTC(2026, 2, 10, 8, 40), limitMs: 20 * 60_000 };
const score: OlympiadScore = { ...scoreOfTwo(['так', ''], ['Котра година?', '']), note: null };

describe('olympiads slice', () => {
  it('starts empty and not loaded', () => {
    expect(olympiadsReducer(undefined, { type: '@@init' })).toEqual(initialOlympiadsState);
  });

  it('the overview sets the next and the previous olympiad; a failure still counts as loaded', () => {
    const state = olympiadsReducer(initialOlympiadsState, fetchOlympiads.fulfilled(overview, 'r', undefined));
    expect(state).toMatchObject({ next: olympiad, previous: null, loaded: true, isLoading: false });
    const failed = olympiadsReducer(initialOlympiadsState, fetchOlympiads.rejected(null, 'r', undefined, 'Помилка'));
    expect(failed).toMatchObject({ loaded: true, error: 'Помилка' });
  });

  it('starting holds the attempt with an empty answer per task; the same attempt again keeps the answers', () => {
    let state = olympiadsReducer(initialOlympiadsState, startOlympiad.fulfilled(running, 'r', 'o-1'));
    expect(state).toMatchObject({ attempt: running, answers: [null, null], score: null });
    state = olympiadsReducer(state, answerOlympiadTask({ index: 1, answer: { text: 'година' } }));
    state = olympiadsReducer(state, startOlympiad.fulfilled({ ...running, receivedAt: 1 }, 'r', 'o-1'));
    expect(state.answers).toEqual([null, { text: 'година' }]);
  });

  it('submitting, then the score; leaving puts the attempt away', () => {
    const withAttempt: OlympiadsState = { ...initialOlympiadsState, attempt: running, answers: [null, null] };
    const pending = olympiadsReducer(withAttempt, submitOlympiad.pending('r', undefined));
    expect(pending.isSubmitting).toBe(true);
    const done = olympiadsReducer(pending, submitOlympiad.fulfilled(score, 'r', undefined));
    expect(done).toMatchObject({ isSubmitting: false, score });
    expect(olympiadsReducer(done, answerOlympiadTask({ index: 0, answer: { choices: [1] } }))).toBe(done);
    expect(olympiadsReducer(done, leaveAttempt())).toMatchObject({ attempt: null, answers: [], score: null });
  });

  it('a refused attempt (taken already) keeps the message', () => {
    const state = olympiadsReducer(
      initialOlympiadsState,
      startOlympiad.rejected(null, 'r', 'o-1', 'Ви вже пройшли цю олімпіаду: спроба лише одна'),
    );
    expect(state).toMatchObject({ attempt: null, error: 'Ви вже пройшли цю олімпіаду: спроба лише одна' });
  });

  it('signing out forgets everything', () => {
    const state: OlympiadsState = { ...initialOlympiadsState, next: olympiad, attempt: running, score };
    expect(olympiadsReducer(state, sessionEnded())).toEqual(initialOlympiadsState);
  });
});

describe('olympiads thunks', () => {
  const store = () => configureStore({ reducer: { olympiads: olympiadsReducer } });

  it('overview, start (with the time limit of the olympiad), answers once, then the overview again', async () => {
    let overviewCalls = 0;
    const fetchMock = mockApi({
      'GET /api/olympiads': () => {
        overviewCalls += 1;
        return json(
          overviewCalls === 1
            ? overview
            : {
                ...overview,
                next: { ...olympiad, myAttempt: { deadline: attempt.deadline, finished: true, score: 10 } },
              },
        );
      },
      'POST /api/olympiads/o-1/start': () => json(attempt),
      'POST /api/olympiads/o-1/answers': () => json(score),
    });
    const s = store();
    await s.dispatch(fetchOlympiads());
    await s.dispatch(startOlympiad('o-1'));
    expect(s.getState().olympiads.attempt).toMatchObject({ ...attempt, limitMs: 20 * 60_000 });
    s.dispatch(answerOlympiadTask({ index: 1, answer: { text: 'година' } }));
    await s.dispatch(submitOlympiad());
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answers'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ answers: [null, { text: 'година' }] });
    expect(s.getState().olympiads.score).toEqual(score);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.getState().olympiads.next?.myAttempt).toMatchObject({ finished: true, score: 10 });
    const again = await s.dispatch(submitOlympiad());
    expect(submitOlympiad.rejected.match(again) && again.meta.condition).toBe(true);
  });
});
