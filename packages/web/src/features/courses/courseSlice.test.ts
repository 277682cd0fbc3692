import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { lessonOpensAt } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded, userUpdated } from '../../shared/lib/session';
import { course, courseItem, habitSummary, otherCourseItem, user } from '../../test/fixtures';
import { json, mockApi } from '../../test/mockApi';
import {
  courseReducer,
  enrollCourse,
  fetchCourse,
  fetchCourses,
  fetchToday,
  initialCourseState,
  rescheduleLesson,
  updateNextWave,
} from './courseSlice';
import type { CourseState } from './types';

const loaded: CourseState = { ...initialCourseState, course };
const nextBody = { courseId: 'c-1', nextWave: '30', nextStart: Date.UTC(2026, 3, 1) };

describe('course slice (spec §4, docs/ARCHITECTURE.md)', () => {
  it('starts with no course, no lists, not loading', () => {
    expect(courseReducer(undefined, { type: '@@init' })).toEqual({
      course: null,
      courses: [],
      today: null,
      isLoading: false,
      error: null,
    });
  });

  it('loading a course sets isLoading and clears the last error', () => {
    const state = courseReducer({ ...initialCourseState, error: 'було' }, fetchCourse.pending('r', 'c-1'));
    expect(state).toMatchObject({ isLoading: true, error: null });
  });

  it('a loaded course holds its lessons list, and isLoading is cleared', () => {
    const pending = courseReducer(initialCourseState, fetchCourse.pending('r', 'c-1'));
    const state = courseReducer(pending, fetchCourse.fulfilled(course, 'r', 'c-1'));
    expect(state.isLoading).toBe(false);
    expect(state.course?.lessons.map((l) => [l.day, l.scheduledDate])).toEqual([
      ['1', null],
      ['2', null],
      ['3', null],
    ]);
  });

  it('a failed load keeps the error and clears isLoading; the course stays', () => {
    const pending = courseReducer(loaded, fetchCourse.pending('r', 'c-1'));
    const state = courseReducer(pending, fetchCourse.rejected(null, 'r', 'c-1', 'Курс не знайдено'));
    expect(state).toMatchObject({ isLoading: false, error: 'Курс не знайдено', course });
  });

  it('an update merges into the course', () => {
    const answer = { _id: 'c-1', nextWave: '30', nextStart: nextBody.nextStart };
    const state = courseReducer(loaded, updateNextWave.fulfilled(answer, 'r', nextBody));
    expect(state.course).toEqual({ ...course, nextWave: '30', nextStart: nextBody.nextStart });
    expect(state.isLoading).toBe(false);
  });

  it('an update of another course leaves the open one as it is', () => {
    const answer = { _id: 'c-9', nextWave: '30', nextStart: 1 };
    const state = courseReducer(loaded, updateNextWave.fulfilled(answer, 'r', { ...nextBody, courseId: 'c-9' }));
    expect(state.course).toEqual(course);
  });

  it('a failed update keeps the error and the course', () => {
    const state = courseReducer(
      { ...loaded, isLoading: true },
      updateNextWave.rejected(null, 'r', nextBody, 'Наступна хвиля: цей номер уже використано'),
    );
    expect(state).toMatchObject({ isLoading: false, error: 'Наступна хвиля: цей номер уже використано', course });
  });

  it('rescheduling sets scheduledDate on the lesson whose day equals lessonId, and only there', () => {
    const at = Date.UTC(2026, 2, 4, 12, 5);
    const body = { courseId: 'c-1', lessonId: '3', scheduledDate: at };
    const state = courseReducer(loaded, rescheduleLesson.fulfilled({ lessonId: '3', scheduledDate: at }, 'r', body));
    const [one, two, three] = state.course?.lessons ?? [];
    expect(three).toMatchObject({ day: '3', scheduledDate: at, opensAt: at });
    expect(one).toEqual(course.lessons[0]);
    expect(two).toEqual(course.lessons[1]);
  });

  it('clearing a schedule puts the lesson back on the wave timetable', () => {
    const scheduled = courseReducer(
      loaded,
      rescheduleLesson.fulfilled({ lessonId: '2', scheduledDate: 5 }, 'r', {
        courseId: 'c-1',
        lessonId: '2',
        scheduledDate: 5,
      }),
    );
    const state = courseReducer(
      scheduled,
      rescheduleLesson.fulfilled({ lessonId: '2', scheduledDate: null }, 'r', {
        courseId: 'c-1',
        lessonId: '2',
        scheduledDate: null,
      }),
    );
    expect(state.course?.lessons[1]).toMatchObject({
      scheduledDate: null,
      opensAt: lessonOpensAt(course.start, 2, null),
    });
  });

  it('loads the course list and today’s plan', () => {
    let state = courseReducer(initialCourseState, fetchCourses.fulfilled([courseItem, otherCourseItem], 'r'));
    expect(state.courses).toHaveLength(2);
    const today = [
      { _id: 'c-1', title: 'Т', wave: '29', nextLesson: null, diaryMissing: [], lessonsTotal: 3, lessonsDone: 0 },
    ];
    state = courseReducer(state, fetchToday.fulfilled({ courses: today, habit: habitSummary }, 'r'));
    expect(state.today).toEqual(today);
  });

  it('joining marks the course as mine', () => {
    const state = courseReducer(
      { ...initialCourseState, courses: [courseItem, otherCourseItem] },
      enrollCourse.fulfilled('c-2', 'r', { courseId: 'c-2' }),
    );
    expect(state.courses.find((c) => c._id === 'c-2')?.enrolled).toBe(true);
  });

  it('signing out forgets everything', () => {
    expect(courseReducer({ ...loaded, courses: [courseItem] }, sessionEnded())).toEqual(initialCourseState);
  });
});

