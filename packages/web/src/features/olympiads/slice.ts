import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OlympiadAttempt, OlympiadOverview, TaskAnswer } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import { answersFor } from '../../shared/tasks';
import type { OlympiadScore, OlympiadsRootState, OlympiadsState, RunningAttempt } from './types';

export const initialOlympiadsState: OlympiadsState = {
  next: null,
  previous: null,
  loaded: false,
  attempt: null,
  answers: [],
  score: null,
  isSubmitting: false,
  isLoading: false,
  error: null,
};

const createOlympiadsThunk = createAsyncThunk.withTypes<{ state: OlympiadsRootState; rejectValue: string }>();

const selectOlympiadsState = (state: OlympiadsRootState) => state.olympiads ?? initialOlympiadsState;

/** Read: the next (or running) olympiad with my attempt, and the previous one's top 10s. */
export const fetchOlympiads = createOlympiadsThunk('olympiads/fetch', async (_: undefined, { rejectWithValue }) => {
  try {
    return await api.get<OlympiadOverview>('/olympiads');
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Starts my one attempt, or gets its tasks back while it runs (409: taken already, or not open). */
export const startOlympiad = createOlympiadsThunk(
  'olympiads/start',
  async (olympiadId: string, { getState, rejectWithValue }) => {
    try {
      const attempt = await api.post<OlympiadAttempt>(`/olympiads/${encodeURIComponent(olympiadId)}/start`);
      const { next } = selectOlympiadsState(getState());
      const limitMs = next?._id === olympiadId ? next.durationMs : Number.MAX_SAFE_INTEGER;
      return { ...attempt, receivedAt: Date.now(), limitMs } satisfies RunningAttempt;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** Sends my answers, once (409 after); then the overview is fetched again (my attempt is over). */
export const submitOlympiad = createOlympiadsThunk(
  'olympiads/submit',
  async (_: undefined, { getState, dispatch, rejectWithValue }) => {
    const { attempt, answers } = selectOlympiadsState(getState());
    if (!attempt) return rejectWithValue('Спершу почніть олімпіаду');
    try {
      const score = await api.post<OlympiadScore>(`/olympiads/${encodeURIComponent(attempt.olympiadId)}/answers`, {
        answers: answersFor(attempt.tasks, answers),
      });
      dispatch(fetchOlympiads());
      return score;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
  {
    condition: (_, { getState }) => {
      const { attempt, score, isSubmitting } = selectOlympiadsState(getState());
      return attempt !== null && score === null && !isSubmitting;
    },
  },
);

const all = [fetchOlympiads, startOlympiad, submitOlympiad] as const;

const olympiadsSlice = createSlice({
  name: 'olympiads',
  initialState: initialOlympiadsState,
  reducers: {
    /** The answer to the task at `index` of my attempt (null clears it). */
    answerOlympiadTask(state, action: PayloadAction<{ index: number; answer: TaskAnswer | null }>) {
      const { index, answer } = action.payload;
      if (!state.attempt || state.score || index < 0 || index >= state.attempt.tasks.length) return;
      while (state.answers.length < state.attempt.tasks.length) state.answers.push(null);
      state.answers[index] = answer;
    },
    /** Back to the overview: the finished attempt and its score are put away. */
    leaveAttempt(state) {
      state.attempt = null;
      state.answers = [];
      state.score = null;
      state.isSubmitting = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialOlympiadsState)
      .addCase(fetchOlympiads.fulfilled, (state, action) => {
        state.next = action.payload.next;
        state.previous = action.payload.previous;
        state.loaded = true;
      })
      .addCase(fetchOlympiads.rejected, (state) => {
        state.loaded = true;
      })
      .addCase(startOlympiad.fulfilled, (state, action) => {
        const same = state.attempt?.olympiadId === action.payload.olympiadId;
        state.attempt = action.payload;
        // The same attempt again (after leaving the screen) keeps the answers given so far.
        if (!same) state.answers = action.payload.tasks.map(() => null);
        state.score = null;
      })
      .addCase(submitOlympiad.pending, (state) => {
        state.isSubmitting = true;
      })
      .addCase(submitOlympiad.fulfilled, (state, action) => {
        state.isSubmitting = false;
        state.score = action.payload;
      })
      .addCase(submitOlympiad.rejected, (state) => {
        state.isSubmitting = false;
      });
    addLoadingState(builder, [...all]);
  },
});

export const olympiadsReducer = olympiadsSlice.reducer;
export const { answerOlympiadTask, leaveAttempt } = olympiadsSlice.actions;

export const selectNextOlympiad = (state: OlympiadsRootState) => selectOlympiadsState(state).next;
export const selectPreviousOlympiad = (state: OlympiadsRootState) => selectOlympiadsState(state).previous;
export const selectOlympiadsLoaded = (state: OlympiadsRootState) => selectOlympiadsState(state).loaded;
export const selectAttempt = (state: OlympiadsRootState) => selectOlympiadsState(state).attempt;
export const selectOlympiadAnswers = (state: OlympiadsRootState) => selectOlympiadsState(state).answers;
export const selectOlympiadScore = (state: OlympiadsRootState) => selectOlympiadsState(state).score;
export const selectOlympiadSubmitting = (state: OlympiadsRootState) => selectOlympiadsState(state).isSubmitting;
export const selectOlympiadsError = (state: OlympiadsRootState) => selectOlympiadsState(state).error;
