import { formatUah, PAYMENT_MESSAGES } from '@yedyni/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, donateViaSandbox, newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { downloaded, screenshot } from './support/screens.js';
import { useE2E } from './support/setup.js';
import { expectPath, heading, signInViaUi } from './support/ui.js';

// Issue 22, items 1–2 at 390 px: a donor subscribes to 480 UAH a month through the built-in
// LiqPay sandbox, changes the amount to 520 (subscribe_update), pauses for two months (the
// sandbox's subscription is cancelled; ours is «призупинено до …»), then resumes early: a
// checkout of 520, paid in the sandbox, after which the new subscription runs and the paused
// one says it was resumed. The history shows each change, and «Внески» gives the new charge's
// receipt as a PDF (item 4).
const e2e = useE2E();

const subscriptions = (page: Page): Locator => page.getByRole('list', { name: 'Підписки' }).getByRole('listitem');

describe('a donor manages a monthly subscription', () => {
  test('390 px: change the amount → pause for two months → resume early through the sandbox checkout → the receipt', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const orderId = await donateViaSandbox(e2e.url, token, { amount: 480, subscribe: true });
    await signInViaUi(page, e2e.url, person);
    await page.goto(`${e2e.url}/uk/bonus/subscriptions`);
    await heading(page, 'Підписки').waitFor();
    const item = subscriptions(page).filter({ hasText: orderId });
    await item.getByText('діє', { exact: true }).waitFor();
    await item.getByText(`· ${formatUah(480)}`).waitFor();

    // 1) «Змінити суму»: the donation form's field; a wrong amount is explained, then 520.
    await item.getByRole('button', { name: 'Змінити суму' }).click();
    const change = page.getByRole('dialog', { name: 'Змінити суму підписки' });
    await change.waitFor();
    await change.getByLabel('Сума, ₴').fill('500');
    await change.getByRole('button', { name: 'Змінити суму' }).click();
    await change.getByText(/Сума має бути кратною 40/).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, 'the change dialog at 390 px');
    await expectNoSeriousA11yViolations(page, '«Змінити суму» dialog');
    await screenshot(page, 'subscription-change-390.png');
    await change.getByLabel('Сума, ₴').fill('520');
    await change.getByRole('button', { name: 'Змінити суму' }).click();
    await change.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.amountChanged }).waitFor();
    await item.getByText(`${formatUah(520)} щомісяця`).waitFor();

    // 2) «Призупинити» for two months: the dialog says what happens.
    await item.getByRole('button', { name: 'Призупинити' }).click();
    const pause = page.getByRole('dialog', { name: 'Призупинити підписку?' });
    await pause.waitFor();
    await pause.getByText('2 місяці').click();
    await pause.getByText(/Ми скасуємо щомісячні списання в LiqPay\. \d\d-\d\d-\d{4} нагадаємо відновити/).waitFor();
    await expectNoHorizontalScroll(page, 'the pause dialog at 390 px');
    await expectNoSeriousA11yViolations(page, '«Призупинити» dialog');
    await screenshot(page, 'subscription-pause-390.png');
    await pause.getByRole('button', { name: 'Так, призупинити' }).click();
    await pause.waitFor({ state: 'hidden' });
    await item.getByText('призупинено', { exact: true }).waitFor();
    await item.getByText(new RegExp(`призупинено до \\d\\d-\\d\\d-\\d{4}, потім ${formatUah(520)}`)).waitFor();
    // The history shows both changes.
    await item.getByRole('button', { name: 'Списання і зміни' }).click();
    const changes = item.getByRole('list', { name: 'Зміни підписки' });
    await changes.getByText(/Призупинено до/).waitFor();
    await changes.getByText(`Сума: ${formatUah(480)} → ${formatUah(520)}`).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, '/uk/bonus/subscriptions (paused) at 390 px');
    await screenshot(page, 'subscription-paused-390.png');

    // 3) «Відновити» early: the sandbox's checkout of the new amount, paid.
    await item.getByRole('button', { name: 'Відновити' }).click();
    const resume = page.getByRole('dialog', { name: 'Відновити підписку?' });
    await resume.getByText(`Відкриємо оплату ${formatUah(520)} щомісяця в LiqPay.`).waitFor();
    await resume.getByRole('button', { name: 'Перейти до оплати' }).click();
    await expectPath(page, '/sandbox/liqpay/checkout');
    await page.getByText(`${formatUah(520)} / місяць`).waitFor();
    await page.getByRole('button', { name: 'Сплатити' }).click();
    await expectPath(page, '/uk/donat');
    await page.getByText(`Підписку на ${formatUah(520)} щомісяця оформлено — вона діє.`).waitFor();

    // Back on «Підписки»: the new one runs; the paused one says it was resumed.
    await page.goto(`${e2e.url}/uk/bonus/subscriptions`);
    const fresh = subscriptions(page).filter({ hasText: 'Відновлена після паузи підписка.' });
    await fresh.getByText('діє', { exact: true }).waitFor();
    await fresh.getByText(`· ${formatUah(520)}`).waitFor();
    const old = subscriptions(page).filter({ hasText: orderId });
    await old.getByText('відновлено', { exact: true }).waitFor();
    expect(await old.getByRole('button', { name: 'Відновити' }).count()).toBe(0);
    await old.getByRole('button', { name: 'Списання і зміни' }).click();
    await old.getByRole('list', { name: 'Зміни підписки' }).getByText('Відновлено новою підпискою').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, '/uk/bonus/subscriptions (resumed) at 390 px');
    await expectNoSeriousA11yViolations(page, '/uk/bonus/subscriptions after resuming');
    await screenshot(page, 'subscription-resumed-390.png');

    // 4) The resumed subscription's first charge (520) is in «Внески» with its receipt.
    await page.goto(`${e2e.url}/uk/bonus/payments`);
    await heading(page, 'Внески').waitFor();
    const charge = page
      .getByRole('list', { name: 'Внески' })
      .getByRole('listitem')
      .filter({ hasText: formatUah(520) });
    const receipt = await downloaded(page, () =>
      charge.getByRole('button', { name: /^Квитанція про внесок 520,00/ }).click(),
    );
    expect(receipt.name).toMatch(/^receipt-[A-Za-z0-9_-]+\.pdf$/);
    expect(receipt.head).toBe('%PDF-');
    await screenshot(page, 'subscription-receipt-390.png');
  });

  test('1280 px: a paused and a running subscription with their dialogs, no overflow, axe-clean', async () => {
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const running = await donateViaSandbox(e2e.url, token, { amount: 960, subscribe: true });
    const paused = await donateViaSandbox(e2e.url, token, { amount: 240, subscribe: true });
    const pausedAnswer = await call(e2e.url, 'POST', `/api/payments/subscriptions/${paused}/pause`, {
      token,
      body: { months: 1 },
    });
    expect(pausedAnswer.status).toBe(200);
    const { page } = await e2e.newContext(DESKTOP);
    await signInViaUi(page, e2e.url, person);
    await page.goto(`${e2e.url}/uk/bonus/subscriptions`);
    await heading(page, 'Підписки').waitFor();
    await subscriptions(page).filter({ hasText: paused }).getByText('призупинено', { exact: true }).waitFor();
    await subscriptions(page).filter({ hasText: running }).getByText('діє', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, '/uk/bonus/subscriptions at 1280 px');
    await expectNoSeriousA11yViolations(page, '/uk/bonus/subscriptions at 1280 px');
    await screenshot(page, 'subscriptions-1280.png');
    await subscriptions(page).filter({ hasText: running }).getByRole('button', { name: 'Призупинити' }).click();
    await page.getByRole('dialog', { name: 'Призупинити підписку?' }).waitFor();
    await screenshot(page, 'subscription-pause-1280.png');
  });
});
