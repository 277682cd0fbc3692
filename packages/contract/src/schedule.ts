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

/**
 * How long a running wave takes newcomers: during its first 7 Kyiv days (until 00:00 Kyiv of
 * start day + 7), so a learner who joins late has at most a week of lessons to catch up on
 * (docs/domain.md «Courses, waves and enrolment»).
 */
export const WAVE_JOIN_DAYS = 7;

/** A wave a newcomer may join: its label, its start and, for a running one, the last moment to join. */
export interface WaveChoice {
  wave: string;
  start: number;
  /** The instant the wave stops taking newcomers, when there is another to join; else null. */
  joinUntil: number | null;
}

/**
 * The waves a newcomer may join, earliest first: the current wave while it is young
 * (`WAVE_JOIN_DAYS`) and the announced next one; with no next wave the current one, whatever its
 * age. The last is the one a join without a choice takes (the next wave when announced).
 */
export function joinableWaves(state: WaveState, now: number): WaveChoice[] {
  const waves = rollWaves(state, now);
  if (waves.nextWave === null || waves.nextStart === null) {
    return [{ wave: waves.currentWave, start: waves.currentStart, joinUntil: null }];
  }
  const next: WaveChoice = { wave: waves.nextWave, start: waves.nextStart, joinUntil: null };
  const joinUntil = lessonOpensAt(waves.currentStart, WAVE_JOIN_DAYS + 1, null);
  return now < joinUntil ? [{ wave: waves.currentWave, start: waves.currentStart, joinUntil }, next] : [next];
}
