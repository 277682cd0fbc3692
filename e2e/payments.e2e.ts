import { formatUah } from '@yedyni/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { screenshot } from './support/screens.js';
import { useE2E } from './support/setup.js';
import { expectPath, heading, menuEntry, openOfficeMenu, signInViaUi } from './support/ui.js';

// A fresh learner gives 120 UAH once and subscribes to 480 UAH a month through the built-in LiqPay
// sandbox (the e2e server's PUBLIC_URL is its own origin, so the sandbox's callbacks reach it),
// then finds both in the support programme: payments, the active subscription, the footprint
// rows and the new support level — 600 UAH / 40 × (28 days / 28 days) = 15.00 — in the office
// menu and on the indicators screen; finally cancels the subscription with a confirmation.
const e2e = useE2E();

const LEVEL_LABEL = 'Рівень стабільності підтримки';

/** 1 920 → «1 920,00 ₴» as the screens write it (contract formatUah). */
const uahText = formatUah;

/** Fills the donation form on /uk/donat, agrees to the offer and leaves for the checkout. */
async function donate(
  page: Page,
  { amount, monthly, comment }: { amount: number; monthly: boolean; comment?: string },
) {
  await heading(page, 'Підтримати рух').waitFor();
  await page.getByLabel(monthly ? 'Щомісяця' : 'Один раз', { exact: true }).check();
  await page.getByLabel('Сума, ₴').fill(String(amount));
  if (comment) await page.getByLabel('Коментар (необовʼязково)').fill(comment);
  await page.getByRole('checkbox', { name: /публічної оферти/ }).check();
  await page.getByRole('button', { name: 'Перейти до оплати' }).click();
  // The real form POST: the sandbox's checkout page, on the same origin.
  await expectPath(page, '/sandbox/liqpay/checkout');
  await page.getByText(monthly ? 'Щомісячна підписка' : 'Разовий внесок').waitFor();
  await page.getByRole('button', { name: 'Сплатити' }).click();
  // Back on the result screen (result_url = /uk/donat?order=…).
  await expectPath(page, '/uk/donat');
  expect(new URL(page.url()).searchParams.get('order')).toMatch(/^(don|sub)-/);
  await heading(page, 'Дякуємо!').waitFor();
}

/** The support level the office menu shows. */
async function officeLevel(page: Page, firstName: string): Promise<string> {
  await openOfficeMenu(page, firstName);
  const row = page.getByText(LEVEL_LABEL, { exact: true }).locator('..');
  const text = (await row.innerText()).replace(LEVEL_LABEL, '').trim();
  await page.keyboard.press('Escape');
  return text;
}

