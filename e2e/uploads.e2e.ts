import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { getOk } from './support/api.js';
import { DESKTOP } from './support/browser.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { newLearnerAtPractice } from './support/ui.js';

// Issue 18, item 5: a 9 MB file on a slow link showed only «Надсилаємо…» for 38 s. On a link
// throttled through the DevTools protocol, a homework file's bar climbs, «Скасувати» stops it,
// the text stays, and the server keeps nothing of it.
const e2e = useE2E();

const UPLOAD_BYTES_PER_SECOND = 256 * 1024;

/** A PDF's head, then zeros up to `size` (the server types files by their first bytes). */
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.alloc(size - 9, 0x20)]);

/** Every file under the server's uploads folder, temporary ones included. */
async function uploadsOnDisk(): Promise<string[]> {
  const root = join(e2e.dataDir, 'uploads');
  const found: string[] = [];
  for (const shard of await readdir(root).catch(() => [] as string[])) {
    found.push(...(await readdir(join(root, shard)).catch(() => [] as string[])));
  }
  return found;
}

/** The page's uploads go at `bytesPerSecond`, as on a slow mobile link. */
async function throttle(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const percentOf = async (page: Page) =>
  Number(await page.getByRole('progressbar', { name: 'Надсилаємо «звіт.pdf»' }).getAttribute('value'));

describe('uploads: progress and cancel', () => {
  test.each([
    ['390', undefined],
    ['1280', DESKTOP],
  ] as const)(
    'at %s px a homework file on a slow link shows its progress climbing; «Скасувати» stops it and keeps nothing',
    async (width, viewport) => {
      const page = viewport ? (await e2e.newContext(viewport)).page : e2e.page;
      const { token, course } = await newLearnerAtPractice(page, e2e.url);
      const answer = 'Моя відповідь з файлом';
      await page.getByLabel('Ваша відповідь', { exact: true }).fill(answer);
      await page
        .getByLabel('Файл (необовʼязково)', { exact: true })
        .setInputFiles({ name: 'звіт.pdf', mimeType: 'application/pdf', buffer: bigPdf(9 * 1024 * 1024) });
      const before = await uploadsOnDisk();

      await throttle(page, UPLOAD_BYTES_PER_SECOND);
      await page.getByRole('button', { name: 'Надіслати', exact: true }).click();
      const bar = page.getByRole('progressbar', { name: 'Надсилаємо «звіт.pdf»' });
      await bar.waitFor();
      await expect
        .poll(() => percentOf(page), { timeout: 15_000, message: 'the bar starts to fill' })
        .toBeGreaterThan(2);
      const first = await percentOf(page);
      await expect
        .poll(() => percentOf(page), { timeout: 15_000, message: 'the bar keeps climbing' })
        .toBeGreaterThan(first + 3);
      const shown = await percentOf(page);
      expect(shown).toBeLessThan(100);
      await page.getByText(/^\d+\u00a0%$/).waitFor();

      await mkdir(artifactsDir, { recursive: true });
      await bar.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(artifactsDir, `upload-progress-${width}.png`), fullPage: false });
      await expectNoSeriousA11yViolations(page, `homework upload in progress at ${width} px`);
      await expectNoHorizontalScroll(page, `homework upload in progress at ${width} px`);

      await page.getByRole('button', { name: 'Скасувати надсилання «звіт.pdf»' }).click();
      await page.getByRole('status').filter({ hasText: 'Надсилання скасовано.' }).waitFor();
      await expect.poll(() => bar.count()).toBe(0);
      expect(await page.getByLabel('Ваша відповідь', { exact: true }).inputValue()).toBe(answer);
      await page.getByText(/^Обрано: звіт\.pdf/).waitFor();
      await page.getByRole('button', { name: 'Надіслати', exact: true }).waitFor();
      await page.screenshot({ path: join(artifactsDir, `upload-cancelled-${width}.png`), fullPage: false });

      // Nothing handed in, nothing kept: the half-received file (its .tmp) is gone from the disk.
      const handedIn = await getOk<unknown>(e2e.url, 'GET', `/api/exercises?courseId=${course._id}&lessonId=1`, token);
      expect(handedIn).toBeNull();
      await expect
        .poll(async () => (await uploadsOnDisk()).filter((name) => !before.includes(name)), {
          timeout: 10_000,
          message: 'no file or temporary file left on the server',
        })
        .toEqual([]);
    },
    90_000,
  );
});
