import { describe, expect, test } from 'vitest';
import { useE2E } from './support/setup.js';
import { heading, newLearnerAtPractice } from './support/ui.js';

// Issue 17 point 6: homework text typed and not sent survives a reload (written when the page is
// left, not only after the typing pause), and is gone once it was sent.
const e2e = useE2E();

const draftKeys = (page: import('playwright-core').Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')));

describe('drafts', () => {
  test('a homework draft comes back after a reload, and is gone after it was sent', async () => {
    const { page } = e2e;
    const { user, course } = await newLearnerAtPractice(page, e2e.url);
    const answer = page.getByLabel('Ваша відповідь', { exact: true });
    const text = 'Сьогодні я говорила українською в магазині.';
    await answer.pressSequentially(text);
    // At once: no waiting for the typing pause, the reload itself must keep it.
    await page.reload();

    await heading(page, 'Домашнє завдання').waitFor();
    await expect.poll(() => answer.inputValue(), { message: 'the draft is back after the reload' }).toBe(text);
    await page.getByRole('status').filter({ hasText: 'Чернетку відновлено.' }).waitFor();
    expect(await draftKeys(page)).toEqual([`draft:${user._id}:homework:${course._id}:1`]);

    await page.getByRole('button', { name: 'Надіслати', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Відповідь надіслано куратору.' }).waitFor();
    await page.reload();
    const mine = page.getByRole('article', { name: 'Моя відповідь' });
    await mine.getByText(text).waitFor();
    expect(await page.getByText('Чернетку відновлено.').count()).toBe(0);
    expect(await page.getByLabel('Ваша відповідь', { exact: true }).count()).toBe(0);
    expect(await draftKeys(page)).toEqual([]);
  });
});
