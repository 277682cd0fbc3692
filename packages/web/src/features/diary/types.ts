import type { Diary } from '@yedyni/contract';

/** Spec section 4, «Diary»: the entry of one lesson (date, entry, plan, and the self-test score). */
export interface DiaryState {
  diary: Diary | null;
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
