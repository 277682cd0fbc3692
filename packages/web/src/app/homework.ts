import { exercisesReducer } from '../features/homework/slice';
import { injectReducers } from './store';

// Loaded with the homework screens (the practice tab, notifications, review; see routes.tsx): the
// whole exercises slice replaces the count-only stand-in the frame brought (app/partners.ts). Injecting again
// is a no-op.
injectReducers({ exercises: exercisesReducer });
