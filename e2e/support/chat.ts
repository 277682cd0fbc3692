/** The course chat as its e2e tests drive it: the starter course, its panel, a message. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { getOk } from './api.js';
import { artifactsDir } from './setup.js';
import { expectPath, heading } from './ui.js';

export const STARTER_COURSE = 'Курс переходу';

export interface CourseItem {
  _id: string;
  title: string;
  wave: string;
  enrolled: boolean;
}

/** The starter course as the token's owner sees it (registration enrols them in its current wave). */
export async function starterCourse(baseUrl: string, token: string): Promise<CourseItem> {
  const { courses } = await getOk<{ courses: CourseItem[] }>(baseUrl, 'GET', '/api/courses', token);
  const course = courses.find((c) => c.title === STARTER_COURSE && c.enrolled);
  if (!course) throw new Error(`not enrolled in «${STARTER_COURSE}»: ${JSON.stringify(courses)}`);
  return course;
}

/** On a signed-in page: opens the course and its chat; resolves with the chat dialog once it is live. */
export async function openChatPanel(page: Page, baseUrl: string, course: CourseItem): Promise<Locator> {
  await page.goto(`${baseUrl}/uk/learn/${course._id}`);
  await expectPath(page, `/uk/learn/${course._id}`);
  await heading(page, course.title).waitFor();
  await page.getByRole('button', { name: 'Чат курсу', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Чат курсу ${course.title}` });
  await dialog.waitFor();
  await dialog.getByText(`Хвиля ${course.wave}`, { exact: true }).waitFor();
  await chatReady(dialog);
  return dialog;
}

/** Connected, joined, and the history is in (nothing busy, no connection notice). */
export async function chatReady(dialog: Locator): Promise<void> {
  await dialog.locator('[role="log"][aria-busy="false"]').waitFor();
  await dialog.getByText(/Підʼєднуємося|Зʼєднання втрачено|Зʼєднання з чатом закрито/).waitFor({ state: 'hidden' });
  await dialog.page().waitForLoadState('networkidle');
  await dialog.locator('[role="log"][aria-busy="false"]').waitFor();
}

export const field = (dialog: Locator) => dialog.getByLabel('Повідомлення', { exact: true });
export const messageItem = (dialog: Locator, text: string) =>
  dialog.getByRole('log').getByRole('listitem').filter({ hasText: text });

export async function send(dialog: Locator, text: string): Promise<void> {
  await field(dialog).fill(text);
  await field(dialog).press('Enter');
  await expect.poll(() => field(dialog).inputValue(), { message: 'the composer empties once sent' }).toBe('');
  await messageItem(dialog, text).waitFor();
}

/** The viewport as it is now, into e2e/artifacts/. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = join(artifactsDir, name);
  await page.screenshot({ path: file });
  console.log(`screenshot: e2e/artifacts/${name}`);
  return file;
}
