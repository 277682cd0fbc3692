import type { PartnersRootState, PartnersState } from './types';

// The partners slice's empty state and the header's selector, without the slice's thunks: the
// frame of the signed-in screens reads them (the whole slice joins with it, app/partners.ts).

export const initialPartnersState: PartnersState = {
  indicators: null,
  partner: null,
  history: [],
  isLoading: false,
  error: null,
};

export const selectIndicators = (state: PartnersRootState) => state.partners.indicators;
