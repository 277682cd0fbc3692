import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, newPerson, registerViaApi } from './support/api.js';
import { readResetLink } from './support/mail.js';
import { useE2E } from './support/setup.js';
import {
  expectPath,
  greeting,
  heading,
  openOfficeMenu,
  signInViaUi,
  TEXT,
  waitForSessionRestored,
} from './support/ui.js';

// Every test here runs at 390 × 844 (the default context of useE2E).
const e2e = useE2E();

async function check(page: Page, label: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

/** Lets the screen finish loading (lazy chunks, session restore) before axe looks at it. */
async function settle(page: Page, headingName?: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await waitForSessionRestored(page);
  if (headingName) await heading(page, headingName).waitFor();
}

describe('accessibility at 390 px: axe-core (serious, critical) in the light and the dark theme, and no sideways scrolling', () => {
  test('visitor screens: /, /login, /register, /recovery, /reset/<token>', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const recovery = await call(e2e.url, 'POST', '/api/auth/recovery', { body: { email: person.email } });
    if (recovery.status !== 200) throw new Error(`POST /api/auth/recovery answered ${recovery.status}`);
    const resetLink = await readResetLink(e2e.dataDir, person.email);

    const screens: Array<{ path: string; heading?: string }> = [
      { path: '/' },
      { path: '/login', heading: TEXT.loginHeading },
      { path: '/register', heading: TEXT.registerHeading },
      { path: '/recovery', heading: TEXT.recoveryHeading },
      { path: new URL(resetLink).pathname, heading: TEXT.resetHeading },
    ];
    for (const screen of screens) {
      await page.goto(`${e2e.url}${screen.path}`);
      await settle(page, screen.heading);
      await check(page, screen.path);
    }
  });

  test('signed-in screens: /uk, /uk/profile, and the opened office menu', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    await settle(page);
    await greeting(page, person.first_name).waitFor();
    await check(page, '/uk');

    await openOfficeMenu(page, person.first_name);
    await check(page, '/uk with the office menu open');

    await page.goto(`${e2e.url}/uk/profile`);
    await expectPath(page, '/uk/profile');
    await settle(page);
    await check(page, '/uk/profile');
  });
});
