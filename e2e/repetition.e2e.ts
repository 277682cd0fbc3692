import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, newPerson, registerViaApi } from './support/api.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { answerTask } from './support/tasks.js';
import { expectPath, heading, signInViaUi } from './support/ui.js';

// «Повторення» on a phone: a learner's round of «Паляниця» goes wrong (played over the API, every
// answer wrong), its tasks become cards, the game page offers them, and the learner answers them in
// a session with the game's task views, then sees the score, the right answers and the footprint.
const e2e = useE2E();

async function check(page: Page, label: string, shot: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, shot), fullPage: true });
}

describe('«Повторення»', () => {
  test('a round’s mistakes become cards; a session plays them and shows the right answers', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const round = await call<{ roundId: string; tasks: unknown[] }>(e2e.url, 'POST', '/api/game/rounds', { token });
    const wrong = round.body.tasks.map(() => ({}));
    const scored = await call(e2e.url, 'POST', `/api/game/rounds/${round.body.roundId}/answers`, {
      token,
      body: { answers: wrong },
    });
    expect(scored.status).toBe(200);
    const cards = round.body.tasks.length;

    await signInViaUi(page, e2e.url, person);
    await page.getByRole('link', { name: 'Паляниця', exact: true }).click();
    await expectPath(page, '/uk/game');
    const card = page.getByRole('region', { name: `Повторення: ${cards} карток на сьогодні` });
    await card.waitFor();
    await check(page, '/uk/game (repetition card)', 'repetition-card-390.png');

    await card.getByRole('link', { name: 'Почати' }).click();
    await expectPath(page, '/uk/game/repetition');
    await heading(page, 'Повторення').waitFor();
    // Untimed: no countdown.
    await page.getByRole('region', { name: `Завдання 1 з ${cards}`, exact: true }).waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);
    await check(page, '/uk/game/repetition (a task)', 'repetition-task-390.png');
    for (let n = 1; n <= cards; n++) {
      const task = page.getByRole('region', { name: `Завдання ${n} з ${cards}`, exact: true });
      await task.waitFor();
      await answerTask(task);
      if (n < cards) await page.getByRole('button', { name: 'Далі' }).click();
    }
    await page.getByRole('button', { name: 'Завершити', exact: true }).click();
    await heading(page, 'Повторення завершено').waitFor();
    await page.getByText(new RegExp(`^\\d+ з ${cards * 10}$`)).waitFor();
    const results = page.getByRole('list', { name: 'Відповіді по завданнях' }).getByRole('listitem');
    expect(await results.count()).toBe(cards);
    await page.getByRole('status').filter({ hasText: 'Укр.сліду' }).waitFor();
    await check(page, '/uk/game/repetition (result)', 'repetition-result-390.png');

    // Back on the game page: the cards are scheduled on, none due right now.
    await page.getByRole('link', { name: 'До гри' }).click();
    await page.getByRole('region', { name: 'Повторення' }).getByText('Карток на сьогодні немає').waitFor();
  });
});
