import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../shared/lib/session';
import type { ExercisesRootState, ExercisesState } from './types';

// The part of the exercises slice the first screen carries: the unread count the header shows.
// The homework screens replace this reducer by the whole slice (slice.ts) under the same name.

export const initialExercisesState: ExercisesState = {
  exercise: null,
  notifications: [],
  countNotifications: 0,
  isLoading: false,
  error: null,
};

export const countNotificationsSet = createAction<number>('exercises/countNotificationsSet');

/** Keeps the count until the whole slice is injected; forgets everything on sign-out. */
export function exercisesCountReducer(state = initialExercisesState, action: UnknownAction): ExercisesState {
  if (countNotificationsSet.match(action)) return { ...state, countNotifications: action.payload };
  return sessionEnded.match(action) ? initialExercisesState : state;
}

export const selectCountNotifications = (state: ExercisesRootState) => state.exercises.countNotifications;
