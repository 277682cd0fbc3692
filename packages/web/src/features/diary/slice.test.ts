import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { diary } from '../../test/fixtures';
import { json, mockApi } from '../../test/mockApi';
import { checkSelfTest } from '../courses';
import { addDiary, diaryReducer, fetchDiary, initialDiaryState, updateDiary } from './slice';
import type { DiaryState } from './types';

const query = { courseId: 'c-1', lessonId: '1' };
const input = { ...query, date: '2026-03-03', entry: diary.entry, plan: diary.plan };

describe('diary slice (spec §4, docs/ARCHITECTURE.md)', () => {
  it('starts with no entry', () => {
    expect(diaryReducer(undefined, { type: '@@init' })).toEqual({
      diary: null,
      loadedFor: null,
      isLoading: false,
      error: null,
    });
  });

  it('loading sets isLoading and clears the error', () => {
    expect(diaryReducer({ ...initialDiaryState, error: 'було' }, fetchDiary.pending('r', query))).toEqual({
      diary: null,
      loadedFor: null,
      isLoading: true,
      error: null,
    });
  });

  it('a loaded entry holds date, entry, plan (and the self-test score)', () => {
    const state = diaryReducer({ ...initialDiaryState, isLoading: true }, fetchDiary.fulfilled(diary, 'r', query));
    expect(state).toEqual({ diary, loadedFor: 'c-1/1', isLoading: false, error: null });
  });

  it('no entry yet: diary is null', () => {
    const before: DiaryState = { diary: { ...diary, lessonId: '2' }, loadedFor: 'c-1/2', isLoading: true, error: null };
    expect(diaryReducer(before, fetchDiary.fulfilled(null, 'r', query))).toMatchObject({
      diary: null,
      loadedFor: 'c-1/1',
    });
  });

  it('adding creates the entry', () => {
    const pending = diaryReducer(initialDiaryState, addDiary.pending('r', input));
    expect(pending.isLoading).toBe(true);
    const state = diaryReducer(pending, addDiary.fulfilled(diary, 'r', input));
    expect(state).toEqual({ diary, loadedFor: 'c-1/1', isLoading: false, error: null });
  });

  it('updating replaces the entry with the edited one', () => {
    const edited = { ...diary, plan: 'Новий план' };
    const state = diaryReducer({ ...initialDiaryState, diary }, updateDiary.fulfilled(edited, 'r', input));
    expect(state.diary).toEqual(edited);
  });

  it.each([
    ['loading', fetchDiary.rejected(null, 'r', query, 'Немає звʼязку')],
    ['adding', addDiary.rejected(null, 'r', input, 'Запис щоденника для цього уроку вже є — відредагуйте його')],
    ['updating', updateDiary.rejected(null, 'r', input, 'Дата: у форматі РРРР-ММ-ДД')],
  ])('failed %s keeps the error and the entry, and clears isLoading', (_, action) => {
    const state = diaryReducer({ diary, loadedFor: 'c-1/1', isLoading: true, error: null }, action);
    expect(state).toEqual({ diary, loadedFor: 'c-1/1', isLoading: false, error: action.payload });
  });

  it('a counted self-test of its lesson makes the kept entry stale; a retake or another lesson does not', () => {
    const kept: DiaryState = { ...initialDiaryState, diary, loadedFor: 'c-1/1' };
    const result = (counted: boolean) => ({ score: 7, counted, correct: [], explanations: [] });
    const test = (lessonId: string, counted: boolean) =>
      checkSelfTest.fulfilled(result(counted), 'r', { courseId: 'c-1', lessonId, answers: [1] });
    expect(diaryReducer(kept, test('1', true)).loadedFor).toBeNull();
    expect(diaryReducer(kept, test('1', false)).loadedFor).toBe('c-1/1');
    expect(diaryReducer(kept, test('2', true)).loadedFor).toBe('c-1/1');
  });

  it('signing out forgets the entry', () => {
    expect(diaryReducer({ ...initialDiaryState, diary }, sessionEnded())).toEqual(initialDiaryState);
  });
});

describe('diary thunks', () => {
  it('GET takes courseId and lessonId as a query; POST and PATCH send the entry', async () => {
    const fetchMock = mockApi({
      'GET /api/diary?courseId=c-1&lessonId=1': () => json(null),
      'POST /api/diary': () => json(diary, 201),
      'PATCH /api/diary': () => json({ ...diary, plan: 'Новий план' }),
    });
    const store = configureStore({ reducer: { diary: diaryReducer } });
    await store.dispatch(fetchDiary(query));
    expect(store.getState().diary.diary).toBeNull();
    await store.dispatch(addDiary(input));
    expect(store.getState().diary.diary).toEqual(diary);
    await store.dispatch(updateDiary({ ...input, plan: 'Новий план' }));
    expect(store.getState().diary.diary?.plan).toBe('Новий план');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual(input);
    expect(fetchMock.mock.calls[2]?.[1]?.method).toBe('PATCH');
  });

  it('a failed add rejects with the server message', async () => {
    mockApi({
      'POST /api/diary': () => json({ message: 'Щоденник до уроку можна вести, коли урок відкриється' }, 403),
    });
    const store = configureStore({ reducer: { diary: diaryReducer } });
    const result = await store.dispatch(addDiary(input));
    expect(result.payload).toBe('Щоденник до уроку можна вести, коли урок відкриється');
  });
});
