import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { kyivDayRange } from '@yedyni/contract';
import { sessionEnded } from '../lib/session';

/**
 * Spec section 3 and 4, «Range»: the period and the page of the history lists (payments,
 * subscriptions, footprint). `start`/`end` are instants in ms (inclusive), null when open.
 */
export interface RangeState {
  start: number | null;
  end: number | null;
  /** From 1. */
  page: number;
}

export interface RangeRootState {
  range?: RangeState;
}

export const initialRangeState: RangeState = { start: null, end: null, page: 1 };

const rangeSlice = createSlice({
  name: 'range',
  initialState: initialRangeState,
  reducers: {
    setStart(state, action: PayloadAction<number | null>) {
      state.start = action.payload;
    },
    setEnd(state, action: PayloadAction<number | null>) {
      state.end = action.payload;
    },
    /** The current range becomes today in Kyiv, 00:00:00.000 to 23:59:59.999. */
    setToday: {
      reducer(state, action: PayloadAction<{ start: number; end: number }>) {
        state.start = action.payload.start;
        state.end = action.payload.end;
      },
      prepare: (now: number = Date.now()) => ({ payload: kyivDayRange(now) }),
    },
    setPage(state, action: PayloadAction<number>) {
      state.page = action.payload;
    },
    /** The «Історія» submenu starts every list afresh: all dates, page 1. */
    resetRange: () => initialRangeState,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialRangeState);
  },
});

export const { setStart, setEnd, setToday, setPage, resetRange } = rangeSlice.actions;
export const rangeReducer = rangeSlice.reducer;
export const selectRange = (state: RangeRootState) => state.range ?? initialRangeState;
