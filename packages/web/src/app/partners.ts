import { exercisesCountReducer } from '../features/homework';
import { partnersReducer } from '../features/support/slice';
import { injectReducers } from './store';

// Loaded with the frame of the signed-in screens (layouts/AppLayout.tsx): the frame's slices join
// here, so /login carries neither (docs/decisions/0002). Injecting again is a no-op.
injectReducers({ partners: partnersReducer });
// The header's unread count, until the homework screens bring the whole exercises slice (app/homework.ts).
injectReducers({ exercises: exercisesCountReducer }, { unlessThere: true });

export { fetchIndicators } from '../features/support/slice';
