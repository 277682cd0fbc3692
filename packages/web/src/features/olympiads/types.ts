import type { Olympiad, OlympiadAttempt, OlympiadResults, TaskResult } from '@yedyni/contract';
import type { Answers } from '../../shared/tasks';

/**
 * The score of my attempt (contract olympiads.ts `olympiadScoreSchema`, which exports no type of
 * its own).
 */
export interface OlympiadScore {
  score: number;
  maxScore: number;
  late: boolean;
  /** Empty until the olympiad is over: the first to finish must not pass answers to the rest. */
  results: TaskResult[];
  /** While it runs: when the answers appear (Ukrainian, from the server). */
  note: string | null;
}

/** My attempt as it arrived: the server's deadline, when it arrived here, and the time limit. */
export type RunningAttempt = OlympiadAttempt & { receivedAt: number; limitMs: number };

/** The next olympiad and the last one's tables; my attempt under way, its answers and score. */
export interface OlympiadsState {
  next: Olympiad | null;
  previous: OlympiadResults | null;
  /** The overview has arrived at least once. */
  loaded: boolean;
  attempt: RunningAttempt | null;
  answers: Answers;
  score: OlympiadScore | null;
  isSubmitting: boolean;
  isLoading: boolean;
  error: string | null;
}

export interface OlympiadsRootState {
  olympiads?: OlympiadsState;
}
