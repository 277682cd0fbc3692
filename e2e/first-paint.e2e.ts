import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { firstOpenLesson, logoutViaApi, newPerson, registerViaApi } from './support/api.js';
import { useE2E } from './support/setup.js';
import {
  expectPath,
  greeting,
  heading,
  holdRequests,
  signInViaUi,
  signOutViaUi,
  storedToken,
  TEXT,
} from './support/ui.js';

// Home, and a lesson, as this browser last showed them today are painted from the page on the next
// visit of that address, before the app's script and the screen's data
// (packages/web/src/shared/lib/lastScreen.ts); the app takes its place once its screen is rendered.
// Only for the same session and the same Kyiv day.
const e2e = useE2E();

const KEPT = 'yedyni:last-screen';
const TODAY_TITLE = 'Що сьогодні';

const keptScreen = (page: Page) => page.evaluate((item) => localStorage.getItem(item), KEPT);
/** The copy painted from the page: inert, before the app's #root. */
const painted = (page: Page) => page.locator('body > div[inert]');

/** Puts `value` into localStorage under the kept screen's item. */
const keep = (page: Page, value: string) =>
  page.evaluate(([item, text]) => localStorage.setItem(item as string, text as string), [KEPT, value]);

/** Holds «Що сьогодні»'s answer back until the returned function is called. */
const holdToday = (page: Page) => holdRequests(page, '**/api/courses/today');

async function signedInWithKeptHome(page: Page) {
  const person = newPerson();
  const { token } = await registerViaApi(e2e.url, person);
  await signInViaUi(page, e2e.url, person);
  await heading(page, TODAY_TITLE).waitFor();
  await page.waitForFunction((item) => localStorage.getItem(item) !== null, KEPT);
  return { ...person, token };
}

/** The paths of the screens kept now. */
const keptPaths = async (page: Page) =>
  (JSON.parse((await keptScreen(page)) ?? '{"screens":[]}') as { screens: { path: string }[] }).screens.map(
    (screen) => screen.path,
  );

