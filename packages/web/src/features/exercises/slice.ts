import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../shared/lib/session';

/** Homework state; the homework issue adds the exercise, notifications and their calls. */
export interface ExercisesState {
  countNotifications: number;
}

export interface ExercisesRootState {
  exercises: ExercisesState;
}

export const initialExercisesState: ExercisesState = { countNotifications: 0 };

const exercisesSlice = createSlice({
  name: 'exercises',
  initialState: initialExercisesState,
  reducers: {
    countNotificationsSet(state, action: { payload: number }) {
      state.countNotifications = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialExercisesState);
  },
});

export const exercisesReducer = exercisesSlice.reducer;
export const { countNotificationsSet } = exercisesSlice.actions;
export const selectCountNotifications = (state: ExercisesRootState) => state.exercises.countNotifications;
