/** Time as the server sees it; tests pass their own to move through hours in a moment. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The machine's time moved by `shiftMs` (benchmarks: BENCH_CLOCK_SHIFT_MS); the system clock for 0. */
export function shiftedClock(shiftMs: number): Clock {
  return shiftMs === 0 ? systemClock : { now: () => Date.now() + shiftMs };
}
