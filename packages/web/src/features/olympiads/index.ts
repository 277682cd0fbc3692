// The olympiads slice, for the store (injected with the olympiad screen, app/olympiads.ts). The screen loads lazily by path.
export {
  answerOlympiadTask,
  fetchOlympiads,
  initialOlympiadsState,
  leaveAttempt,
  olympiadsReducer,
  startOlympiad,
  submitOlympiad,
} from './slice';
export type { OlympiadsRootState, OlympiadsState } from './types';
