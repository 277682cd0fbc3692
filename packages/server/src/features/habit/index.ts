/** Habit's public API (the daily habit): practice every feature records, streaks, the daily goal. */
export {
  forgetPractice,
  lastPracticeDay,
  lessonPracticeCounts,
  type Practice,
  practiceDays,
  practisedSince,
  recordPractice,
} from './practice.js';
export { habitRoutes } from './routes.js';
export { HabitService, type LearnerWave, STREAK_HISTORY_DAYS, type StreakReminder, streakWaves } from './service.js';
