import type { Course, CourseListItem, Lesson, SelfTestResult, Today } from '@yedyni/contract';

export type TodayCourse = Today['courses'][number];

/** Spec section 4, «Course»: the open course with its lessons; also the course list and today's plan. */
export interface CourseState {
  course: Course | null;
  /** `/uk/learn`: every course, mine (`enrolled`) and those I can join. */
  courses: CourseListItem[];
  /** Home: what to do today in each of my courses; null until loaded. */
  today: TodayCourse[] | null;
  isLoading: boolean;
  error: string | null;
}

/** Spec section 4, «Lesson»: the lesson on screen, its content as text. */
export interface LessonState {
  currentLesson: Lesson | null;
  content: string;
  /** Loading of the content. */
  isLoading: boolean;
  /** Why the content failed to load. */
  error: string | null;
  /** The self-test of the current lesson: its last result, while it is being checked, its failure. */
  testResult: SelfTestOutcome | null;
  isChecking: boolean;
  testError: string | null;
}

/** The part of the store this feature reads; absent until the learning slices are injected. */
export interface CoursesRootState {
  course?: CourseState;
  lesson?: LessonState;
}

export interface NextWaveBody {
  courseId: string;
  nextWave: string | null;
  nextStart: number | null;
}

export interface NextWaveAnswer {
  _id: string;
  nextWave: string | null;
  nextStart: number | null;
}

export interface LessonDateBody {
  courseId: string;
  lessonId: string;
  scheduledDate: number | null;
}

export interface LessonDateAnswer {
  lessonId: string;
  scheduledDate: number | null;
}

/** The server's verdict with the answers it was given (null: not answered). */
export interface SelfTestOutcome extends SelfTestResult {
  answers: (number | null)[];
}

export interface SelfTestArg {
  courseId: string;
  lessonId: string;
  answers: (number | null)[];
}
