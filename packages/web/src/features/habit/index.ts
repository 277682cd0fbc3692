// The daily habit on home: its slice joins the store with the learning slices (app/learning.ts).
// The card loads lazily by path, so it is not re-exported here; the wave's streak calendar is, for
// «Мій прогрес» to show the days the way home does.
export { StreakCalendar } from './components/StreakCalendar';
export { type HabitRootState, type HabitState, habitReducer, initialHabitState, saveGoal } from './habitSlice';
