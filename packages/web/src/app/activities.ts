import { clubsReducer } from '../features/clubs';
import { gameReducer } from '../features/game';
import { olympiadsReducer } from '../features/olympiads';
import { modalReducer } from '../shared/modal/slice';
import { injectReducers } from './store';

// Loaded with the game, olympiad and clubs screens (see routes.tsx): their slices, and the modal
// slice of the olympiad's «start the single attempt?» dialog, join the store here, so /login does
// not carry them. Injecting again is a no-op.
injectReducers({ game: gameReducer, olympiads: olympiadsReducer, clubs: clubsReducer, modal: modalReducer });