describe('course thunks', () => {
  const store = () => configureStore({ reducer: { course: courseReducer } });

  it('joining posts enroll, passes the fresher user on, and loads the list again', async () => {
    const fresh = { ...user, courses: [{ _id: 'c-2', title: otherCourseItem.title }] };
    const fetchMock = mockApi({
      'POST /api/courses/c-2/enroll': () => json(fresh),
      'GET /api/courses': () => json({ courses: [courseItem, { ...otherCourseItem, enrolled: true }] }),
    });
    const s = store();
    const result = await s.dispatch(enrollCourse({ courseId: 'c-2' }));
    expect(result.type).toBe('course/enroll/fulfilled');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/courses/c-2/enroll',
      'GET /api/courses',
    ]);
    expect(s.getState().course.courses.every((c) => c.enrolled)).toBe(true);
  });

  it('the enrolled user reaches the auth slice through userUpdated', async () => {
    const fresh = { ...user, courses: [{ _id: 'c-2', title: otherCourseItem.title }] };
    mockApi({
      'POST /api/courses/c-2/enroll': () => json(fresh),
      'GET /api/courses': () => json({ courses: [] }),
    });
    const actions: string[] = [];
    const spy: Middleware = () => (next) => (action) => {
      if (userUpdated.match(action)) actions.push(action.payload.courses.map((c) => c._id).join(','));
      return next(action);
    };
    const s = configureStore({
      reducer: { course: courseReducer },
      middleware: (getDefault) => getDefault().concat(spy),
    });
    await s.dispatch(enrollCourse({ courseId: 'c-2' }));
    expect(actions).toEqual(['c-2']);
  });

  it('a failed course update rejects with the server message', async () => {
    mockApi({ 'PATCH /api/courses/next': () => json({ message: 'Це можуть робити лише куратори' }, 403) });
    const s = store();
    const result = await s.dispatch(updateNextWave(nextBody));
    expect(result.payload).toBe('Це можуть робити лише куратори');
    expect(s.getState().course.error).toBe('Це можуть робити лише куратори');
  });
});
