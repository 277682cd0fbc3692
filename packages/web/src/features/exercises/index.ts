export type { ExercisesRootState, ExercisesState } from './slice';
export {
  countNotificationsSet,
  exercisesReducer,
  initialExercisesState,
  selectCountNotifications,
} from './slice';
