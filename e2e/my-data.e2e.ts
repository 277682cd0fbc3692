import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, getOk, newPerson } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { expectPath, fillRegistration, greeting, heading, signInViaUi, storedToken, TEXT } from './support/ui.js';

// Issue 21, item 6: «Завантажити мої дані» makes a zip in the background that only its owner
// downloads; «Видалити акаунт» signs out everywhere and a sign-in within the grace period cancels it.
const e2e = useE2E();

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifactsDir, name), fullPage: true });
  console.log(`screenshot: e2e/artifacts/${name}`);
}

describe('my data', () => {
  test('a learner at 390 px downloads their data as a zip, then asks to delete the account and changes their mind', async () => {
    const { page } = e2e;
    const person = newPerson();

    // Registration needs the privacy notice's checkbox, which links to the notice.
    await page.goto(`${e2e.url}/register`);
    await fillRegistration(page, person);
    expect(await page.getByRole('link', { name: 'Що ми зберігаємо і навіщо' }).getAttribute('href')).toBe('/privacy');
    await page.getByRole('button', { name: TEXT.register, exact: true }).click();
    await expectPath(page, '/uk');
    await greeting(page, person.first_name).waitFor();
    const token = (await storedToken(page)) as string;

    // Something of the learner's own to find in the archive: a diary entry.
    const { courses } = await getOk<{ courses: { _id: string; enrolled: boolean }[] }>(
      e2e.url,
      'GET',
      '/api/courses',
      token,
    );
    const course = courses.find((c) => c.enrolled) as { _id: string };
    const diary = await call(e2e.url, 'POST', '/api/diary', {
      token,
      body: {
        courseId: course._id,
        lessonId: '1',
        date: '2026-03-03',
        entry: 'Сьогодні говорила українською.',
        plan: 'Завтра теж.',
      },
    });
    expect(diary.status).toBe(201);

    await page.goto(`${e2e.url}/uk/profile`);
    await heading(page, 'Мої дані').waitFor();
    await page.getByRole('button', { name: 'Завантажити мої дані' }).click();
    await page.getByText(/Готуємо архів/).waitFor();
    // The job makes it in the background; the profile asks again while it is being made.
    await page.getByText(/Архів готовий/).waitFor({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, 'profile: my data');
    await expectNoHorizontalScroll(page, 'profile: my data');
    await shot(page, 'my-data-390.png');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Завантажити архів' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^yedyni-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(zip).sort()).toEqual([
      'README.txt',
      'chat.json',
      'diary.json',
      'footprint.json',
      'homework.json',
      'payments.json',
      'profile.json',
      'team.json',
    ]);
    const json = (name: string) => JSON.parse(strFromU8(zip[name] as Uint8Array));
    expect(json('profile.json')).toMatchObject({
      email: person.email,
      firstName: person.first_name,
      lastName: person.last_name,
    });
    expect(json('diary.json')).toMatchObject([{ entry: 'Сьогодні говорила українською.' }]);
    expect(json('footprint.json')).toMatchObject([{ comment: 'Реєстрація на платформі' }]);

    // Deletion: a wrong password changes nothing and says so.
    await page.getByRole('button', { name: 'Видалити акаунт…' }).click();
    await page.getByLabel('Ваш пароль').fill('не мій пароль');
    await page.getByLabel('Впишіть слово ВИДАЛИТИ').fill('ВИДАЛИТИ');
    await page.getByRole('button', { name: 'Видалити акаунт', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Неправильний пароль' }).waitFor();
    await shot(page, 'my-data-delete-390.png');

    await page.getByLabel('Ваш пароль').fill(person.password);
    await page.getByRole('button', { name: 'Видалити акаунт', exact: true }).click();
    await expectPath(page, '/privacy');
    await page
      .getByRole('status')
      .filter({ hasText: /Ваш акаунт буде видалено/ })
      .waitFor();
    await heading(page, 'Конфіденційність: як ми бережемо ваші дані').waitFor();
    await expectNoSeriousA11yViolations(page, 'privacy notice after a deletion request');
    await expectNoHorizontalScroll(page, 'privacy notice');
    await shot(page, 'privacy-390.png');
    expect((await call(e2e.url, 'GET', '/api/auth/current', { token })).status, 'every session ended').toBe(401);

    // Signing in within the grace period cancels the deletion, and the person is told.
    await signInViaUi(page, e2e.url, person);
    const fresh = (await storedToken(page)) as string;
    const mine = await getOk<{ deletionDueAt: number | null }>(e2e.url, 'GET', '/api/privacy/mine', fresh);
    expect(mine.deletionDueAt).toBeNull();
    const told = await getOk<{ notifications: { title: string }[] }>(e2e.url, 'GET', '/api/notifications', fresh);
    expect(told.notifications.map((n) => n.title)).toContain('Видалення акаунта скасовано');

    // The same screens at 1280 px.
    const wide = (await e2e.newContext(DESKTOP)).page;
    await signInViaUi(wide, e2e.url, person);
    await wide.goto(`${e2e.url}/uk/profile`);
    await heading(wide, 'Мої дані').waitFor();
    await wide.getByText(/Архів готовий/).waitFor();
    await shot(wide, 'my-data-1280.png');
    await wide.goto(`${e2e.url}/privacy`);
    await heading(wide, 'Конфіденційність: як ми бережемо ваші дані').waitFor();
    await wide.getByRole('link', { name: /no-reply@/ }).waitFor();
    await shot(wide, 'privacy-1280.png');
  });
});
