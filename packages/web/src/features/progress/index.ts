// Progress's public API. Its screen (components/ProgressPage) loads lazily by path; the streak
// calendar is here for home to show the same days the same way.
export { StreakCalendar } from './components/StreakCalendar';
