import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, getOk, newPerson, registerViaApi } from './support/api.js';
import { screenshot } from './support/screens.js';
import { useE2E } from './support/setup.js';
import { answerTask } from './support/tasks.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, menuEntry, openOfficeMenu, signInViaUi } from './support/ui.js';

// A learner plays a round of «Паляниця» on a phone from the start screen to the score: seven
// tasks of whatever types the round deals, answered through the UI, then the score «N з 70» with
// the right answers and explanations, and the best result back on the start screen. Then the
// conversation clubs: a learner signs up for a club an admin created over the API, sees the seats
// left go down, and cancels with a confirmation.
const e2e = useE2E();

const ADMIN = { email: 'admin@example.org', password: 'yedyni-demo' };
const ROUND_TASKS = 7;

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

/** The task on screen: the region «Завдання n з 7». */
const taskCard = (page: Page, n: number): Locator =>
  page.getByRole('region', { name: `Завдання ${n} з ${ROUND_TASKS}`, exact: true });

describe('«Паляниця» and the conversation clubs', () => {
  test('a learner plays a round: seven tasks, the score «з 70» with right answers, the best result on the start screen', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    // The top navigation's «Паляниця»: the start screen with the rules and nothing played yet.
    await page.getByRole('link', { name: 'Паляниця', exact: true }).click();
    await expectPath(page, '/uk/game');
    await heading(page, 'Паляниця').waitFor();
    await page.getByText('Ви ще не грали.', { exact: false }).waitFor();
    await heading(page, 'Рейтинг гравців').waitFor();
    await check(page, '/uk/game (start)');
    await screenshot(page, 'game-start-390.png');

    await page.getByRole('button', { name: 'Почати раунд', exact: true }).click();
    await taskCard(page, 1).waitFor();
    // The countdown runs from 7 minutes.
    const timer = page.getByRole('timer');
    expect(await timer.innerText()).toMatch(/^0[67]:\d\d$/);
    await check(page, '/uk/game (a task)');
    await screenshot(page, 'game-task-390.png');

    const seen: string[] = [];
    for (let n = 1; n <= ROUND_TASKS; n++) {
      const card = taskCard(page, n);
      await card.waitFor();
      await page.getByText(`Завдання ${n} з ${ROUND_TASKS}`, { exact: true }).waitFor();
      seen.push(await answerTask(card));
      if (n < ROUND_TASKS) await page.getByRole('button', { name: 'Далі' }).click();
    }
    // «Назад» returns to the task before with its answer kept.
    await page.getByRole('button', { name: 'Назад' }).click();
    await taskCard(page, ROUND_TASKS - 1).waitFor();
    await page.getByRole('button', { name: 'Далі' }).click();
    await taskCard(page, ROUND_TASKS).waitFor();
    console.log(`round tasks: ${seen.join(', ')}`);

    // Every task has an answer: «Завершити» sends them at once.
    await page.getByRole('button', { name: 'Завершити', exact: true }).click();
    await heading(page, 'Раунд завершено').waitFor();
    const scoreText = await page.getByText(/^\d+ з 70$/).innerText();
    const score = Number(scoreText.split(' ')[0]);
    const results = page.getByRole('list', { name: 'Відповіді по завданнях' }).getByRole('listitem');
    expect(await results.count()).toBe(ROUND_TASKS);
    for (let i = 0; i < ROUND_TASKS; i++) {
      const item = results.nth(i);
      expect(await item.getByText('Ваша відповідь', { exact: true }).count()).toBe(1);
      expect(await item.getByText('Правильна відповідь', { exact: true }).count()).toBe(1);
      expect(await item.getByText('Пояснення', { exact: true }).count()).toBe(1);
      expect(await item.getByText(/(Правильно|Частково|Неправильно) · \d+ з 10 балів$/).count()).toBe(1);
    }
    await check(page, '/uk/game (score)');
    await screenshot(page, 'game-score-390.png');

    // The server counted the same score.
    const stats = await getOk<{ best: { score: number }[]; rounds: number }>(e2e.url, 'GET', '/api/game/me', token);
    expect(stats.rounds).toBe(1);
    expect(stats.best[0]?.score).toBe(score);

    // Back on the start screen: one round played, its score among the best.
    await page.getByRole('button', { name: 'До початку гри' }).click();
    await page.getByRole('button', { name: 'Почати раунд', exact: true }).waitFor();
    const mine = page.getByRole('region', { name: 'Ваші результати' });
    await mine.getByText(`${score} з 70`, { exact: true }).waitFor();
    expect(await mine.getByRole('definition').first().innerText()).toBe('1');
    if (score > 0) {
      // A scoring round puts the learner into the rating, marked «ви».
      await page.getByRole('row').filter({ hasText: '(ви)' }).waitFor();
    }
  });

  test('a learner signs up for a club an admin created, sees the seats go down, and cancels', async () => {
    const { page } = e2e;
    const adminToken = await staffWithTwoStep(e2e.url, ADMIN);
    const title = `Розмовний клуб «Кава й слова» ${Date.now()}`;
    const created = await call<{ _id: string; seatsLeft: number }>(e2e.url, 'POST', '/api/admin/clubs', {
      token: adminToken,
      body: {
        title,
        description: 'Говоримо про книжки, каву й місто. Рівень — будь-який.',
        city: 'Львів',
        place: 'Кавʼярня «Світ кави», площа Ринок, 6',
        link: '',
        host: 'Соломія Гнатюк',
        startsAt: Date.now() + 3 * 24 * 60 * 60 * 1000,
        durationMin: 90,
        capacity: 3,
      },
    });
    expect(created.status).toBe(201);

    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);

    // The office menu's «Розмовні клуби».
    await openOfficeMenu(page, person.first_name);
    await menuEntry(page, 'Розмовні клуби').click();
    await expectPath(page, '/uk/clubs');
    await heading(page, 'Розмовні клуби').waitFor();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card.getByText('Залишилось місць: 3', { exact: true }).waitFor();
    await card.getByText('Львів', { exact: true }).waitFor();
    await card.getByText('Соломія Гнатюк', { exact: true }).waitFor();
    await card.getByText('90 хв', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Записатися', exact: true }).click();
    await card.getByText('Залишилось місць: 2', { exact: true }).waitFor();
    await card.getByText('Ви записані', { exact: true }).waitFor();
    await card.getByText('Ви записалися. До зустрічі!').waitFor();
    await check(page, '/uk/clubs (signed up)');
    await screenshot(page, 'clubs-390.png');

    // «Мої»: only the clubs I signed up for.
    await page.getByRole('button', { name: 'Мої', exact: true }).click();
    await page.getByRole('button', { name: 'Мої', exact: true, pressed: true }).waitFor();
    // The pressed state flips at the click; the list follows when the answer arrives.
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card.waitFor();

    // Cancelling asks first.
    await card.getByRole('button', { name: 'Скасувати запис', exact: true }).click();
    await card.getByText('Скасувати ваш запис на цю зустріч?').waitFor();
    await card.getByRole('button', { name: 'Так, скасувати', exact: true }).click();
    await card.getByText('Запис скасовано.').waitFor();
    await card.getByText('Залишилось місць: 3', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Записатися', exact: true }).waitFor();
  });
});
