import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app.js';

/** What a person's authenticator app and the sheet of recovery codes hold, by email. */
interface Authenticator {
  secret: string;
  recoveryCodes: string[];
}
const authenticators = new Map<string, Authenticator>();

/** The code an authenticator app shows for `secret` at `now` (the test server's clock). */
export function appCode(secret: string, now: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: now,
  });
}

/**
 * Turns on two-step sign-in as its owner does on the set-up screen (password, new secret, a first
 * code from the app) and keeps the secret and recovery codes for this person's later sign-ins.
 */
export async function enableTwoStep(
  t: TestApp,
  token: string,
  person: { email: string; password: string },
): Promise<Authenticator> {
  const setup = await t.api('POST', '/api/auth/two-step/setup', { token, body: { password: person.password } });
  if (setup.status !== 200) throw new Error(`two-step set-up failed: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.secret as string;
  const enabled = await t.api('POST', '/api/auth/two-step/enable', {
    token,
    body: { code: appCode(secret, t.clock.now()) },
  });
  if (enabled.status !== 200) throw new Error(`two-step enable failed: ${JSON.stringify(enabled.body)}`);
  const authenticator = { secret, recoveryCodes: [...(enabled.body.recoveryCodes as string[])] };
  authenticators.set(person.email, authenticator);
  return authenticator;
}

/**
 * The code step of a sign-in the server answered with a ticket: the app's code, or, when this
 * 30-second step's code was already taken (a second sign-in within it), the next recovery code;
 * with none left (a fuzzer signing in again and again), the test clock moves on to the next step.
 */
export async function finishSignIn(t: TestApp, email: string, ticket: string): Promise<string> {
  const authenticator = authenticators.get(email);
  if (!authenticator) throw new Error(`${email} has two-step sign-in on, but the test never turned it on`);
  const withCode = (code: string) => t.api('POST', '/api/auth/two-step', { body: { ticket, code } });
  let answer = await withCode(appCode(authenticator.secret, t.clock.now()));
  if (answer.status === 400) {
    const recovery = authenticator.recoveryCodes.shift();
    if (!recovery) t.clock.advance(30_000);
    answer = await withCode(recovery ?? appCode(authenticator.secret, t.clock.now()));
  }
  if (answer.status !== 200) throw new Error(`two-step sign-in failed: ${JSON.stringify(answer.body)}`);
  return answer.body.token as string;
}
