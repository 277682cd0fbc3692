import { kyivParts } from '@yedyni/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { currentUserViaApi, newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { useE2E } from './support/setup.js';
import { enableTwoStepViaApi, staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, menuEntry, officeMenuButton, signInViaUi, submitLogin } from './support/ui.js';

// The people who run the movement prepare a course in the browser alone, and hand out roles.
const e2e = useE2E();

const ADMIN = { email: 'admin@example.org', password: 'yedyni-demo', firstName: 'Ірина' };

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

/** `YYYY-MM-DD` of today on a Kyiv calendar, for an <input type="date">. */
function kyivToday(): string {
  const p = kyivParts(Date.now());
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Signs the demo admin in on a 1280 px screen and opens «Керування» from the office menu. */
async function openConsole(): Promise<Page> {
  // Admins need two-step sign-in before the console opens; submitLogin then types the code.
  await staffWithTwoStep(e2e.url, ADMIN);
  const { page } = await e2e.newContext(DESKTOP);
  await page.goto(`${e2e.url}/login`);
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expectPath(page, '/uk');
  await officeMenuButton(page, ADMIN.firstName).click();
  await menuEntry(page, 'Керування').click();
  await expectPath(page, '/uk/admin/courses');
  await heading(page, 'Курси').waitFor();
  return page;
}

describe('admin console', () => {
  test('an admin creates a course with two lessons; a learner joins it and reads lesson 1', async () => {
    const admin = await openConsole();
    const title = `Мова медіа ${Date.now() % 100000}`;
    const slug = `mova-media-${Date.now() % 100000}`;

    await admin.getByRole('button', { name: 'Новий курс', exact: true }).click();
    await admin.getByLabel('Назва', { exact: true }).fill(title);
    await admin.getByLabel('Код курсу', { exact: true }).fill(slug);
    await admin.getByLabel('Номер першої хвилі', { exact: true }).fill('1');
    await admin.getByLabel('Старт першої хвилі (дата за Києвом)', { exact: true }).fill(kyivToday());
    await admin.getByRole('button', { name: 'Створити курс', exact: true }).click();
    await heading(admin, title).waitFor();
    const courseId = new URL(admin.url()).pathname.split('/').pop() ?? '';
    expect(courseId).toMatch(/^[0-9a-f-]{36}$/);
    await check(admin, '/uk/admin/courses/:id');

    // Lesson 1, written in Markdown with a live preview of what learners will see.
    const lessons = [
      { theme: 'Як писати заголовки', text: '## Заголовок — це обіцянка\n\nПишіть **коротко** і ясно.' },
      { theme: 'Новини без русизмів', text: '## Слова дня\n\nЗамість «прийняти участь» — *взяти участь*.' },
    ];
    for (const [i, lesson] of lessons.entries()) {
      await admin.getByRole('button', { name: 'Додати урок', exact: true }).click();
      await admin.getByLabel('Тема нового уроку', { exact: true }).fill(lesson.theme);
      await admin.getByRole('button', { name: 'Додати урок', exact: true }).last().click();
      await expectPath(admin, `/uk/admin/courses/${courseId}/lessons/${i + 1}`);
      await admin.getByRole('textbox', { name: 'Текст уроку', exact: true }).fill(lesson.text);
      const heading2 = lesson.text.split('\n')[0]?.replace('## ', '') ?? '';
      await admin
        .getByRole('region', { name: 'Перегляд: Текст уроку' })
        .getByRole('heading', { name: heading2, exact: true })
        .waitFor();
      await admin.getByRole('button', { name: 'Зберегти', exact: true }).click();
      await admin.getByText('Урок збережено.').first().waitFor();
      if (i === 0) await check(admin, '/uk/admin/courses/:id/lessons/:day');
      await admin.getByRole('link', { name: '← Назад до курсу', exact: true }).click();
      await heading(admin, title).waitFor();
    }
    for (const lesson of lessons) await admin.getByText(lesson.theme, { exact: true }).first().waitFor();

    // A learner (on a phone) finds the course, joins it and reads lesson 1.
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    const { page } = e2e;
    await signInViaUi(page, e2e.url, person);
    await page.goto(`${e2e.url}/uk/learn`);
    await heading(page, 'Курси').waitFor();
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.getByRole('button', { name: 'Приєднатися', exact: true }).click();
    await page.getByText(`Ви приєдналися до курсу «${title}».`).waitFor();
    await page.getByRole('region', { name: 'Мої курси' }).getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, `/uk/learn/${courseId}`);
    await page.getByRole('link', { name: `Урок 1: ${lessons[0]?.theme}`, exact: true }).click();
    await expectPath(page, `/uk/learn/${courseId}/1`);
    const prose = page.locator('main [class*="prose"]');
    await prose.getByRole('heading', { name: 'Заголовок — це обіцянка', exact: true }).waitFor();
    await prose.getByText('коротко', { exact: true }).waitFor();
    await check(page, '/uk/learn/:courseId/1 of the new course');
  });

  test('an admin makes a learner a curator, with confirmation; the learner gets the console', async () => {
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    // Curators need two-step sign-in: on beforehand, the new role gives the console at once.
    await enableTwoStepViaApi(e2e.url, person, token);
    const admin = await openConsole();

    await admin.getByRole('link', { name: 'Користувачі', exact: true }).click();
    await expectPath(admin, '/uk/admin/users');
    await admin.getByLabel('Імʼя або пошта', { exact: true }).fill(person.email);
    await admin
      .getByRole('link', { name: `${person.first_name} ${person.last_name}` })
      .first()
      .click();
    await heading(admin, `${person.first_name} ${person.last_name}`).waitFor();
    await admin.getByLabel('Нова роль', { exact: true }).selectOption('moderator');
    await admin.getByRole('button', { name: 'Змінити роль', exact: true }).click();
    await admin.getByText(`Змінити роль користувача ${person.first_name} ${person.last_name} на «куратор»?`).waitFor();
    await check(admin, '/uk/admin/users/:id with the confirmation');
    await admin.getByRole('button', { name: 'Так, змінити', exact: true }).click();
    await admin.getByText(`Тепер ${person.first_name} ${person.last_name} — куратор.`).waitFor();
    expect((await currentUserViaApi(e2e.url, token)).role).toBe('moderator');

    // The change is in the audit log.
    await admin.getByRole('link', { name: 'Журнал дій', exact: true }).click();
    await admin.getByText(`${person.first_name} ${person.last_name} (${person.email}): учень → куратор`).waitFor();

    // The new curator signs in on a phone and finds «Керування» with the courses only.
    const { page } = e2e;
    await signInViaUi(page, e2e.url, person);
    await officeMenuButton(page, person.first_name).click();
    await menuEntry(page, 'Керування').click();
    await expectPath(page, '/uk/admin/courses');
    await heading(page, 'Курси').waitFor();
    expect(await page.getByRole('link', { name: 'Користувачі', exact: true }).count()).toBe(0);
    await check(page, '/uk/admin/courses as a new curator at 390 px');
  });
});
