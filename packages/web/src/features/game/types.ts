import type { GameRating, GameStats, Round, RoundResult } from '@yedyni/contract';
import type { Answers } from '../../shared/tasks';

/** A round as it arrived: the server's deadline, and when it arrived on this device's clock. */
export type PlayedRound = Round & { receivedAt: number };

/** «Паляниця»: the round under way (its answers so far), its result, my stats and the rating. */
export interface GameState {
  round: PlayedRound | null;
  /** One per task of the round, null where there is no answer yet. */
  answers: Answers;
  result: RoundResult | null;
  /** The answers are being sent (once: the timer and «Завершити» may both ask). */
  isSubmitting: boolean;
  stats: GameStats | null;
  rating: GameRating['players'] | null;
  isLoading: boolean;
  error: string | null;
}

export interface GameRootState {
  game?: GameState;
}
