import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './a11y.js';
import { artifactsDir } from './setup.js';

/** A full-page screenshot into e2e/artifacts/, to be looked at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, name), fullPage: true });
}

/** A settled screen: axe-clean in both themes, and nothing wider than the viewport. */
export async function checkScreen(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

/** Clicks through `click` and returns the file the browser saved: its suggested name and first bytes. */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; head: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile((await download.path()) ?? '');
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}
