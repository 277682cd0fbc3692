import type { Diary } from '@yedyni/contract';

/** Spec section 4, «Diary»: the entry of one lesson (date, entry, plan, and the self-test score). */
export interface DiaryState {
  diary: Diary | null;
  /**
   * The lesson (`courseId/lessonId`) whose entry `diary` is, once loaded: the tab opens from it
   * without asking again. Null until loaded, and again once a counted self-test changed it.
   */
  loadedFor: string | null;
  isLoading: boolean;
  error: string | null;
}

export interface DiaryRootState {
  diary?: DiaryState;
}

export interface DiaryQuery {
  courseId: string;
  lessonId: string;
}

export interface DiaryInput extends DiaryQuery {
  /** 'YYYY-MM-DD', the Kyiv day written about. */
  date: string;
  entry: string;
  plan: string;
}
