/** Time as the server sees it; tests pass their own to move through hours in a moment. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
