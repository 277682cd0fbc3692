import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Indicators, Team } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import { initialPartnersState } from './header';
import type { PartnersRootState } from './types';

const createSupportThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

/** A read call: a failure rejects silently, its message kept in `error` (spec §8, docs/ARCHITECTURE.md). */
function read<Arg, T>(type: string, call: (arg: Arg) => Promise<T>) {
  return createSupportThunk(type, async (arg: Arg, { rejectWithValue }) => {
    try {
      return await call(arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

/** My support indicators (the header's support level among them). */
export const fetchIndicators = read('partners/indicators', (_: undefined) =>
  api.get<Indicators>('/partners/indicators'),
);

/** Me and my team: the root of the team screen, so the history starts empty. */
export const fetchTeam = read('partners/team', (_: undefined) => api.get<Team>('/partners'));

/** A member of my team (any depth) with their team: the one on screen goes onto the history. */
export const fetchMember = read('partners/partner', (id: string) =>
  api.get<Team>(`/partners/${encodeURIComponent(id)}`),
);

const partnersSlice = createSlice({
  name: 'partners',
  initialState: initialPartnersState,
  reducers: {
    /** «Назад»: the partner opened before comes back from the top of the history. */
    historyPopped(state) {
      const previous = state.history.pop();
      if (previous) state.partner = previous;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchIndicators.fulfilled, (state, action) => {
        state.indicators = action.payload;
      })
      .addCase(fetchTeam.fulfilled, (state, action) => {
        state.partner = action.payload;
        state.history = [];
      })
      .addCase(fetchMember.fulfilled, (state, action) => {
        if (state.partner) state.history.push(state.partner);
        state.partner = action.payload;
      })
      .addCase(sessionEnded, () => initialPartnersState);
    addLoadingState(builder, [fetchIndicators, fetchTeam, fetchMember]);
  },
});

export const { historyPopped } = partnersSlice.actions;
export const partnersReducer = partnersSlice.reducer;

export const selectPartnersState = (state: PartnersRootState) => state.partners;
