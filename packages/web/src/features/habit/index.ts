// The daily habit on home: its slice joins the store with the learning slices (app/learning.ts).
// The card loads lazily by path, so it is not re-exported here.
export { type HabitRootState, type HabitState, habitReducer, initialHabitState, saveGoal } from './habitSlice';
