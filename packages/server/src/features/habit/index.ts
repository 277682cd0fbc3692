/** Habit's public API (the daily habit): practice every feature records, streaks, the daily goal. */
export { forgetPractice, type Practice, practiceDays, recordPractice } from './practice.js';
export { habitRoutes } from './routes.js';
export { HabitService, type LearnerWave, type StreakReminder } from './service.js';
