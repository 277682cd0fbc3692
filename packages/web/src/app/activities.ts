import { clubsReducer } from '../features/clubs/slice';
import { gameReducer } from '../features/game/slice';
import { olympiadsReducer } from '../features/olympiads/slice';
import { injectReducers } from './store';

// Loaded with the game, olympiad and clubs screens (see routes.tsx): their slices join the store
// here, so /login does not carry them. Injecting again is a no-op.
injectReducers({ game: gameReducer, olympiads: olympiadsReducer, clubs: clubsReducer });
