import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Indicators } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { sessionEnded } from '../../shared/lib/session';

export interface PartnersState {
  indicators: Indicators | null;
  isLoading: boolean;
  error: string | null;
}

export interface PartnersRootState {
  partners: PartnersState;
}

export const initialPartnersState: PartnersState = { indicators: null, isLoading: false, error: null };

/** A read call: a failure rejects silently, its message kept in `error`. */
export const fetchIndicators = createAsyncThunk.withTypes<{ rejectValue: string }>()(
  'partners/indicators',
  async (_: undefined, { rejectWithValue }) => {
    try {
      return await api.get<Indicators>('/partners/indicators');
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

const partnersSlice = createSlice({
  name: 'partners',
  initialState: initialPartnersState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchIndicators.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(fetchIndicators.fulfilled, (state, action) => {
        state.isLoading = false;
        state.indicators = action.payload;
      })
      .addCase(fetchIndicators.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload ?? action.error.message ?? null;
      })
      .addCase(sessionEnded, () => initialPartnersState);
  },
});

export const partnersReducer = partnersSlice.reducer;
export const selectIndicators = (state: PartnersRootState) => state.partners.indicators;
