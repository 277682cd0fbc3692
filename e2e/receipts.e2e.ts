import { join } from 'node:path';
import { formatUah, kyivParts } from '@yedyni/contract';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { donateViaSandbox, newPerson, registerViaApi } from './support/api.js';
import { downloaded } from './support/screens.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { heading, signInViaUi } from './support/ui.js';

// Issue 22, items 4 and 5: a learner who gave once and monthly through the LiqPay sandbox downloads
// a payment's receipt and «Довідка за рік» from «Внески» at 390 px, as PDF files the browser saves.
const e2e = useE2E();

describe('receipts and the yearly statement', () => {
  test('a learner at 390 px downloads a payment’s receipt and this year’s statement from «Внески»', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    await donateViaSandbox(e2e.url, token, { amount: 480, subscribe: true });
    await donateViaSandbox(e2e.url, token, { amount: 120, subscribe: false });
    await signInViaUi(page, e2e.url, person);

    await page.goto(`${e2e.url}/uk/bonus/payments`);
    await heading(page, 'Внески').waitFor();
    const payments = page.getByRole('list', { name: 'Внески' }).getByRole('listitem');
    const once = payments.filter({ hasText: formatUah(120) });
    const receipt = await downloaded(page, () =>
      once.getByRole('button', { name: /^Квитанція про внесок 120,00/ }).click(),
    );
    expect(receipt.name).toMatch(/^receipt-[A-Za-z0-9_-]+\.pdf$/);
    expect(receipt.head).toBe('%PDF-');

    // This year is the only one, offered as of today.
    const year = kyivParts(Date.now()).year;
    const block = page.getByRole('region', { name: 'Довідка за рік' });
    expect(await block.getByLabel('Рік', { exact: true }).inputValue()).toBe(String(year));
    await block.getByText(`2 внески на суму ${formatUah(600)}`).waitFor();
    await block
      .getByRole('status')
      .filter({ hasText: `${year} рік ще триває` })
      .waitFor();
    const statement = await downloaded(page, () =>
      block.getByRole('button', { name: 'Завантажити довідку (PDF)' }).click(),
    );
    expect(statement).toEqual({ name: `statement-${year}.pdf`, head: '%PDF-' });

    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, '/uk/bonus/payments at 390 px');
    await expectNoSeriousA11yViolations(page, '/uk/bonus/payments with receipts and the statement');
    await page.screenshot({ path: join(artifactsDir, 'receipts-390.png'), fullPage: true });
  });
});
