import type { ActionReducerMapBuilder, UnknownAction } from '@reduxjs/toolkit';

/** The part of a slice that the loading rule of spec §4 (docs/ARCHITECTURE.md) governs. */
export interface LoadingState {
  isLoading: boolean;
  error: string | null;
}

/** What addLoadingState needs of an async thunk: its three action matchers. */
interface LoadingThunk {
  pending: { match: (action: UnknownAction) => boolean };
  fulfilled: { match: (action: UnknownAction) => boolean };
  rejected: { match: (action: UnknownAction) => boolean };
}

/**
 * Spec section 4: every loading action sets isLoading, then clears it on completion; a failure
 * keeps its error (the thunk's rejectWithValue message, else the thrown error's). Added after a
 * slice's own cases so they see the state before the flags change.
 */
export function addLoadingState<S extends LoadingState>(builder: ActionReducerMapBuilder<S>, thunks: LoadingThunk[]) {
  const any =
    (phase: keyof LoadingThunk) =>
    (action: UnknownAction): action is UnknownAction =>
      thunks.some((thunk) => thunk[phase].match(action));
  builder
    .addMatcher(any('pending'), (state) => {
      const flags = state as LoadingState;
      flags.isLoading = true;
      flags.error = null;
    })
    .addMatcher(any('fulfilled'), (state) => {
      (state as LoadingState).isLoading = false;
    })
    .addMatcher(any('rejected'), (state, action) => {
      const { payload, error } = action as { payload?: unknown; error?: { message?: string } };
      const flags = state as LoadingState;
      flags.isLoading = false;
      flags.error = typeof payload === 'string' ? payload : (error?.message ?? null);
    });
}
