import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createAsyncThunk, createSlice, isFulfilled } from '@reduxjs/toolkit';
import type { Diary, DiaryList } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import { checkSelfTest } from '../courses';
import type { DiaryInput, DiaryQuery, DiaryRootState, DiaryState } from './types';

/** Entry and plan hold at most this many characters (docs/domain.md «Diary and self-test»). */
export const DIARY_MAX = 500;

export const initialDiaryState: DiaryState = { diary: null, loadedFor: null, isLoading: false, error: null };

/** The key of a lesson's entry in `loadedFor`. */
export const diaryKey = ({ courseId, lessonId }: DiaryQuery) => `${courseId}/${lessonId}`;

const createDiaryThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

function diaryCall<Arg>(type: string, call: (arg: Arg) => Promise<Diary | null>) {
  return createDiaryThunk(type, async (arg: Arg, { rejectWithValue }) => {
    try {
      return (await call(arg)) ?? null;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

/** Reads under way by lesson: asked again meanwhile (the tab opened while the lesson read ahead), one request serves both. */
const reading = new Map<string, Promise<Diary | null>>();

/** Read: the entry of a lesson, or null when none is written yet. */
export const fetchDiary = diaryCall('diary/fetch', ({ courseId, lessonId }: DiaryQuery) => {
  const key = diaryKey({ courseId, lessonId });
  let answer = reading.get(key);
  if (!answer) {
    answer = api
      .get<Diary | null>(`/diary?${new URLSearchParams({ courseId, lessonId })}`)
      .finally(() => reading.delete(key));
    reading.set(key, answer);
  }
  return answer;
});

/**
 * Read: every entry of mine in a course, by lesson (the «Мій щоденник» screen). The screen keeps
 * the list itself: the slice's state is the one lesson's entry of spec §4.
 */
export const fetchDiaryList = createDiaryThunk('diary/list', async (courseId: string, { rejectWithValue }) => {
  try {
    const answer = await api.get<DiaryList>(`/diary/entries?${new URLSearchParams({ courseId })}`);
    return answer.entries;
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Writes the first entry of a lesson (409 when there is one). */
export const addDiary = diaryCall('diary/add', (body: DiaryInput) => api.post<Diary>('/diary', body));

/** Edits the entry of a lesson (404 when there is none). */
export const updateDiary = diaryCall('diary/update', (body: DiaryInput) => api.patch<Diary>('/diary', body));

const all = [fetchDiary, addDiary, updateDiary] as const;

const diarySlice = createSlice({
  name: 'diary',
  initialState: initialDiaryState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialDiaryState)
      // A counted self-test wrote its score into the entry (made if missing): read it again.
      .addCase(checkSelfTest.fulfilled, (state, action) => {
        if (
          action.payload.counted &&
          state.loadedFor === diaryKey({ courseId: action.meta.arg.courseId, lessonId: action.meta.arg.lessonId })
        ) {
          state.loadedFor = null;
        }
      })
      .addMatcher(isFulfilled(...all), (state, action) => {
        state.diary = action.payload;
        state.loadedFor = diaryKey(action.meta.arg);
      });
    addLoadingState(builder, [...all]);
  },
});

export const diaryReducer = diarySlice.reducer;

const selectDiaryState = (state: DiaryRootState) => state.diary ?? initialDiaryState;
export const selectDiary = (state: DiaryRootState) => selectDiaryState(state).diary;
export const selectDiaryLoadedFor = (state: DiaryRootState) => selectDiaryState(state).loadedFor;
export const selectDiaryLoading = (state: DiaryRootState) => selectDiaryState(state).isLoading;
export const selectDiaryError = (state: DiaryRootState) => selectDiaryState(state).error;

/**
 * A lesson's entry read ahead (the lesson reads its diary tab's entry while it is idle), unless it
 * is here already (one being read is not asked for again: fetchDiary): the tab then shows it at once.
 */
export const prefetchDiary =
  (query: DiaryQuery) =>
  (dispatch: ThunkDispatch<DiaryRootState, unknown, UnknownAction>, getState: () => DiaryRootState) => {
    const state = selectDiaryState(getState());
    if (state.loadedFor === diaryKey(query)) return;
    dispatch(fetchDiary(query));
  };
