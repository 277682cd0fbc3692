import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { getOk, newPerson, registerViaApi } from './support/api.js';
import { useE2E } from './support/setup.js';
import { expectPath, heading, signInViaUi, signOutViaUi } from './support/ui.js';

// The installable app (issue 17, item 5): Chromium's install criteria (a manifest it parses, a
// service worker controlling the page), then a learner reads an opened lesson with the network off.
const e2e = useE2E();

interface CourseItem {
  _id: string;
  enrolled: boolean;
}
interface LessonInfo {
  day: string;
  theme: string;
  isOpen: boolean;
}

/** Waits until the app's service worker controls the page (it registers after the signed-in frame loads). */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG file').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable, offline app', () => {
  test('meets the install criteria: the manifest Chromium parses, icons, a worker controlling the page', async () => {
    const { page, context } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);
    expect(await controlledByWorker(page)).toBe(`${e2e.url}/sw.js`);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const answer = await page.request.get(new URL(href ?? '', e2e.url).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      lang: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Єдині', start_url: '/uk', display: 'standalone', lang: 'uk' });
    expect(manifest.name).toContain('Єдині');
    for (const icon of manifest.icons) {
      const file = await page.request.get(new URL(icon.src, e2e.url).href);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      const [width] = icon.sizes.split('x').map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width, height: width });
    }
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );

    // Chromium's own verdict: what it parsed, and nothing that keeps the app from installing.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(parsed.url).toBe(`${e2e.url}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito-like; that one reason is the browser's, not the app's.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('an opened lesson reads offline after a reload; one never opened says it needs the network', async () => {
    const { page, context } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const { courses } = await getOk<{ courses: CourseItem[] }>(e2e.url, 'GET', '/api/courses', token);
    const course = courses.find((c) => c.enrolled);
    if (!course) throw new Error('the new learner is enrolled in no course');
    const { lessons } = await getOk<{ lessons: LessonInfo[] }>(e2e.url, 'GET', `/api/courses/${course._id}`, token);
    const [opened, never] = lessons.filter((lesson) => lesson.isOpen);
    if (!opened || !never) throw new Error('the demo wave needs two open lessons');

    await signInViaUi(page, e2e.url, person);
    await controlledByWorker(page);
    const lessonPath = `/uk/learn/${course._id}/${opened.day}`;
    await page.goto(`${e2e.url}${lessonPath}`);
    await heading(page, opened.theme).waitFor();
    const prose = page.locator('main [class*="prose"]');
    await prose.waitFor();
    const text = (await prose.innerText()).trim();
    expect(text.length, 'the lesson text is on screen').toBeGreaterThan(50);
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload();
    await expectPath(page, lessonPath);
    await heading(page, opened.theme).waitFor();
    await prose.waitFor();
    expect((await prose.innerText()).trim(), 'the same text, from the worker’s cache').toBe(text);
    const notice = page.getByRole('status').filter({ hasText: 'Немає інтернету.' });
    await notice.waitFor();
    await expectNoSeriousA11yViolations(page, 'an opened lesson offline');
    await expectNoHorizontalScroll(page, 'an opened lesson offline');

    await page
      .getByRole('link', { name: new RegExp(`Урок ${never.day}: `) })
      .first()
      .click();
    await expectPath(page, `/uk/learn/${course._id}/${never.day}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Цей урок ще не відкривали на цьому пристрої, тож без інтернету він недоступний.' })
      .waitFor();
    await notice.waitFor();
    await expectNoSeriousA11yViolations(page, 'a lesson never opened, offline');

    // Back online: the same lesson loads.
    await context.setOffline(false);
    await page.reload();
    await prose.waitFor();
    await expect.poll(() => notice.count()).toBe(0);

    // Signing out forgets what this person read: the next one on this device finds none of it.
    const keptUrls = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          if (name.startsWith('workbox-precache')) continue;
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls;
      });
    expect((await keptUrls()).some((url) => url.includes('/api/courses/'))).toBe(true);
    await signOutViaUi(page, person.first_name);
    await expectPath(page, '/login');
    await expect.poll(keptUrls).toEqual([]);
    // Two lessons, a reload offline and one online: longer than the file's 60 s on a busy machine.
  }, 120_000);
});
