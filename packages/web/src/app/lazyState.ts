import type { CourseState, LessonState } from '../features/courses/types';
import type { DiaryState } from '../features/diary/types';

/** Slices injected with the learning screens (app/learning.ts); absent until then. */
export interface LazyLoadedState {
  course: CourseState;
  lesson: LessonState;
  diary: DiaryState;
}
