import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { setTokenSource } from '../../shared/api';
import { sessionEnded } from '../../shared/lib/session';
import { lessonFixture } from '../../test/fixtures';
import { headerOf, mockApi } from '../../test/mockApi';
import {
  checkSelfTest,
  fetchLessonContent,
  initialLessonState,
  lessonReducer,
  lessonSet,
  testReset,
} from './lessonSlice';
import type { LessonState } from './types';

const one = lessonFixture(1);
const two = lessonFixture(2);
const onScreen: LessonState = { ...initialLessonState, currentLesson: one };
const result = { score: 5, counted: true, correct: [1, 0], explanations: ['Зранку кажемо «Добрий ранок».', 'Їх 33.'] };
const arg = { courseId: 'c-1', lessonId: '1', answers: [1, 1] };

describe('lesson slice (spec §4, docs/ARCHITECTURE.md)', () => {
  it('starts with no lesson and empty content', () => {
    expect(lessonReducer(undefined, { type: '@@init' })).toEqual({
      currentLesson: null,
      content: '',
      isLoading: false,
      error: null,
      testResult: null,
      isChecking: false,
      testError: null,
    });
  });

  it('content loading sets isLoading and clears the error', () => {
    const state = lessonReducer({ ...onScreen, error: 'було' }, fetchLessonContent.pending('r', one.content));
    expect(state).toMatchObject({ isLoading: true, error: null });
  });

  it('then loaded: the content is the text, isLoading cleared', () => {
    const pending = lessonReducer(onScreen, fetchLessonContent.pending('r', one.content));
    const state = lessonReducer(pending, fetchLessonContent.fulfilled('<p>Привіт!</p>', 'r', one.content));
    expect(state).toMatchObject({ isLoading: false, content: '<p>Привіт!</p>', error: null });
  });

  it('or failed: empty content, the error kept, isLoading cleared', () => {
    const before: LessonState = { ...onScreen, content: '<p>старе</p>', isLoading: true };
    const state = lessonReducer(before, fetchLessonContent.rejected(null, 'r', one.content, 'Урок ще закритий'));
    expect(state).toMatchObject({ isLoading: false, content: '', error: 'Урок ще закритий' });
  });

  it('an answer for a lesson no longer on screen is dropped', () => {
    const state = lessonReducer(
      { ...initialLessonState, currentLesson: two, isLoading: true },
      fetchLessonContent.fulfilled('<p>урок 1</p>', 'r', one.content),
    );
    expect(state).toMatchObject({ content: '', isLoading: false });
  });

  it('another lesson starts empty; the same lesson (refetched) keeps its content', () => {
    const withContent: LessonState = { ...onScreen, content: '<p>1</p>', testResult: { ...result, answers: [1, 1] } };
    expect(lessonReducer(withContent, lessonSet({ ...one, theme: 'Оновлена тема' }))).toMatchObject({
      content: '<p>1</p>',
      currentLesson: { theme: 'Оновлена тема' },
    });
    expect(lessonReducer(withContent, lessonSet(two))).toMatchObject({
      currentLesson: two,
      content: '',
      testResult: null,
    });
  });

  it('a self-test check: checking, then the result with the answers given', () => {
    const pending = lessonReducer(onScreen, checkSelfTest.pending('r', arg));
    expect(pending).toMatchObject({ isChecking: true, testError: null });
    const state = lessonReducer(pending, checkSelfTest.fulfilled(result, 'r', arg));
    expect(state).toMatchObject({ isChecking: false, testResult: { ...result, answers: [1, 1] } });
    expect(lessonReducer(state, testReset())).toMatchObject({ testResult: null, testError: null });
  });

  it('a failed self-test check keeps the server message', () => {
    const state = lessonReducer(
      { ...onScreen, isChecking: true },
      checkSelfTest.rejected(null, 'r', arg, 'Тест: надішліть відповіді'),
    );
    expect(state).toMatchObject({ isChecking: false, testError: 'Тест: надішліть відповіді', testResult: null });
  });

  it('signing out forgets the lesson', () => {
    expect(lessonReducer({ ...onScreen, content: 'x' }, sessionEnded())).toEqual(initialLessonState);
  });
});

describe('lesson thunks', () => {
  it('fetches the content URL itself as text, with the Bearer token', async () => {
    setTokenSource(() => 'tok');
    const fetchMock = mockApi({
      [`GET ${one.content}`]: () => new Response('<h2>Звуки</h2>', { headers: { 'Content-Type': 'text/html' } }),
    });
    const store = configureStore({ reducer: { lesson: lessonReducer } });
    store.dispatch(lessonSet(one));
    await store.dispatch(fetchLessonContent(one.content));
    expect(store.getState().lesson.content).toBe('<h2>Звуки</h2>');
    expect(headerOf(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBe('Bearer tok');
  });

  it('a closed lesson answers 403: the content stays empty with the server message kept', async () => {
    mockApi({
      [`GET ${one.content}`]: () =>
        new Response(JSON.stringify({ message: 'Урок ще не відкрився' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const store = configureStore({ reducer: { lesson: lessonReducer } });
    store.dispatch(lessonSet(one));
    await store.dispatch(fetchLessonContent(one.content));
    expect(store.getState().lesson).toMatchObject({ content: '', error: 'Урок ще не відкрився', isLoading: false });
  });

  it('posts the answers to the lesson’s test', async () => {
    const fetchMock = mockApi({
      'POST /api/courses/c-1/lessons/1/test': () => new Response(JSON.stringify(result), { status: 200 }),
    });
    const store = configureStore({ reducer: { lesson: lessonReducer } });
    store.dispatch(lessonSet(one));
    await store.dispatch(checkSelfTest({ ...arg, answers: [1, null] }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ answers: [1, null] });
    expect(store.getState().lesson.testResult?.score).toBe(5);
  });
});
