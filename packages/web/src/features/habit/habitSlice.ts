import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { DailyGoal, HabitSummary } from '@yedyni/contract';
import { errorMessage, request } from '../../shared/api';
import { errorFields } from '../../shared/lib/useFormErrors';
import type { FieldErrors } from '../../shared/ui/FieldErrors';
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
export const saveGoal = createAsyncThunk.withTypes<{ rejectValue: { message: string; fields: FieldErrors } }>()(
  'habit/saveGoal',
  async (goal: DailyGoal, { rejectWithValue }) => {
    try {
      return await request<DailyGoal>('PUT', '/habit/goal', goal);
    } catch (error) {
      return rejectWithValue({ message: errorMessage(error), fields: errorFields(error) ?? {} });
    }
  },
);

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
