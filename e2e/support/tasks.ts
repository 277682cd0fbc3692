import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Answers the task in `card` through its controls, whatever its type; returns the type seen. */
export async function answerTask(card: Locator): Promise<string> {
  const radios = card.getByRole('radio');
  const checkboxes = card.getByRole('checkbox');
  const selects = card.getByRole('combobox');
  const wordBank = card.getByRole('group', { name: 'Слова', exact: true });
  if ((await radios.count()) > 0) {
    await radios.first().check();
    return 'quiz';
  }
  if ((await checkboxes.count()) > 0) {
    await checkboxes.first().check();
    return 'quiz (several)';
  }
  if ((await selects.count()) > 0) {
    const count = await selects.count();
    for (let i = 0; i < count; i++) await selects.nth(i).selectOption({ index: i + 1 });
    return 'match';
  }
  if ((await wordBank.count()) > 0) {
    // Tap every word of the bank in turn: each tap moves it into the sentence.
    const words = wordBank.getByRole('button');
    const total = await words.count();
    for (let i = 0; i < total; i++) await words.first().click();
    expect(await words.count()).toBe(0);
    await card.getByRole('group', { name: 'Ваше речення', exact: true }).getByRole('button').first().waitFor();
    return 'order';
  }
  const typed = card.getByRole('textbox', { name: 'Слово для пропуску' });
  if ((await typed.count()) > 0) {
    await typed.fill('слово');
    return 'gap (typed)';
  }
  // Gap options and the words of «find the error» are toggle buttons: press the first.
  const toggles = card.locator('button[aria-pressed]');
  await toggles.first().click();
  expect(await toggles.first().getAttribute('aria-pressed')).toBe('true');
  return (await card.getByText('Торкніться слова з помилкою.').count()) > 0 ? 'error' : 'gap';
}
