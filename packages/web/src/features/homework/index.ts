// What the first screen needs of the homework feature: the unread count. The whole slice and the
// homework screens load lazily by path (app/homework.ts), so they are not re-exported here.
export { countNotificationsSet, exercisesCountReducer, initialExercisesState, selectCountNotifications } from './count';
export type { ExercisesRootState, ExercisesState, Viewer } from './types';
