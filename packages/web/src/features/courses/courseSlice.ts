import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Course, CourseListItem, Today, User } from '@yedyni/contract';
import { lessonOpensAt } from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { coursePath, primedGet, TODAY_PATH } from '../../shared/lib/primed';
import { sessionEnded, userUpdated } from '../../shared/lib/session';
import { curatorApi } from './api';
import type { CourseState, CoursesRootState } from './types';

export const initialCourseState: CourseState = {
  course: null,
  courses: [],
  today: null,
  isLoading: false,
  error: null,
};

const createCourseThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

/** A thunk over API calls: a failure is rejected with the server's message (spec §8, docs/ARCHITECTURE.md). */
function courseCall<Arg, Result>(type: string, call: (arg: Arg) => Promise<Result>) {
  return createCourseThunk(type, async (arg: Arg, { rejectWithValue }) => {
    try {
      return await call(arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

const path = coursePath;

/** Read: every course, mine and those I can join. */
export const fetchCourses = courseCall<void, CourseListItem[]>('course/list', async () => {
  const answer = await api.get<{ courses: CourseListItem[] }>('/courses');
  return answer.courses;
});

/**
 * Read: the next lesson, diary entries to write and progress in each of my courses. The answer
 * carries the daily habit too (one request for home): the habit's slice takes it from this action.
 */
export const fetchToday = courseCall<void, Today>('course/today', () => primedGet<Today>(TODAY_PATH));

/** Read: one course with its lessons (403 for a course I have not joined). */
export const fetchCourse = courseCall('course/fetch', (courseId: string) => primedGet<Course>(coursePath(courseId)));

/**
 * Joins a course, in the chosen wave (one of the course's `joinWaves`; without one, the server's
 * default); the user (with its courses) and the course list are refreshed after.
 */
export const enrollCourse = createCourseThunk(
  'course/enroll',
  async ({ courseId, wave }: { courseId: string; wave?: string }, { dispatch, rejectWithValue }) => {
    let user: User;
    try {
      user = await api.post<User>(`${path(courseId)}/enroll`, wave === undefined ? undefined : { wave });
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
    dispatch(userUpdated(user));
    await dispatch(fetchCourses());
    return courseId;
  },
);

/** Curators: announces the next wave, or withdraws the announcement with both values null. */
export const updateNextWave = courseCall('course/update', curatorApi.setNextWave);

/** Curators: opens a lesson at a chosen instant, or back on the wave's schedule with null. */
export const rescheduleLesson = courseCall('course/reschedule', curatorApi.setLessonDate);

const all = [fetchCourses, fetchToday, fetchCourse, enrollCourse, updateNextWave, rescheduleLesson] as const;

const courseSlice = createSlice({
  name: 'course',
  initialState: initialCourseState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCourses.fulfilled, (state, action) => {
        state.courses = action.payload;
      })
      .addCase(fetchToday.fulfilled, (state, action) => {
        state.today = action.payload.courses;
      })
      .addCase(fetchCourse.fulfilled, (state, action) => {
        state.course = action.payload;
      })
      .addCase(enrollCourse.fulfilled, (state, action) => {
        const item = state.courses.find((c) => c._id === action.payload);
        if (item) item.enrolled = true;
      })
      // Spec: an update merges into the course.
      .addCase(updateNextWave.fulfilled, (state, action) => {
        const { _id, ...update } = action.payload;
        if (state.course && state.course._id === _id) Object.assign(state.course, update);
      })
      // Spec: rescheduling sets scheduledDate on the lesson whose day equals lessonId.
      .addCase(rescheduleLesson.fulfilled, (state, action) => {
        const { course } = state;
        if (!course || course._id !== action.meta.arg.courseId) return;
        const lessonId = String(action.payload.lessonId);
        const lesson = course.lessons.find((l) => l.day === lessonId);
        if (!lesson) return;
        lesson.scheduledDate = action.payload.scheduledDate;
        lesson.opensAt = lessonOpensAt(course.start, Number(lesson.day), lesson.scheduledDate);
      })
      .addCase(sessionEnded, () => initialCourseState);
    addLoadingState(builder, [...all]);
  },
});

export const courseReducer = courseSlice.reducer;

const selectCourseState = (state: CoursesRootState) => state.course ?? initialCourseState;
export const selectCourse = (state: CoursesRootState) => selectCourseState(state).course;
export const selectCourses = (state: CoursesRootState) => selectCourseState(state).courses;
export const selectToday = (state: CoursesRootState) => selectCourseState(state).today;
export const selectCourseLoading = (state: CoursesRootState) => selectCourseState(state).isLoading;
export const selectCourseError = (state: CoursesRootState) => selectCourseState(state).error;