/** Opens one of the «Історія» submenu links of the support programme. */
async function openHistory(page: Page, name: 'Внески' | 'Підписки' | 'Укр.слід'): Promise<void> {
  await page.getByRole('button', { name: 'Історія' }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

describe('donations and subscriptions through the LiqPay sandbox', () => {
  test('a learner gives 120 UAH once, subscribes to 480 UAH, sees the history and the level, cancels', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    // The header's «Підтримати» opens the form: monthly by default, the level preview from 0.00.
    await page.getByRole('link', { name: 'Підтримати', exact: true }).click();
    await expectPath(page, '/uk/donat');
    await heading(page, 'Підтримати рух').waitFor();
    expect(await page.getByLabel('Щомісяця', { exact: true }).isChecked()).toBe(true);
    await page.getByRole('main').getByText('Зараз: 0,00').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, '/uk/donat (the form)');
    await expectNoHorizontalScroll(page, '/uk/donat at 390 px');
    await screenshot(page, 'payments-donat-390.png');

    // A wrong amount is explained; the quick pick fixes it and the preview follows.
    await page.getByLabel('Сума, ₴').fill('100');
    await page.getByRole('button', { name: 'Перейти до оплати' }).click();
    await page.getByText(/Сума має бути кратною 40/).waitFor();
    await page.getByText('Щоб продовжити, погодьтеся з умовами публічної оферти.').waitFor();
    expect(await page.getByText('Мій новий рівень стабільності підтримки').isVisible()).toBe(true);
    await page.getByRole('button', { name: uahText(120), exact: true }).click();
    await page.getByRole('main').getByText('3,00', { exact: true }).waitFor();

    // 1) 120 UAH once.
    await donate(page, { amount: 120, monthly: false });
    await page.getByText(`Внесок ${uahText(120)} зараховано.`).waitFor();
    await page.getByRole('main').getByText('3,00', { exact: true }).waitFor();

    // 2) 480 UAH a month, with a comment.
    await page.getByRole('link', { name: 'Зробити ще внесок' }).click();
    await donate(page, { amount: 480, monthly: true, comment: 'Разом сильніші' });
    await page.getByText(`Підписку на ${uahText(480)} щомісяця оформлено — вона діє.`).waitFor();
    // (120 + 480) / 40 × (2419200 / 2419200): a fresh account counts one course cycle.
    await page.getByRole('main').getByText('15,00', { exact: true }).waitFor();

    // The office menu's level has followed the payment.
    expect(await officeLevel(page, person.first_name)).toBe('15,00');

    // The indicators screen: the level, the footprint (10 for registering + 120 + 480), the total.
    await openOfficeMenu(page, person.first_name);
    await menuEntry(page, 'Програма підтримки').click();
    await expectPath(page, '/uk/bonus');
    await heading(page, 'Програма підтримки').waitFor();
    await heading(page, 'Показники').waitFor();
    await page.getByRole('main').getByText('15,00', { exact: true }).waitFor();
    await page.getByText('610 балів').waitFor();
    await page.getByRole('main').getByText(uahText(600), { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, '/uk/bonus (indicators)');
    await expectNoHorizontalScroll(page, '/uk/bonus at 390 px');

    // «Внески»: both payments, the newest first.
    await openHistory(page, 'Внески');
    await expectPath(page, '/uk/bonus/payments');
    await heading(page, 'Внески').waitFor();
    const payments = page.getByRole('list', { name: 'Внески' }).getByRole('listitem');
    await payments
      .filter({ hasText: uahText(480) })
      .filter({ hasText: 'Щомісячний внесок' })
      .waitFor();
    await payments
      .filter({ hasText: uahText(120) })
      .filter({ hasText: 'Разовий внесок' })
      .waitFor();
    expect(await payments.count()).toBe(2);
    // «Сьогодні» keeps them (both were paid today in Kyiv).
    await page.getByRole('button', { name: 'Сьогодні' }).click();
    await payments.filter({ hasText: uahText(120) }).waitFor();
    expect(await payments.count()).toBe(2);

    // «Укр.слід»: the ledger rows of both payments and the registration.
    await openHistory(page, 'Укр.слід');
    await expectPath(page, '/uk/bonus/mark');
    await heading(page, 'Український слід').waitFor();
    const rows = page.getByRole('list', { name: 'Український слід' }).getByRole('listitem');
    await rows.filter({ hasText: 'Щомісячний внесок' }).filter({ hasText: '+480' }).waitFor();
    await rows.filter({ hasText: 'Разовий внесок' }).filter({ hasText: '+120' }).waitFor();
    await rows.filter({ hasText: 'Реєстрація на платформі' }).filter({ hasText: '+10' }).waitFor();
    await rows.filter({ hasText: 'Разом: 610' }).waitFor();
    // The submenu reset the range picked on «Внески»: all dates again.
    expect(await page.getByLabel('Від', { exact: true }).inputValue()).toBe('');

    // «Підписки»: the subscription is active.
    await openHistory(page, 'Підписки');
    await expectPath(page, '/uk/bonus/subscriptions');
    await heading(page, 'Підписки').waitFor();
    const subscription = page
      .getByRole('list', { name: 'Підписки' })
      .getByRole('listitem')
      .filter({ hasText: `${uahText(480)} щомісяця` });
    await subscription.getByText('діє', { exact: true }).waitFor();
    await subscription.getByText('«Разом сильніші»').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, '/uk/bonus/subscriptions at 390 px');
    await screenshot(page, 'payments-subscriptions-390.png');

    // Cancelling asks first; «Ні, залишити» keeps it, «Так, скасувати» cancels.
    await subscription.getByRole('button', { name: 'Скасувати' }).click();
    const dialog = page.getByRole('dialog', { name: 'Скасувати підписку?' });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page, '/uk/bonus/subscriptions with the confirmation open');
    await dialog.getByRole('button', { name: 'Ні, залишити' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await subscription.getByText('діє', { exact: true }).waitFor();
    await subscription.getByRole('button', { name: 'Скасувати' }).click();
    await dialog.getByRole('button', { name: 'Так, скасувати' }).click();
    await subscription.getByText('скасовано', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Підписку скасовано' }).waitFor();
    expect(await subscription.getByRole('button', { name: 'Скасувати' }).count()).toBe(0);

    // After a reload the server says the same.
    await page.reload();
    await page
      .getByRole('list', { name: 'Підписки' })
      .getByRole('listitem')
      .filter({ hasText: `${uahText(480)} щомісяця` })
      .getByText('скасовано', { exact: true })
      .waitFor();
  });

  test('desktop: the donation form and the support programme lay out without overflow, axe-clean', async () => {
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const { page } = await e2e.newContext(DESKTOP);
    await signInViaUi(page, e2e.url, person);
    for (const [path, title] of [
      ['/uk/donat', 'Підтримати рух'],
      ['/uk/bonus', 'Показники'],
      ['/uk/bonus/payments', 'Внески'],
      ['/uk/bonus/subscriptions', 'Підписки'],
      ['/uk/bonus/mark', 'Український слід'],
      ['/uk/bonus/team', 'Моя команда'],
      ['/uk/bonus/gratitudes', 'Подяки'],
    ] as const) {
      await page.goto(`${e2e.url}${path}`);
      await heading(page, title).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page, `${path} at 1280 px`);
      await expectNoSeriousA11yViolations(page, `${path} at 1280 px`);
    }
    // A gratitude's «Обрати» prefills the form.
    await page.getByRole('link', { name: 'Обрати' }).nth(1).click();
    await expectPath(page, '/uk/donat');
    expect(await page.getByLabel('Сума, ₴').inputValue()).toBe('960');
    expect(await page.getByLabel('Щомісяця', { exact: true }).isChecked()).toBe(true);
  });
});
