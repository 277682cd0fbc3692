import { formatUah, kyivIsoDate, monthName } from '@yedyni/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { screenshot } from './support/chat.js';
import { useE2E } from './support/setup.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, submitLogin } from './support/ui.js';

// «Відкритий звіт» on a phone: an admin enters and corrects an expense in the console, and anyone,
// signed in or not, reads it on the public page of the month.
const e2e = useE2E();

const ADMIN = { email: 'admin@example.org', password: 'yedyni-demo' };

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

describe('open book', () => {
  test('an admin adds and corrects an expense at 390 px; the public page shows it to a visitor', async () => {
    const today = kyivIsoDate(Date.now());
    const month = today.slice(0, 7);
    const title = `Оренда зали для клубу ${Date.now() % 100000}`;

    await staffWithTwoStep(e2e.url, ADMIN);
    const admin = e2e.page;
    await admin.goto(`${e2e.url}/login`);
    await submitLogin(admin, ADMIN.email, ADMIN.password);
    await expectPath(admin, '/uk');
    await admin.goto(`${e2e.url}/uk/admin/openbook`);
    await heading(admin, 'Відкритий звіт: витрати').waitFor();

    await admin.getByRole('button', { name: 'Нова витрата', exact: true }).click();
    const form = admin.getByRole('form', { name: 'Нова витрата' });
    // A mistyped amount is named in Ukrainian and nothing is sent.
    await form.getByLabel('Сума, ₴', { exact: true }).fill('0');
    await form.getByLabel('Назва', { exact: true }).fill(title);
    await form.getByRole('button', { name: 'Додати витрату', exact: true }).click();
    await form
      .getByText(/^Сума: більше нуля/)
      .first()
      .waitFor();
    await form.getByLabel('Сума, ₴', { exact: true }).fill('1 250,50');
    await form.getByLabel('Категорія', { exact: true }).selectOption('events');
    await form.getByRole('textbox', { name: 'Примітка' }).fill('Бібліотека на Подолі, рахунок №12');
    await check(admin, '/uk/admin/openbook (form)');
    await screenshot(admin, 'openbook-admin-form-390.png');
    await form.getByRole('button', { name: 'Додати витрату', exact: true }).click();
    await admin.getByText('Витрату додано.', { exact: true }).waitFor();
    const card = admin.getByRole('article', { name: title });
    await expect.poll(() => card.textContent()).toContain(formatUah(1250.5));

    await card.getByRole('button', { name: 'Змінити', exact: true }).click();
    const edit = admin.getByRole('form', { name: `Зміна витрати «${title}»` });
    await edit.getByLabel('Сума, ₴', { exact: true }).fill('1300');
    await edit.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await admin.getByText('Зміни збережено.', { exact: true }).waitFor();
    await expect.poll(() => admin.getByRole('article', { name: title }).textContent()).toContain(formatUah(1300));
    await check(admin, '/uk/admin/openbook');
    await screenshot(admin, 'openbook-admin-390.png');

    // The audit log has both, with what changed.
    await admin.goto(`${e2e.url}/uk/admin/audit`);
    for (const action of ['Зміна витрати (відкритий звіт)', 'Нова витрата (відкритий звіт)']) {
      await admin.locator('td', { hasText: action }).first().waitFor();
    }
    await admin
      .locator('td', { hasText: `«${title}»: 1 250,50 ₴ → ` })
      .first()
      .waitFor();

    // A visitor, signed out, from the landing page's footer.
    const { page: visitor } = await e2e.newContext(MOBILE);
    await visitor.goto(`${e2e.url}/`);
    await visitor.getByRole('link', { name: 'Відкритий звіт: скільки отримали й на що витратили' }).click();
    await expectPath(visitor, '/zvit');
    await visitor.getByRole('heading', { level: 1, name: `Відкритий звіт ${monthName(month)}` }).waitFor();
    const expenses = visitor.getByRole('region', { name: 'Витрати' });
    await expenses.getByText(title, { exact: true }).waitFor();
    expect(await expenses.textContent()).toContain(formatUah(1300));
    expect(await expenses.textContent()).toContain('Бібліотека на Подолі, рахунок №12');
    // The month is running: what came in is not shown until it ends.
    await visitor.getByText(/Місяць ще триває/).waitFor();
    await check(visitor, '/zvit');
    await screenshot(visitor, 'openbook-public-390.png');

    const { page: wide } = await e2e.newContext(DESKTOP);
    await wide.goto(`${e2e.url}/zvit/${month}`);
    await expenses.getByText(title, { exact: true }).waitFor();
    await wide.getByRole('region', { name: 'Витрати' }).getByText(title, { exact: true }).waitFor();
    await check(wide, '/zvit/:month');
    await screenshot(wide, 'openbook-public-1280.png');
    // A month still to come is not offered.
    await wide.goto(`${e2e.url}/zvit/2999-01`);
    await wide.getByRole('alert').getByText('Цей місяць ще не настав').waitFor();
  });
});
