import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { formatUah } from '@yedyni/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll } from './support/a11y.js';
import { call, donateViaSandbox, newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { checkScreen as check, screenshot } from './support/screens.js';
import { repoRoot } from './support/server.js';
import { useE2E } from './support/setup.js';
import { expectPath, heading, signInViaUi } from './support/ui.js';

// A monthly donor's charge fails (the operator's `npm run sandbox -- fail`, a signed callback
// to the server like LiqPay's): the notice says to wait while the provider retries, with no way
// to start again; after the last retry fails the provider ends the subscription, and the notice
// about it leads, in one click, to the checkout of the same amount and comment — the donor only
// confirms, and is subscribed again. At 390 px, looked at and axe-checked.
const e2e = useE2E();

const sandboxEntry = join(repoRoot, 'packages/server/dist/cli/sandbox.js');

/** `npm run sandbox -- …` as the operator runs it, on the e2e server's data, its callbacks to that server. */
function sandbox(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [sandboxEntry, ...args],
      { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: e2e.dataDir, PUBLIC_URL: e2e.url, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => (error ? reject(new Error(`${stderr}${stdout}`)) : resolve(stdout.trim())),
    );
  });
}

const notices = (page: Page) => page.getByRole('list', { name: 'Ваші сповіщення' });

describe('a failed monthly charge and its one-click restart', () => {
  test('notice → wait while retried → ended → restart → sandbox checkout → subscribed again, at 390 px', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const orderId = await donateViaSandbox(e2e.url, token, { amount: 240, subscribe: true, comment: 'Для Марти' });
    await signInViaUi(page, e2e.url, person);

    // The first failure: the provider will retry, so the notice asks for nothing and offers no restart.
    expect(await sandbox('fail', orderId)).toContain('Невдалу спробу №1');
    await page.goto(`${e2e.url}/uk/notifications`);
    const waitNotice = notices(page).getByRole('link').filter({ hasText: 'Не вдалося списати щомісячний внесок' });
    await waitNotice.getByText(/LiqPay спробує ще раз до .*Нову підписку оформлювати не потрібно\./).waitFor();
    expect(await notices(page).locator('a[href^="/uk/donat/restart/"]').count()).toBe(0);
    await waitNotice.click();
    await expectPath(page, '/uk/bonus/subscriptions');
    const card = page.getByRole('list', { name: 'Підписки' }).getByRole('listitem').filter({ hasText: '«Для Марти»' });
    await card.getByText(/LiqPay спробує ще раз до .*; нову підписку оформлювати не потрібно\./).waitFor();
    expect(await card.getByRole('link', { name: 'Відновити підписку' }).count()).toBe(0);
    await check(page, '/uk/bonus/subscriptions while a failed charge is retried');
    await screenshot(page, 'charge-failed-retrying-390.png');

    // The three retries fail too; the provider gives up and ends the subscription.
    for (const n of [2, 3]) expect(await sandbox('fail', orderId)).toContain(`№${n}`);
    expect(await sandbox('fail', orderId)).toContain('спроби вичерпано');

    await page.goto(`${e2e.url}/uk/notifications`);
    const restartNotice = notices(page).locator(`a[href="/uk/donat/restart/${orderId}"]`);
    await restartNotice.getByText('Підписку зупинено: внесок не списано').waitFor();
    await restartNotice
      .getByText(`${formatUah(240)} щомісяця. Відновіть підписку одним кліком — сума й коментар ті самі.`)
      .waitFor();
    await check(page, '/uk/notifications with the restart');
    await screenshot(page, 'charge-failed-notifications-390.png');

    // One click: the restart prepares the checkout and goes straight on to it, amount and comment as before.
    await restartNotice.click();
    await expectPath(page, '/sandbox/liqpay/checkout');
    await page.getByText('Щомісячна підписка').waitFor();
    await page.getByText(`${formatUah(240)} / місяць`).waitFor();
    await page.getByText('Для Марти', { exact: true }).waitFor();
    await expectNoHorizontalScroll(page, 'the sandbox checkout of the restart at 390 px');
    await screenshot(page, 'charge-failed-checkout-390.png');
    await page.getByRole('button', { name: 'Сплатити' }).click();

    await expectPath(page, '/uk/donat');
    const newOrder = new URL(page.url()).searchParams.get('order');
    expect(newOrder).toMatch(/^sub-/);
    expect(newOrder).not.toBe(orderId);
    await heading(page, 'Дякуємо!').waitFor();
    await page.getByText(`Підписку на ${formatUah(240)} щомісяця оформлено — вона діє.`).waitFor();
    await screenshot(page, 'charge-failed-subscribed-again-390.png');

    // «Підписки»: the new one runs with the same comment; the old one is cancelled and offers nothing more.
    await page.goto(`${e2e.url}/uk/bonus/subscriptions`);
    const cards = page.getByRole('list', { name: 'Підписки' }).getByRole('listitem');
    await cards.filter({ hasText: '«Для Марти»' }).filter({ hasText: 'діє' }).first().waitFor();
    const old = cards.filter({ hasText: orderId });
    await old.getByText('скасовано', { exact: true }).waitFor();
    expect(await old.getByRole('link', { name: 'Відновити підписку' }).count()).toBe(0);
    await check(page, '/uk/bonus/subscriptions after the restart');
    await screenshot(page, 'charge-failed-subscriptions-after-390.png');

    // The old notice's link again, once the new subscription runs: told, nothing started.
    await page.goto(`${e2e.url}/uk/donat/restart/${orderId}`);
    await heading(page, 'Не вдалося відновити підписку').waitFor();
    await page.getByRole('alert').getByText('Цю підписку вже відновлено.').waitFor();
    await check(page, '/uk/donat/restart refused');
    await screenshot(page, 'charge-failed-restart-refused-390.png');
    const { body } = await call<{ subscriptions: { objSub: { isUnsubscribe: boolean } }[] }>(
      e2e.url,
      'GET',
      '/api/payments/subscriptions?page=1',
      { token },
    );
    expect(body.subscriptions.filter((s) => !s.objSub.isUnsubscribe)).toHaveLength(1);
  });

  test('desktop: a subscription ended after a failed charge offers «Відновити підписку»', async () => {
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const orderId = await donateViaSandbox(e2e.url, token, { amount: 480, subscribe: true, comment: 'Разом' });
    for (let i = 0; i < 4; i += 1) await sandbox('fail', orderId);
    const { page } = await e2e.newContext(DESKTOP);
    await signInViaUi(page, e2e.url, person);
    await page.goto(`${e2e.url}/uk/bonus/subscriptions`);
    const card = page.getByRole('list', { name: 'Підписки' }).getByRole('listitem').filter({ hasText: orderId });
    await card.getByText('Підписку зупинено: внесок не вдалося списати.').waitFor();
    await check(page, '/uk/bonus/subscriptions ended after a failed charge at 1280 px');
    await screenshot(page, 'charge-failed-ended-1280.png');
    await card.getByRole('link', { name: 'Відновити підписку' }).click();
    await expectPath(page, '/sandbox/liqpay/checkout');
    await page.getByText(`${formatUah(480)} / місяць`).waitFor();
  });
});
