// The course and lesson slices, for the store (injected with the learning screens). Screens load
// lazily by path, so they are not re-exported here.
export {
  courseReducer,
  enrollCourse,
  fetchCourse,
  fetchCourses,
  fetchToday,
  initialCourseState,
  rescheduleLesson,
  selectCourse,
  updateNextWave,
} from './courseSlice';
export {
  checkSelfTest,
  fetchLessonContent,
  initialLessonState,
  lessonReducer,
  selectCurrentLesson,
} from './lessonSlice';
export type { CourseState, CoursesRootState, LessonState } from './types';
