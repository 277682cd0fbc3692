import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { screenshot } from './support/screens.js';
import { useE2E } from './support/setup.js';
import { appCode, keepAuthenticator, submitCode } from './support/two-step.js';
import { expectPath, heading, signOutViaUi, storedToken, submitLogin } from './support/ui.js';

const e2e = useE2E();
/** The demo curator: staff, so two-step sign-in is required of them. */
const CURATOR = { email: 'curator@example.org', password: 'yedyni-demo', firstName: 'Тарас' };
const SETUP_PATH = '/uk/profile/two-step';

/** The screen in both themes: checked by axe, no sideways scroll, and kept as a picture to look at. */
async function look(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await screenshot(page, `${name}-${colorScheme}.png`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('two-step sign-in', () => {
  test('a curator is sent to set it up, scans the key, confirms with a code, then signs in with a code and with a recovery code (390 px)', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.url}/login`);
    await submitLogin(page, CURATOR.email, CURATOR.password);

    // Signed in, but every screen leads to the set-up until it is on.
    await expectPath(page, SETUP_PATH);
    await heading(page, 'Двоетапний вхід').waitFor();
    await page.getByText('Кураторам і адміністраторам двоетапний вхід обовʼязковий', { exact: false }).waitFor();
    await page.goto(`${e2e.url}/uk/admin`);
    await expectPath(page, SETUP_PATH);
    await look(page, 'two-step-required-390');

    // The password first, then the key as a QR code and as text.
    await page.getByLabel('Ваш пароль', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Почати налаштування', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Неправильний пароль' }).waitFor();
    await page.getByLabel('Ваш пароль', { exact: true }).fill(CURATOR.password);
    await page.getByRole('button', { name: 'Почати налаштування', exact: true }).click();
    await page.getByRole('img', { name: 'QR-код для застосунку-автентифікатора' }).waitFor();
    const shown = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/).textContent();
    const secret = (shown ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await look(page, 'two-step-scan-390');

    // A wrong code changes nothing; the app's code turns it on and shows the recovery codes once.
    await page.getByLabel('2. Введіть 6 цифр, які показав застосунок:', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Увімкнути', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Неправильний код' }).waitFor();
    await page.getByLabel('2. Введіть 6 цифр, які показав застосунок:', { exact: true }).fill(appCode(secret));
    await page.getByRole('button', { name: 'Увімкнути', exact: true }).click();
    await heading(page, 'Резервні коди').waitFor();
    const recoveryCodes = await page.locator('ol li code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await look(page, 'two-step-codes-390');
    await page.getByRole('button', { name: 'Я зберіг(-ла) коди', exact: true }).click();
    await page.getByText('Двоетапний вхід увімкнено.').waitFor();
    await page.getByText('Невикористаних резервних кодів: 10 з 10.').waitFor();
    keepAuthenticator(e2e.url, CURATOR.email, secret, recoveryCodes);

    // The staff screens are open now.
    await page.goto(`${e2e.url}/uk/admin`);
    await expectPath(page, '/uk/admin/courses');

    // Out, and in again: the password, then the code from the app; no session before the code.
    await signOutViaUi(page, CURATOR.firstName);
    await page.getByLabel('Електронна пошта', { exact: true }).fill(CURATOR.email);
    await page.getByLabel('Пароль', { exact: true }).fill(CURATOR.password);
    await page.getByRole('button', { name: 'Увійти', exact: true }).click();
    await heading(page, 'Код підтвердження').waitFor();
    expect(await storedToken(page)).toBeUndefined();
    await look(page, 'two-step-code-390');
    await submitCode(page, '123456');
    await page.getByRole('alert').filter({ hasText: 'Неправильний код' }).waitFor();
    // The step of the set-up's code is taken: wait for the app's next one.
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
    await submitCode(page, appCode(secret));
    await expectPath(page, '/uk');

    // Out again, and in with a recovery code (no phone at hand); that code is then spent.
    await signOutViaUi(page, CURATOR.firstName);
    await page.getByLabel('Електронна пошта', { exact: true }).fill(CURATOR.email);
    await page.getByLabel('Пароль', { exact: true }).fill(CURATOR.password);
    await page.getByRole('button', { name: 'Увійти', exact: true }).click();
    await submitCode(page, (recoveryCodes[3] as string).toUpperCase());
    await expectPath(page, '/uk');
    await page.goto(`${e2e.url}${SETUP_PATH}`);
    await page.getByText('Невикористаних резервних кодів: 9 з 10.').waitFor();
    await look(page, 'two-step-manage-390');

    const spent = await call<{ twoStep: { ticket: string } }>(e2e.url, 'POST', '/api/auth/login', {
      body: { email: CURATOR.email, password: CURATOR.password },
    });
    const again = await call(e2e.url, 'POST', '/api/auth/two-step', {
      body: { ticket: spent.body.twoStep.ticket, code: recoveryCodes[3] },
    });
    expect(again.status).toBe(400);
  });

  test('the set-up screen and the code step at 1280 px', async () => {
    const { page } = await e2e.newContext(DESKTOP);
    await page.goto(`${e2e.url}/login`);
    await submitLogin(page, 'admin@example.org', 'yedyni-demo');
    await expectPath(page, SETUP_PATH);
    await page.getByLabel('Ваш пароль', { exact: true }).fill('yedyni-demo');
    await page.getByRole('button', { name: 'Почати налаштування', exact: true }).click();
    await page.getByRole('img', { name: 'QR-код для застосунку-автентифікатора' }).waitFor();
    await look(page, 'two-step-scan-1280');
    const secret = ((await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/).textContent()) ?? '').replaceAll(' ', '');
    await page.getByLabel('2. Введіть 6 цифр, які показав застосунок:', { exact: true }).fill(appCode(secret));
    await page.getByRole('button', { name: 'Увімкнути', exact: true }).click();
    await heading(page, 'Резервні коди').waitFor();
    await look(page, 'two-step-codes-1280');
    await page.getByRole('button', { name: 'Я зберіг(-ла) коди', exact: true }).click();
    await signOutViaUi(page, 'Ірина');
    await page.getByLabel('Електронна пошта', { exact: true }).fill('admin@example.org');
    await page.getByLabel('Пароль', { exact: true }).fill('yedyni-demo');
    await page.getByRole('button', { name: 'Увійти', exact: true }).click();
    await heading(page, 'Код підтвердження').waitFor();
    await look(page, 'two-step-code-1280');
  });
});
