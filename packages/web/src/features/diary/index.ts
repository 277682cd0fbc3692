// The diary slice, for the store (injected with the learning screens). Screens load lazily by path.
export {
  addDiary,
  DIARY_MAX,
  diaryReducer,
  fetchDiary,
  initialDiaryState,
  prefetchDiary,
  selectDiary,
  updateDiary,
} from './slice';
export type { DiaryRootState, DiaryState } from './types';
