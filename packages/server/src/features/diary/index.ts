/** The diary's public API: what other features, services.ts and app.ts may use. */
export {
  diaryDaysOf,
  diaryEntriesOf,
  diaryForExport,
  forgetLearnerDiary,
  hasScoredSelfTest,
  recordFirstTest,
} from './repo.js';
export { diaryRoutes } from './routes.js';
export { DiaryService } from './service.js';
