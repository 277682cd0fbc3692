import { clubsReducer } from '../features/clubs';
import { gameReducer } from '../features/game';
import { olympiadsReducer } from '../features/olympiads';
import { injectReducers } from './store';

// Loaded with the game, olympiad and clubs screens (see routes.tsx): their slices join the store
// here, so /login does not carry them. Injecting again is a no-op.
injectReducers({ game: gameReducer, olympiads: olympiadsReducer, clubs: clubsReducer });