describe('home and a lesson painted first from the page on the next visit', () => {
  test('the kept home shows before «Що сьогодні» answers, the app takes its place, and sign-out forgets it', async () => {
    const { page } = e2e;
    const person = await signedInWithKeptHome(page);

    const release = await holdToday(page);
    await page.reload();
    // The app's script has run (load), «Що сьогодні» has not answered: the kept home is on screen.
    await painted(page).getByText(`Вітаємо, ${person.first_name}!`).waitFor();
    await painted(page).getByText(TODAY_TITLE, { exact: true }).waitFor();
    expect(await page.locator('#root').isHidden()).toBe(true);
    // Inert and hidden from assistive technology: nothing of it can be focused, clicked or read twice.
    expect(await painted(page).evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    expect(await painted(page).getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByRole('heading', { name: TODAY_TITLE, exact: true }).count()).toBe(0);

    release();
    await painted(page).waitFor({ state: 'detached' });
    await heading(page, TODAY_TITLE).waitFor();
    expect(await page.locator('#root').isVisible()).toBe(true);
    expect(await page.getByText(`Вітаємо, ${person.first_name}!`).count()).toBe(1);
    expect(await page.getByText(TODAY_TITLE, { exact: true }).count()).toBe(1);

    await page.unroute('**/api/courses/today');
    await signOutViaUi(page, person.first_name);
    expect(await keptScreen(page)).toBeNull();
  });

  test("a lesson opened again today: its text shows before the lesson's answer, and its title takes focus", async () => {
    const { page } = e2e;
    const person = await signedInWithKeptHome(page);
    const { courseId, lesson } = await firstOpenLesson(e2e.url, person.token);
    const lessonPath = `/uk/learn/${courseId}/${lesson.day}`;

    await page.goto(`${e2e.url}${lessonPath}`);
    const prose = page.locator('#root main [class*="prose"]');
    await prose.waitFor();
    const text = (await prose.innerText()).trim().slice(0, 40);
    await page.waitForFunction(
      ([item, path]) => localStorage.getItem(item as string)?.includes(`"path":"${path}"`),
      [KEPT, lessonPath],
    );
    // Home stays kept beside it, the lesson first.
    expect(await keptPaths(page)).toEqual([lessonPath, '/uk']);

    const contentUrl = `**/api/courses/${courseId}/lessons/${lesson.day}/content`;
    const release = await holdRequests(page, contentUrl);
    await page.reload();
    // The lesson's answer has not come: the kept lesson, its title and text, is on screen.
    await painted(page).getByRole('heading', { name: lesson.theme, includeHidden: true }).waitFor();
    await painted(page).getByText(text).waitFor();
    expect(await page.locator('#root').isHidden()).toBe(true);
    expect(await page.getByRole('heading', { name: lesson.theme, exact: true }).count()).toBe(0);

    release();
    await painted(page).waitFor({ state: 'detached' });
    await heading(page, lesson.theme).waitFor();
    expect(await page.getByRole('heading', { name: lesson.theme, exact: true }).count()).toBe(1);
    expect(await page.getByText(text).count()).toBe(1);
    // Its title was to take focus while #root was hidden: it has it now.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(lesson.theme);
    await page.unroute(contentUrl);

    // Another tab of the lesson was not kept: it opens as without this. Once on screen, the
    // theory (text) is kept at its own address; the self-test is not (only text tabs are).
    const release2 = await holdRequests(page, contentUrl);
    await page.goto(`${e2e.url}${lessonPath}/theory`);
    expect(await painted(page).count()).toBe(0);
    release2();
    await heading(page, lesson.theme).waitFor();
    await page.unroute(contentUrl);
    await page.waitForFunction(
      ([item, path]) => localStorage.getItem(item as string)?.includes(`"path":"${path}"`),
      [KEPT, `${lessonPath}/theory`],
    );
    expect(await keptPaths(page)).toEqual([`${lessonPath}/theory`, lessonPath, '/uk']);
    await page.getByRole('tab', { name: 'Тест', exact: true }).click();
    await expectPath(page, `${lessonPath}/test`);
    // Idle work runs within 2 s (shared/lib/whenIdle.ts): past that, nothing was kept for it.
    await page.waitForTimeout(2500);
    expect(await keptPaths(page)).toEqual([`${lessonPath}/theory`, lessonPath, '/uk']);
  });

  test('another session, another day or a refused session: nothing stale stays on screen', async () => {
    const { page } = e2e;
    const person = await signedInWithKeptHome(page);
    const kept = JSON.parse((await keptScreen(page)) as string) as { session: string; day: string };
    // The session is marked, its token not kept a second time.
    expect(await keptScreen(page)).not.toContain(await storedToken(page));

    // Yesterday's home is not today's: not painted.
    await keep(page, JSON.stringify({ ...kept, day: '2000-01-01' }));
    const release = await holdToday(page);
    await page.reload();
    expect(await painted(page).count()).toBe(0);
    release();
    await heading(page, TODAY_TITLE).waitFor();
    await page.unroute('**/api/courses/today');
    await page.waitForFunction((item) => !localStorage.getItem(item)?.includes('2000-01-01'), KEPT);

    // Another session's home (a different token) is not painted, and is dropped.
    await keep(page, JSON.stringify({ ...kept, session: 'someone-else' }));
    const releaseAgain = await holdToday(page);
    await page.reload();
    expect(await painted(page).count()).toBe(0);
    expect(await keptScreen(page)).toBeNull();
    releaseAgain();
    await greeting(page, person.first_name).waitFor();
    await page.unroute('**/api/courses/today');
    await page.waitForFunction((item) => localStorage.getItem(item) !== null, KEPT);

    // The server ended the session meanwhile: the kept home gives way to the login screen.
    const token = await storedToken(page);
    if (!token) throw new Error('no stored token');
    await logoutViaApi(e2e.url, token);
    await page.reload();
    await expectPath(page, '/login');
    await heading(page, TEXT.loginHeading).waitFor();
    expect(await painted(page).count()).toBe(0);
    expect(await page.locator('#root').isVisible()).toBe(true);
    // An ended session's home is not kept for the next person at this browser: dropped here, and
    // by any page opened without a session.
    expect(await keptScreen(page)).toBeNull();
    await keep(page, JSON.stringify(kept));
    await page.goto(`${e2e.url}/`);
    expect(await keptScreen(page)).toBeNull();
  });
});
