import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GameRating, GameStats, Round, RoundResult, TaskAnswer } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import { answersFor } from '../../shared/tasks';
import type { GameRootState, GameState, PlayedRound } from './types';

export const initialGameState: GameState = {
  round: null,
  answers: [],
  result: null,
  isSubmitting: false,
  stats: null,
  rating: null,
  isLoading: false,
  error: null,
};

const createGameThunk = createAsyncThunk.withTypes<{ state: GameRootState; rejectValue: string }>();

const selectGameState = (state: GameRootState) => state.game ?? initialGameState;

/** Read: my best rounds, rounds played and points. */
export const fetchGameStats = createGameThunk('game/fetchStats', async (_: undefined, { rejectWithValue }) => {
  try {
    return await api.get<GameStats>('/game/me');
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Read: the top 10 players by their best round. */
export const fetchGameRating = createGameThunk('game/fetchRating', async (_: undefined, { rejectWithValue }) => {
  try {
    return (await api.get<GameRating>('/game/rating')).players;
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** A new round: 7 tasks without answers, and the server's deadline (7 minutes). */
export const startRound = createGameThunk('game/startRound', async (_: undefined, { rejectWithValue }) => {
  try {
    const round = await api.post<Round>('/game/rounds');
    return { ...round, receivedAt: Date.now() } satisfies PlayedRound;
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/**
 * Sends the round's answers (null for those left out) and gets the score with the right answers;
 * then my stats and the rating are fetched again. Asked twice (the timer and the button), it
 * sends once.
 */
export const submitRound = createGameThunk(
  'game/submitRound',
  async (_: undefined, { getState, dispatch, rejectWithValue }) => {
    const { round, answers } = selectGameState(getState());
    if (!round) return rejectWithValue('Раунд не знайдено');
    try {
      const result = await api.post<RoundResult>(`/game/rounds/${encodeURIComponent(round.roundId)}/answers`, {
        answers: answersFor(round.tasks, answers),
      });
      dispatch(fetchGameStats());
      dispatch(fetchGameRating());
      return result;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
  {
    condition: (_, { getState }) => {
      const { round, result, isSubmitting } = selectGameState(getState());
      return round !== null && result === null && !isSubmitting;
    },
  },
);

const all = [fetchGameStats, fetchGameRating, startRound, submitRound] as const;

const gameSlice = createSlice({
  name: 'game',
  initialState: initialGameState,
  reducers: {
    /** The answer to the task at `index` of the round under way (null clears it). */
    answerTask(state, action: PayloadAction<{ index: number; answer: TaskAnswer | null }>) {
      const { index, answer } = action.payload;
      if (!state.round || state.result || index < 0 || index >= state.round.tasks.length) return;
      while (state.answers.length < state.round.tasks.length) state.answers.push(null);
      state.answers[index] = answer;
    },
    /** Back to the start screen: the round and its result are put away. */
    leaveRound(state) {
      state.round = null;
      state.answers = [];
      state.result = null;
      state.isSubmitting = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialGameState)
      .addCase(fetchGameStats.fulfilled, (state, action) => {
        state.stats = action.payload;
      })
      .addCase(fetchGameRating.fulfilled, (state, action) => {
        state.rating = action.payload;
      })
      .addCase(startRound.fulfilled, (state, action) => {
        state.round = action.payload;
        state.answers = action.payload.tasks.map(() => null);
        state.result = null;
        state.isSubmitting = false;
      })
      .addCase(submitRound.pending, (state) => {
        state.isSubmitting = true;
      })
      .addCase(submitRound.fulfilled, (state, action) => {
        state.isSubmitting = false;
        // A round put away while its answers were on the way keeps the start screen.
        if (state.round?.roundId === action.payload.roundId) state.result = action.payload;
      })
      .addCase(submitRound.rejected, (state) => {
        state.isSubmitting = false;
      });
    addLoadingState(builder, [...all]);
  },
});

export const gameReducer = gameSlice.reducer;
export const { answerTask, leaveRound } = gameSlice.actions;

export const selectRound = (state: GameRootState) => selectGameState(state).round;
export const selectAnswers = (state: GameRootState) => selectGameState(state).answers;
export const selectRoundResult = (state: GameRootState) => selectGameState(state).result;
export const selectIsSubmitting = (state: GameRootState) => selectGameState(state).isSubmitting;
export const selectGameStats = (state: GameRootState) => selectGameState(state).stats;
export const selectGameRating = (state: GameRootState) => selectGameState(state).rating;
export const selectGameLoading = (state: GameRootState) => selectGameState(state).isLoading;
export const selectGameError = (state: GameRootState) => selectGameState(state).error;
