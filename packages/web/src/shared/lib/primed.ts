import { ApiError, answerOf, api, getText, NETWORK_ERROR } from '../api';
import { authHeaders } from '../api/client';

// Reads started before the code that shows them has arrived: index.html's head script (on a
// signed-in address) or a screen's lazy loader asks for its data while the chunks load (no
// waterfall: chunk, then request), and the screen's thunk takes the answer instead of asking
// again. An answer is taken once (see AGAIN_MS), and only while it is fresh.

/** What index.html's head script started (build/pageScripts.ts, earlyStart): raw answers by key. */
type EarlyAnswers = Record<string, { at: number; auth: string; answer: Promise<{ status: number; text: string }> }>;

const FRESH_MS = 30_000;

// The reads that are primed, named here because their loaders run before the feature's code has
// arrived (the courses feature calls them by these names too).
/** «Що сьогодні» (home). */
export const TODAY_PATH = '/courses/today';
/** A course with its lessons; the base of the course's other calls. */
export const coursePath = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;
/**
 * A lesson's content, as the course's answer links to it (`lesson.content`, made by the server's
 * features/courses/service.ts): primed on the lesson's address before the course has arrived.
 */
export const lessonContentUrl = (courseId: string, day: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(day)}/content`;
/** My homework for a lesson (its «Практика» tab), primed when the lesson is on screen. */
export const exercisePath = (courseId: string, lessonId: string) =>
  `/exercises?${new URLSearchParams({ courseId, lessonId })}`;

interface Primed {
  at: number;
  /** Whose answer it is (the Authorization it was asked with): nobody else's screen takes it. */
  auth: string;
  answer: Promise<unknown>;
  takenAt?: number;
}
const primed = new Map<string, Primed>();
const currentAuth = () => authHeaders('').Authorization ?? '';

/** Forgets every answer not taken (the tests, between one signed-in app and the next). */
export function forgetPrimed(): void {
  primed.clear();
  delete (window as { __early?: EarlyAnswers }).__early;
}

function start(key: string, answer: () => Promise<unknown>): void {
  // index.html's script asked already.
  if ((window as { __early?: EarlyAnswers }).__early?.[key]) return;
  const started = answer();
  // A failure is the thunk's to report when it takes the answer; until then it is not unhandled.
  started.catch(() => {});
  primed.set(key, { at: Date.now(), auth: currentAuth(), answer: started });
}

/** Starts a GET of `path` (under /api) now. */
export function prime(path: string): void {
  start(path, () => api.get(path));
}

/** Starts a GET of a document the API links to (a lesson's content URL) as text, now. */
export function primeText(url: string): void {
  start(`text:${url}`, () => getText(url));
}

/** An answer index.html's script asked for, read as `request` (shared/api) reads one. */
function early(key: string): Primed | undefined {
  const started = (window as { __early?: EarlyAnswers }).__early?.[key];
  if (!started) return undefined;
  const asText = key.startsWith('text:');
  const answer = started.answer.then(
    ({ status, text }) => (asText && status >= 200 && status < 300 ? text : answerOf(status, text)),
    () => {
      throw new ApiError(NETWORK_ERROR, 0);
    },
  );
  return { at: started.at, auth: started.auth, answer };
}

/**
 * Asked again within this long of being taken, an answer is handed out again: the same screen
 * asking twice as it mounts (StrictMode runs effects twice; a tab and its lesson mount together).
 */
const AGAIN_MS = 1000;

function take<T>(key: string): Promise<T> | undefined {
  const now = Date.now();
  const entry = primed.get(key) ?? early(key);
  const earlyAnswers = (window as { __early?: EarlyAnswers }).__early;
  if (earlyAnswers) delete earlyAnswers[key];
  if (!entry || now - entry.at >= FRESH_MS || entry.auth !== currentAuth()) {
    primed.delete(key);
    return undefined;
  }
  entry.takenAt ??= now;
  if (now - entry.takenAt >= AGAIN_MS) {
    primed.delete(key);
    return undefined;
  }
  primed.set(key, entry);
  return entry.answer as Promise<T>;
}

/** The primed answer for `path`, else a GET of it now. */
export const primedGet = <T>(path: string): Promise<T> => take<T>(path) ?? api.get<T>(path);

/** The primed text of `url`, else a GET of it now. */
export const primedText = (url: string): Promise<string> => take<string>(`text:${url}`) ?? getText(url);
