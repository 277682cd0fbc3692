// The game slice, for the store (injected with the game screen, app/game.ts). The screen loads lazily by path.
export {
  answerTask,
  fetchGameRating,
  fetchGameStats,
  gameReducer,
  initialGameState,
  leaveRound,
  startRound,
  submitRound,
} from './slice';
export type { GameRootState, GameState } from './types';
