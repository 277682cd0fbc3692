import type { PartnersRootState, PartnersState } from './types';

// The part of the partners slice the first screen carries: its state and the header's selector.
// The frame of the signed-in screens replaces this reducer by the whole slice (slice.ts, injected
// by app/partners.ts) under the same name, before anything is loaded into it.

export const initialPartnersState: PartnersState = {
  indicators: null,
  partner: null,
  history: [],
  isLoading: false,
  error: null,
};

/** Holds the empty state until the whole slice is injected. */
export function partnersHeaderReducer(state: PartnersState = initialPartnersState): PartnersState {
  return state;
}

export const selectIndicators = (state: PartnersRootState) => state.partners.indicators;
