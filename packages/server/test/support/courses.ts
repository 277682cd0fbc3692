import { fileURLToPath } from 'node:url';
import { DEFAULT_NOTIFICATION_PREFERENCES, kyivParts, kyivTime } from '@yedyni/contract';
import { importCourse } from '../../src/features/courses/content.js';
import { newPerson, type TestApp } from './app.js';
import { enableTwoStep, finishSignIn } from './two-step.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/courses', import.meta.url));
export const DAY = 24 * 60 * 60 * 1000;

/** 00:00 Kyiv of the test clock's day, plus whole days. */
export function kyivMidnight(t: TestApp, plusDays = 0): number {
  const p = kyivParts(t.clock.now());
  return kyivTime(p.year, p.month, p.day + plusDays);
}

/** Imports the fixture courses with their first wave starting today (Kyiv): lesson 1 is open, 2 and 3 not yet. */
export async function importFixtures(t: TestApp): Promise<{ alpha: string; beta: string }> {
  const options = { mediaRoot: t.app.services.mediaRoot, now: t.clock.now(), waveStart: kyivMidnight(t) };
  const alpha = await importCourse(t.app.services.db, `${FIXTURES}/alpha`, options);
  const beta = await importCourse(t.app.services.db, `${FIXTURES}/beta`, options);
  return { alpha: alpha.id, beta: beta.id };
}

export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const answer = await t.api('POST', '/api/auth/register', { body: person });
  if (answer.status !== 201) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  return { person, token: answer.body.token as string, user: answer.body.user };
}

/**
 * No quiet hours for this person. For tests on the real clock that expect a mail at once: from
 * 22:00 to 08:00 Kyiv the default quiet hours would hold it until morning.
 */
export async function withoutQuietHours(t: TestApp, token: string): Promise<void> {
  const body = { ...DEFAULT_NOTIFICATION_PREFERENCES, quietFrom: 0, quietTo: 0 };
  const answer = await t.api('PUT', '/api/notifications/preferences', { token, body });
  if (answer.status !== 200) throw new Error(`preferences failed: ${JSON.stringify(answer.body)}`);
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const answer = await t.api('POST', '/api/auth/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  if (answer.body.twoStep) return finishSignIn(t, email, answer.body.twoStep.ticket);
  return answer.body.token as string;
}

/**
 * One category of someone's in-app notifications, newest first; signed in afresh, since sessions
 * last 30 days and the reminder tests move the clock by months.
 */
export async function notificationsOf(
  t: TestApp,
  { person }: { person: { email: string; password: string } },
  category: string,
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; the server validates them against the contract
): Promise<any[]> {
  const token = await signIn(t, person.email, person.password);
  const { body } = await t.api('GET', '/api/notifications', { token });
  return body.notifications.filter((n: { category: string }) => n.category === category);
}

/**
 * Someone with a role, made the way operators make them (the command line's createAccount), who
 * has turned on two-step sign-in as staff must: who they are, their id and a token. `signIn`
 * completes their code step afterwards.
 */
export async function staffAccount(
  t: TestApp,
  role: 'moderator' | 'admin',
  overrides: Record<string, unknown> = {},
): Promise<{ person: ReturnType<typeof newPerson>; id: string; token: string }> {
  const person = newPerson(overrides);
  const id = await t.app.services.auth.createAccount({ ...person, role });
  const token = await signIn(t, person.email, person.password);
  await enableTwoStep(t, token, person);
  return { person, id, token };
}

/** A staff member's token; see `staffAccount`. */
export async function staff(t: TestApp, role: 'moderator' | 'admin'): Promise<string> {
  return (await staffAccount(t, role)).token;
}

/** A curator (moderator); see `staff`. */
export const curator = (t: TestApp) => staff(t, 'moderator');

/** Right answers of the fixtures' tests: question i's answer is i % 3. */
export const RIGHT_ANSWERS = Array.from({ length: 10 }, (_, i) => i % 3);
