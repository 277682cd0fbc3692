import { formatLongDate, kyivParts } from '@yedyni/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { footprintOf, getOk, newPerson, registerViaApi } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { useE2E } from './support/setup.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, signInViaUi, submitLogin } from './support/ui.js';

// A learner reads an open lesson, finds the next one closed, a curator opens it now, and the
// learner takes its self-test: the score lands in the lesson's diary and in the footprint.
const e2e = useE2E();

const CURATOR = { email: 'curator@example.org', password: 'yedyni-demo' };

interface CourseItem {
  _id: string;
  title: string;
  enrolled: boolean;
}
interface LessonInfo {
  day: string;
  theme: string;
  opensAt: number;
  isOpen: boolean;
  test: { questions: { text: string; options: string[] }[] };
}

/** Calls the app's API, which must answer 200. */
const api = <T>(method: string, path: string, token: string) => getOk<T>(e2e.url, method, path, token);
const footprint = (token: string) => footprintOf(e2e.url, token);

/** `YYYY-MM-DDTHH:mm` of this minute on a Kyiv wall clock, for an <input type="datetime-local">. */
function kyivNowInput(): string {
  const p = kyivParts(Date.now());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The lesson's row on the course screen: the list item whose heading names it. */
const lessonRow = (page: Page, day: string, theme: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Урок ${day}: ${theme}`, exact: true }) });

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

describe('courses: lessons, scheduling, self-test and diary', () => {
  test('a curator opens a closed lesson now; the learner takes its self-test and the score reaches diary and footprint', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);

    // Registration enrols the learner in the starter courses.
    const { courses } = await api<{ courses: CourseItem[] }>('GET', '/api/courses', token);
    const course = courses.find((c) => c.enrolled);
    if (!course) throw new Error(`the new learner is enrolled in no course: ${JSON.stringify(courses)}`);
    const { lessons } = await api<{ lessons: LessonInfo[] }>('GET', `/api/courses/${course._id}`, token);
    const first = lessons.find((l) => l.isOpen);
    const closed = lessons.find((l) => !l.isOpen);
    if (!first || !closed)
      throw new Error(`need an open and a closed lesson: ${JSON.stringify(lessons.map((l) => [l.day, l.isOpen]))}`);

    // The learner finds the course in «Курси» and reads an open lesson.
    await signInViaUi(page, e2e.url, person);
    await page.getByRole('link', { name: 'Курси', exact: true }).first().click();
    await expectPath(page, '/uk/learn');
    await heading(page, 'Курси').waitFor();
    const mine = page.getByRole('region', { name: 'Мої курси' });
    await mine.getByRole('progressbar', { name: `Поступ курсу «${course.title}»` }).waitFor();
    await check(page, '/uk/learn');
    await mine.getByRole('link', { name: course.title, exact: true }).click();
    await expectPath(page, `/uk/learn/${course._id}`);
    await heading(page, course.title).waitFor();
    await check(page, '/uk/learn/:courseId');

    await page.getByRole('link', { name: `Урок ${first.day}: ${first.theme}`, exact: true }).click();
    await expectPath(page, `/uk/learn/${course._id}/${first.day}`);
    await heading(page, first.theme).waitFor();
    const prose = page.locator('main [class*="prose"]');
    await prose.waitFor();
    expect((await prose.innerText()).trim().length, 'the lesson text is on screen').toBeGreaterThan(50);
    await check(page, '/uk/learn/:courseId/:lessonId');

    // The first closed lesson says when it opens, both in the list and at its own address.
    await page.goto(`${e2e.url}/uk/learn/${course._id}`);
    const row = lessonRow(page, closed.day, closed.theme);
    await row.getByText(`Відкриється ${formatLongDate(closed.opensAt)}`, { exact: true }).waitFor();
    expect(await row.getByRole('link').count(), 'a closed lesson is not a link').toBe(0);
    await page.goto(`${e2e.url}/uk/learn/${course._id}/${closed.day}`);
    await heading(page, 'Урок ще не відкрився').waitFor();
    await page.getByText(`Урок відкриється ${formatLongDate(closed.opensAt)}.`).waitFor();

    // A curator (another device, 1280 px) schedules it to open now, in Kyiv time.
    await staffWithTwoStep(e2e.url, CURATOR);
    const curator = (await e2e.newContext(DESKTOP)).page;
    await curator.goto(`${e2e.url}/login`);
    await submitLogin(curator, CURATOR.email, CURATOR.password);
    await expectPath(curator, '/uk');
    await curator.goto(`${e2e.url}/uk/learn/${course._id}`);
    await heading(curator, 'Інструменти куратора').waitFor();
    const curatorRow = lessonRow(curator, closed.day, closed.theme);
    await curatorRow.getByRole('button', { name: 'Запланувати', exact: true }).click();
    const now = kyivNowInput();
    await curatorRow.getByLabel('Дата і час відкриття (за Києвом)').fill(now);
    await curatorRow.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await curatorRow
      .getByRole('status')
      .filter({ hasText: `Урок ${closed.day} відкриється` })
      .waitFor();
    await check(curator, '/uk/learn/:courseId as a curator');

    // The learner reloads: the lesson is open now.
    await page.goto(`${e2e.url}/uk/learn/${course._id}`);
    await lessonRow(page, closed.day, closed.theme)
      .getByRole('link', { name: `Урок ${closed.day}: ${closed.theme}`, exact: true })
      .click();
    await expectPath(page, `/uk/learn/${course._id}/${closed.day}`);
    await heading(page, closed.theme).waitFor();
    await page.locator('main [class*="prose"]').waitFor();

    // The self-test: answer every question, check, see the score and the right answers; then retake with them.
    const before = await footprint(token);
    await page.getByRole('tablist', { name: 'Розділи уроку' }).getByRole('tab', { name: 'Тест', exact: true }).click();
    await expectPath(page, `/uk/learn/${course._id}/${closed.day}/test`);
    const questions = page.getByRole('group');
    await questions.first().waitFor();
    const count = await questions.count();
    expect(count, 'the lesson has self-test questions').toBeGreaterThan(0);
    for (let q = 0; q < count; q++) await questions.nth(q).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Перевірити', exact: true }).click();
    const result = page.getByRole('status').filter({ hasText: 'Ваш результат' });
    await result.getByText('Результат записано у щоденник уроку.').waitFor();
    const firstScore = Number(/(\d+) з 10/.exec(await result.innerText())?.[1]);
    expect(firstScore).toBeGreaterThanOrEqual(0);
    await expect.poll(() => footprint(token)).toBe(before + firstScore);
    await check(page, 'the self-test result');

    // Every question shows its right answer; pick those and check again.
    const right: number[] = [];
    for (let q = 0; q < count; q++) {
      const labels = questions.nth(q).locator('label');
      const n = await labels.count();
      for (let o = 0; o < n; o++) {
        if (/Правильна відповідь|Ваша відповідь правильна/.test(await labels.nth(o).innerText())) right.push(o);
      }
    }
    expect(right, 'one right answer is marked per question').toHaveLength(count);
    await page.getByRole('button', { name: 'Пройти ще раз', exact: true }).click();
    for (let q = 0; q < count; q++)
      await questions
        .nth(q)
        .getByRole('radio')
        .nth(right[q] as number)
        .check();
    await page.getByRole('button', { name: 'Перевірити', exact: true }).click();
    await result.getByText('10 з 10').waitFor();
    // A retake is for practice: only the first scored attempt counts (docs/domain.md).
    await result.getByText(/повторна спроба/).waitFor();

    // The diary tab shows the first attempt's score; the footprint grew by it alone.
    await result.getByRole('link', { name: 'Відкрити щоденник' }).click();
    await expectPath(page, `/uk/learn/${course._id}/${closed.day}/diary`);
    await page.getByText(`Результат тесту: ${firstScore} з 10`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Оновити запис', exact: true }).waitFor();
    await check(page, 'the lesson diary');
    expect(await footprint(token)).toBe(before + firstScore);
    const diary = await api<{ test: number | null }>(
      'GET',
      `/api/diary?courseId=${encodeURIComponent(course._id)}&lessonId=${closed.day}`,
      token,
    );
    expect(diary.test).toBe(firstScore);

    // The learner writes the entry: the diary keeps the score and the text.
    await page.getByLabel('Запис', { exact: true }).fill('Сьогодні весь день говорила українською.');
    await page.getByLabel('План', { exact: true }).fill('Завтра — лист колезі українською.');
    await page.getByRole('button', { name: 'Оновити запис', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Зміни збережено.' }).waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Запис', { exact: true }).inputValue())
      .toBe('Сьогодні весь день говорила українською.');
    await page.getByText(`Результат тесту: ${firstScore} з 10`, { exact: true }).waitFor();
  });

  test('home shows what to do today, with a link to the next lesson', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);
    const today = page.getByRole('region', { name: 'Що сьогодні' });
    await today.getByText('Наступний урок').first().waitFor();
    await today.getByRole('progressbar').first().waitFor();
    await check(page, '/uk with today’s plan');
    const next = today.getByRole('link', { name: /^Урок \d+: / }).first();
    const href = await next.getAttribute('href');
    await next.click();
    await expectPath(page, href ?? '');
    await page.getByRole('tablist', { name: 'Розділи уроку' }).waitFor();
  });
});
