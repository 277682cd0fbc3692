import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { firstOpenLesson, newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { signInViaUi } from './support/ui.js';

// A learner writes a diary entry; home's habit card shows a one-day streak and the goal's progress.
const e2e = useE2E();

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

describe('the daily habit', () => {
  test('a diary entry makes today a practice day: home shows the streak of 1 and «Уроки 1 з 1»', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const { courseId, lesson } = await firstOpenLesson(e2e.url, token);

    await signInViaUi(page, e2e.url, person);
    const card = page.getByRole('region', { name: 'Моя серія' });
    await card.getByText('Серії ще немає').waitFor();
    await card.getByText('Уроки 0 з 1').waitFor();
    await check(page, '/uk with a fresh habit card');

    await page.goto(`${e2e.url}/uk/learn/${courseId}/${lesson.day}/diary`);
    await page.getByLabel('Запис', { exact: true }).fill('Сьогодні замовила каву українською.');
    await page.getByRole('button', { name: 'Зберегти запис', exact: true }).click();
    await page.getByRole('status').first().waitFor();

    await page.goto(`${e2e.url}/uk`);
    await card.getByText('1 день поспіль').waitFor();
    await card.getByText('Уроки 1 з 1').waitFor();
    await card.getByText('Сьогодні вже є практика').waitFor();
    await check(page, '/uk with a one-day streak');
    await page.screenshot({ path: join(artifactsDir, 'habit-home-390.png'), fullPage: true });

    // «Змінити мету»: a preset saves at once.
    await card.getByRole('button', { name: 'Змінити мету' }).click();
    const dialog = page.getByRole('dialog', { name: 'Мета дня' });
    await dialog.getByRole('button', { name: /^Серйозно/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Уроки 1 з 2').waitFor();

    const wide = await e2e.newContext(DESKTOP);
    await signInViaUi(wide.page, e2e.url, person);
    await wide.page.getByRole('region', { name: 'Моя серія' }).getByText('1 день поспіль').waitFor();
    await check(wide.page, '/uk at 1280 with the habit card');
    await wide.page.screenshot({ path: join(artifactsDir, 'habit-home-1280.png'), fullPage: true });
  });
});
