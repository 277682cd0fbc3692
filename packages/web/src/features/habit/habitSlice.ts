import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { DailyGoal, HabitSummary } from '@yedyni/contract';
import { ApiError, errorMessage, request } from '../../shared/api';
import { fetchToday } from '../courses';

export interface HabitState {
  /** Home's habit card; null until «Що сьогодні» has loaded (it brings the habit along). */
  summary: HabitSummary | null;
}

export interface HabitRootState {
  habit?: HabitState;
}

export const initialHabitState: HabitState = { summary: null };

/** Saves my daily goal; a refusal carries the server's Ukrainian message and the fields it names. */
export const saveGoal = createAsyncThunk.withTypes<{
  rejectValue: { message: string; fields: Readonly<Record<string, string>> };
}>()('habit/saveGoal', async (goal: DailyGoal, { rejectWithValue }) => {
  try {
    return await request<DailyGoal>('PUT', '/habit/goal', goal);
  } catch (error) {
    return rejectWithValue({ message: errorMessage(error), fields: (error instanceof ApiError && error.fields) || {} });
  }
});

const habitSlice = createSlice({
  name: 'habit',
  initialState: initialHabitState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      // One request for home: the habit arrives with «Що сьогодні».
      .addCase(fetchToday.fulfilled, (state, action) => {
        state.summary = action.payload.habit;
      })
      .addCase(saveGoal.fulfilled, (state, action) => {
        if (state.summary) state.summary.goal = action.payload;
      });
  },
});

export const habitReducer = habitSlice.reducer;
export const selectHabit = (state: HabitRootState) => state.habit?.summary ?? null;
