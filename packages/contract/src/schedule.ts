import { kyivParts, kyivTime } from './dates.js';

/** Opening instants by wave start and day (pure, so they never go stale). */
const openingTimes = new Map<string, number>();

/**
 * When a lesson opens: at its scheduled instant when a curator set one, otherwise at 00:00 Kyiv
 * on the wave's start day + (day − 1) days.
 */
export function lessonOpensAt(waveStart: number, day: number, scheduledDate: number | null): number {
  if (scheduledDate !== null) return scheduledDate;
  // Every course page asks this for each lesson, and the answer takes three time-zone lookups; the
  // same few wave starts come up again and again.
  const key = `${waveStart}:${day}`;
  const known = openingTimes.get(key);
  if (known !== undefined) return known;
  const start = kyivParts(waveStart);
  const opensAt = kyivTime(start.year, start.month, start.day + day - 1);
  if (openingTimes.size >= 10_000) openingTimes.clear();
  openingTimes.set(key, opensAt);
  return opensAt;
}

export interface WaveState {
  currentWave: string;
  currentStart: number;
  nextWave: string | null;
  nextStart: number | null;
}

/** The announced next wave becomes current once its start has come. */
export function rollWaves(state: WaveState, now: number): WaveState {
  if (state.nextWave !== null && state.nextStart !== null && state.nextStart <= now) {
    return { currentWave: state.nextWave, currentStart: state.nextStart, nextWave: null, nextStart: null };
  }
  return state;
}
