import { kyivDateRange, kyivTime } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../lib/session';
import {
  initialRangeState,
  type RangeState,
  rangeReducer,
  resetRange,
  selectRange,
  setEnd,
  setPage,
  setStart,
  setToday,
} from './slice';

const march3 = kyivDateRange('2026-03-03');
const chosen: RangeState = { start: march3.start, end: march3.end, page: 3 };

describe('range slice (spec §3 and 4, docs/ARCHITECTURE.md)', () => {
  it('starts open at both ends, on page 1', () => {
    expect(rangeReducer(undefined, { type: '@@init' })).toEqual({ start: null, end: null, page: 1 });
  });

  it('start and end can be changed, and opened again', () => {
    let state = rangeReducer(initialRangeState, setStart(march3.start));
    state = rangeReducer(state, setEnd(march3.end));
    expect(state).toEqual({ start: march3.start, end: march3.end, page: 1 });
    state = rangeReducer(state, setStart(null));
    expect(state).toEqual({ start: null, end: march3.end, page: 1 });
    expect(rangeReducer(state, setEnd(null))).toEqual(initialRangeState);
  });

  it('today: 00:00:00.000 to 23:59:59.999 of the Kyiv day', () => {
    // 01:30 Kyiv on 3 March is still 2 March in UTC: the Kyiv day counts.
    const now = kyivTime(2026, 3, 3, 1, 30);
    const state = rangeReducer(initialRangeState, setToday(now));
    expect(state.start).toBe(kyivTime(2026, 3, 3));
    expect(state.end).toBe(kyivTime(2026, 3, 4) - 1);
    expect(state.page).toBe(1);
  });

  it('today without an instant means now', () => {
    const before = Date.now();
    const state = rangeReducer(initialRangeState, setToday());
    expect(state.start).not.toBeNull();
    expect(state.start as number).toBeLessThanOrEqual(before);
    expect(state.end as number).toBeGreaterThanOrEqual(before);
    expect((state.end as number) - (state.start as number)).toBeGreaterThanOrEqual(23 * 3600 * 1000 - 1);
  });

  it('the page can be set', () => {
    expect(rangeReducer(chosen, setPage(5))).toEqual({ ...chosen, page: 5 });
  });

  it('the history submenu resets the range: all dates, page 1', () => {
    expect(rangeReducer(chosen, resetRange())).toEqual(initialRangeState);
  });

  it('signing out forgets the range', () => {
    expect(rangeReducer(chosen, sessionEnded())).toEqual(initialRangeState);
  });

  it('before the slice is injected its selector reads the initial state', () => {
    expect(selectRange({})).toEqual(initialRangeState);
    expect(selectRange({ range: chosen })).toBe(chosen);
  });
});
