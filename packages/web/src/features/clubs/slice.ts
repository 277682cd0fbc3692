import { createAsyncThunk, createSlice, isFulfilled } from '@reduxjs/toolkit';
import type { Club } from '@yedyni/contract';
import { api, errorMessage, request } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import type { ClubFilter, ClubsRootState, ClubsState } from './types';

export const ALL_CLUBS: ClubFilter = { city: '', mine: false };

export const initialClubsState: ClubsState = {
  clubs: [],
  cities: [],
  filter: ALL_CLUBS,
  loaded: false,
  listRequest: null,
  isLoading: false,
  error: null,
};

const createClubsThunk = createAsyncThunk.withTypes<{ state: ClubsRootState; rejectValue: string }>();

const selectClubsState = (state: ClubsRootState) => state.clubs ?? initialClubsState;

/** `?city=<city>|online&mine=true`, empty values dropped. */
export function clubsQuery(filter: ClubFilter): string {
  const query = new URLSearchParams();
  if (filter.city) query.set('city', filter.city);
  if (filter.mine) query.set('mine', 'true');
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Read: the upcoming clubs under a filter, and every city that has clubs. */
export const fetchClubs = createClubsThunk('clubs/fetch', async (filter: ClubFilter, { rejectWithValue }) => {
  try {
    return await api.get<{ clubs: Club[]; cities: string[] }>(`/clubs${clubsQuery(filter)}`);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

const clubCall = (type: string, method: 'POST' | 'DELETE') =>
  createClubsThunk(type, async (clubId: string, { rejectWithValue }) => {
    try {
      return await request<Club>(method, `/clubs/${encodeURIComponent(clubId)}/signup`);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });

/** Takes a seat (409: no seats, already signed up, or the meeting is over). */
export const signUpForClub = clubCall('clubs/signUp', 'POST');

/** Gives the seat back. */
export const cancelClubSignup = clubCall('clubs/cancel', 'DELETE');

const all = [fetchClubs, signUpForClub, cancelClubSignup] as const;

const clubsSlice = createSlice({
  name: 'clubs',
  initialState: initialClubsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialClubsState)
      .addCase(fetchClubs.pending, (state, action) => {
        state.filter = action.meta.arg;
        state.listRequest = action.meta.requestId;
      })
      .addCase(fetchClubs.fulfilled, (state, action) => {
        if (state.listRequest !== action.meta.requestId) return;
        state.clubs = action.payload.clubs;
        state.cities = action.payload.cities;
        state.loaded = true;
      })
      .addCase(fetchClubs.rejected, (state, action) => {
        if (state.listRequest === action.meta.requestId) state.loaded = true;
      })
      // A club that changed (a seat taken or given back) replaces its old copy.
      .addMatcher(isFulfilled(signUpForClub, cancelClubSignup), (state, action) => {
        const club = action.payload;
        const at = state.clubs.findIndex((each) => each._id === club._id);
        if (at !== -1) state.clubs[at] = club;
      });
    addLoadingState(builder, [...all]);
  },
});

export const clubsReducer = clubsSlice.reducer;

export const selectClubs = (state: ClubsRootState) => selectClubsState(state).clubs;
export const selectClubCities = (state: ClubsRootState) => selectClubsState(state).cities;
export const selectClubFilter = (state: ClubsRootState) => selectClubsState(state).filter;
export const selectClubsLoaded = (state: ClubsRootState) => selectClubsState(state).loaded;
export const selectClubsLoading = (state: ClubsRootState) => selectClubsState(state).isLoading;
export const selectClubsError = (state: ClubsRootState) => selectClubsState(state).error;
