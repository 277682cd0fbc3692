import type { Course } from '@yedyni/contract';
import { course as baseCourse, indicators, user } from './fixtures';
import { json, mockApi } from './mockApi';
import { storeToken } from './renderApp';

type Routes = Parameters<typeof mockApi>[0];

/** A signed-in learner (120 UAH given, level 3.00); `extra` adds or overrides answers. */
export function signedInApi(extra: Routes = {}) {
  storeToken('token-1');
  return mockApi({
    'GET /api/auth/current': () => json(user),
    'GET /api/partners/indicators': () => json(indicators),
    ...extra,
  });
}

/**
 * A signed-in learner whose course `c-1` the server knows, with no homework and no notifications;
 * `extra` adds or overrides answers.
 */
export function learnerApi(extra: Routes = {}, course: Course = baseCourse) {
  return signedInApi({
    'GET /api/courses/c-1': () => json(course),
    'GET /api/exercises/notifications?limit=1': () => json({ notifications: [], countNotifications: 0 }),
    ...Object.fromEntries(
      course.lessons.map((lesson) => [
        `GET ${lesson.content}`,
        () => new Response(`<h2>Текст уроку ${lesson.day}</h2>`, { headers: { 'Content-Type': 'text/html' } }),
      ]),
    ),
    // No homework handed in yet.
    ...Object.fromEntries(
      course.lessons.map((lesson) => [
        `GET /api/exercises?courseId=${course._id}&lessonId=${lesson.day}`,
        () => json(null),
      ]),
    ),
    ...extra,
  });
}

/** The recorded calls as `METHOD url`. */
export function callsOf(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
}

/** The JSON body of the last call to `METHOD url`. */
export function lastBody(fetchMock: ReturnType<typeof mockApi>, call: string): unknown {
  const found = fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === call).at(-1);
  return found ? JSON.parse(String(found[1]?.body)) : undefined;
}
