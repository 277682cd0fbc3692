import { kyivParts, kyivTime } from './dates.js';

/**
 * When a lesson opens: at its scheduled instant when a curator set one, otherwise at 00:00 Kyiv
 * on the wave's start day + (day − 1) days.
 */
export function lessonOpensAt(waveStart: number, day: number, scheduledDate: number | null): number {
  if (scheduledDate !== null) return scheduledDate;
  const start = kyivParts(waveStart);
  return kyivTime(start.year, start.month, start.day + day - 1);
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
