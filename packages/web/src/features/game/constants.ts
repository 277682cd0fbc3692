// Copies of the contract's game constants (packages/contract/src/game.ts: GAME_ROUND_TASKS,
// GAME_ROUND_MS, GAME_DAILY_POINTS); the web imports only types from the contract's schema files.

/** A round of «Паляниця» has this many tasks… */
export const GAME_ROUND_TASKS = 7;
/** …and lasts at most this long (the server keeps the deadline). */
export const GAME_ROUND_MS = 7 * 60 * 1000;
/** At most this many game points join the footprint per Kyiv day; later rounds still score. */
export const GAME_DAILY_POINTS = 100;
