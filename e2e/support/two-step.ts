/**
 * Two-step sign-in as a person with an authenticator app does it: the app's codes are made here
 * with `otpauth` from the secret the set-up showed, and the recovery codes are kept as the person
 * would keep them. Staff accounts must have it on before their staff screens open.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { call } from './api.js';

interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  /** The last 30-second step whose code was used: the server takes each step once. */
  lastStep: number;
}
/** By server and email: each test file runs its own server with its own demo accounts. */
const authenticators = new Map<string, Authenticator>();
const keyOf = (baseUrl: string, email: string) => `${baseUrl}|${email}`;

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` now. */
export function appCode(secret: string, now = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: now,
  });
}

/** Turns it on through the API (password, set-up, the first code) for someone signed in with `token`. */
export async function enableTwoStepViaApi(
  baseUrl: string,
  person: { email: string; password: string },
  token: string,
): Promise<Authenticator> {
  const setup = await call<{ secret: string }>(baseUrl, 'POST', '/api/auth/two-step/setup', {
    token,
    body: { password: person.password },
  });
  if (setup.status !== 200) throw new Error(`two-step set-up answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  return confirmTwoStep(baseUrl, person.email, setup.body.secret, token);
}

/** The set-up's second half, as the app's user does it: the first code; keeps what a later sign-in needs. */
export async function confirmTwoStep(baseUrl: string, email: string, secret: string, token: string) {
  const now = Date.now();
  const enabled = await call<{ recoveryCodes: string[] }>(baseUrl, 'POST', '/api/auth/two-step/enable', {
    token,
    body: { code: appCode(secret, now) },
  });
  if (enabled.status !== 200)
    throw new Error(`two-step enable answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
  const authenticator = { secret, recoveryCodes: [...enabled.body.recoveryCodes], lastStep: Math.floor(now / STEP_MS) };
  authenticators.set(keyOf(baseUrl, email), authenticator);
  return authenticator;
}

/** Remembers what the set-up screen showed (the secret and the recovery codes) for later sign-ins. */
export function keepAuthenticator(baseUrl: string, email: string, secret: string, recoveryCodes: string[]): void {
  authenticators.set(keyOf(baseUrl, email), {
    secret,
    recoveryCodes: [...recoveryCodes],
    lastStep: Math.floor(Date.now() / STEP_MS),
  });
}

export function hasTwoStep(baseUrl: string, email: string): boolean {
  return authenticators.has(keyOf(baseUrl, email));
}

/**
 * The code to type now: the app's, or, when this step's code was already used (a second sign-in
 * within 30 seconds), the next recovery code rather than waiting for the next step.
 */
export function nextCode(baseUrl: string, email: string): string {
  const authenticator = authenticators.get(keyOf(baseUrl, email));
  if (!authenticator) throw new Error(`${email} has no two-step sign-in kept by this test`);
  const now = Date.now();
  const step = Math.floor(now / STEP_MS);
  if (step > authenticator.lastStep) {
    authenticator.lastStep = step;
    return appCode(authenticator.secret, now);
  }
  const recovery = authenticator.recoveryCodes.shift();
  if (!recovery) throw new Error(`${email}: no recovery codes left`);
  return recovery;
}

/** Signs in through the API, with the code step when the account has it on; the session's token. */
export async function signInViaApi(baseUrl: string, person: { email: string; password: string }): Promise<string> {
  const login = await call<{ token?: string; twoStep?: { ticket: string } }>(baseUrl, 'POST', '/api/auth/login', {
    body: { email: person.email, password: person.password },
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  if (login.body.token) return login.body.token;
  const ticket = login.body.twoStep?.ticket ?? '';
  const done = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/two-step', {
    body: { ticket, code: nextCode(baseUrl, person.email) },
  });
  if (done.status !== 200) throw new Error(`two-step sign-in answered ${done.status}: ${JSON.stringify(done.body)}`);
  return done.body.token;
}

/**
 * Signs a demo staff account (or anyone) in through the API and turns two-step sign-in on for
 * it, as curators and admins must before their screens open; the session's token.
 */
export async function staffWithTwoStep(baseUrl: string, person: { email: string; password: string }): Promise<string> {
  const token = await signInViaApi(baseUrl, person);
  if (!hasTwoStep(baseUrl, person.email)) await enableTwoStepViaApi(baseUrl, person, token);
  return token;
}

/** On the code screen after the password: types the code and confirms. */
export async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { name: 'Код підтвердження', exact: true }).waitFor();
  await page.getByLabel('Код', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Підтвердити', exact: true }).click();
}
