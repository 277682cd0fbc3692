import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, logoutViaApi, newPerson, type Person, registerViaApi } from './support/api.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import {
  type CourseItem,
  chatReady,
  field,
  messageItem,
  openChatPanel,
  screenshot,
  send,
  starterCourse,
} from './support/chat.js';
import { type RunningServer, startServer } from './support/server.js';
import { useE2E } from './support/setup.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, signInViaUi, storedToken, submitLogin } from './support/ui.js';

// The live course chat across two instances of the app that share one database and one Redis, as
// behind a load balancer: two learners of one wave talk, each on another instance; edits and
// deletions cross over; markup stays text; a learner of the next wave sees none of it.
const SETTINGS = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  RATE_LIMIT_CHAT: '1000',
};
const e2e = useE2E({ env: SETTINGS });

const CURATOR = { email: 'curator@example.org', password: 'yedyni-demo' };
const XSS = '<img src=x onerror="window.__xss=1">';
/** A 96 × 64 PNG: the flag, blue over yellow. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAaklEQVR42u3QMQkAAAgAMFsa1SjG0Qb+wmAJFpHFRYEgQYIECRIkSBCCBAkSJEiQIEEIEiRIkCBBggQhSJAgQYIEPTbNRYEgQYIECRIkSBCCBAkSJEiQIEEIEiRIkCBBggQhSJAgQYIEPbYsbbH/L307wwAAAABJRU5ErkJggg==',
  'base64',
);

let second: RunningServer | undefined;

beforeAll(async () => {
  // The second instance: the first one's data directory (SQLite in WAL mode), the same Redis.
  second = await startServer(SETTINGS, { dataDir: e2e.dataDir });
});

afterAll(async () => {
  if (process.env.E2E_SERVER_LOG && second) console.log(second.output());
  await second?.stop();
});

/** Signs in on `baseUrl`, opens the course and its chat; resolves with the chat dialog once it is live. */
async function openChat(page: Page, baseUrl: string, person: Person, course: CourseItem): Promise<Locator> {
  await signInViaUi(page, baseUrl, person);
  return openChatPanel(page, baseUrl, course);
}

describe('course chat: live across two instances', () => {
  test('two learners of a wave talk through different instances; a learner of the next wave sees none of it', async () => {
    const a = e2e.url;
    const b = second?.url ?? '';
    expect(b, 'the second instance runs').not.toBe('');
    expect(b).not.toBe(a);

    // Registration enrols new learners in the starter courses' current wave.
    const oksana = newPerson();
    const taras = newPerson();
    const { token: oksanaToken } = await registerViaApi(a, oksana);
    const { token: tarasToken } = await registerViaApi(b, taras);
    const course = await starterCourse(a, oksanaToken);
    expect((await starterCourse(b, tarasToken)).wave, 'both in one wave').toBe(course.wave);

    // Oksana on instance A at a laptop, Taras on instance B with a phone.
    const desk = await e2e.newContext(DESKTOP);
    const phone = await e2e.newContext(MOBILE);
    const chatA = await openChat(desk.page, a, oksana, course);
    const chatB = await openChat(phone.page, b, taras, course);
    await expect.poll(() => field(chatA).evaluate((el) => el === document.activeElement)).toBe(true);

    // Live both ways, without a reload.
    const hello = `Привіт із сервера А! ${Date.now()}`;
    await send(chatA, hello);
    await messageItem(chatB, hello).waitFor();
    const reply = `Вітаю з сервера Б, Оксано! ${Date.now()}`;
    await send(chatB, reply);
    await messageItem(chatA, reply).waitFor();
    await expect.poll(() => messageItem(chatB, reply).textContent()).toMatch(/^Ви/);
    await expect.poll(() => messageItem(chatA, reply).textContent()).toContain(taras.first_name);

    // Markup is text, in both panels; nothing runs.
    await send(chatA, XSS);
    await messageItem(chatB, XSS).waitFor();
    for (const [page, dialog] of [
      [desk.page, chatA],
      [phone.page, chatB],
    ] as const) {
      expect(await dialog.getByRole('log').locator('img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    }

    // A link in a message opens safely in a new tab.
    const withLink = 'Правопис тут: https://example.org/pravopys.';
    await send(chatB, withLink);
    const link = messageItem(chatA, withLink).getByRole('link', { name: 'https://example.org/pravopys', exact: true });
    await link.waitFor();
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('target')).toBe('_blank');

    // An image from the phone: uploaded to B, shown through its signed link by A.
    await chatB.getByLabel('Додати файл', { exact: true }).setInputFiles({
      name: 'прапор.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await chatB.getByText('Додано файл: прапор.png', { exact: true }).waitFor();
    await chatB.getByRole('button', { name: 'Надіслати', exact: true }).click();
    const image = chatA.getByRole('img', { name: 'прапор.png', exact: true });
    await image.waitFor();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        message: 'the image loads on the other instance',
      })
      .toBe(96);

    // Oksana edits her greeting and deletes the markup: both cross over.
    const edited = `${hello} (виправлено)`;
    await messageItem(chatA, hello).getByRole('button', { name: 'Редагувати', exact: true }).click();
    await expect.poll(() => field(chatA).inputValue()).toBe(hello);
    await field(chatA).fill(edited);
    await field(chatA).press('Enter');
    await messageItem(chatB, edited).filter({ hasText: '(змінено)' }).waitFor();
    const markup = messageItem(chatA, XSS);
    await markup.getByRole('button', { name: 'Видалити', exact: true }).click();
    await markup.getByRole('button', { name: 'Так, видалити', exact: true }).click();
    await messageItem(chatB, XSS).waitFor({ state: 'detached' });
    await messageItem(chatA, XSS).waitFor({ state: 'detached' });

    // What it looks like, and that it is accessible: the phone, then the laptop.
    await chatReady(chatB);
    await expectNoSeriousA11yViolations(phone.page, 'the chat panel at 390 px');
    await expectNoHorizontalScroll(phone.page, 'the chat panel at 390 px');
    await screenshot(phone.page, 'chat-390.png');
    await expectNoSeriousA11yViolations(desk.page, 'the chat panel at 1280 px');
    await screenshot(desk.page, 'chat-1280.png');

    // Escape closes the panel and gives focus back to its button.
    await desk.page.keyboard.press('Escape');
    await chatA.waitFor({ state: 'hidden' });
    await expect.poll(() => desk.page.evaluate(() => document.activeElement?.textContent)).toBe('Чат курсу');

    // A curator announces the next wave; a learner who joins now is in it, and its chat is another room.
    const curatorToken = await staffWithTwoStep(a, CURATOR);
    const nextWave = `${Number(course.wave) + 1}`;
    const announced = await call(a, 'PATCH', '/api/courses/next', {
      token: curatorToken,
      body: { courseId: course._id, nextWave, nextStart: Date.now() + 10 * 24 * 60 * 60 * 1000 },
    });
    expect(announced.status, JSON.stringify(announced.body)).toBe(200);
    const bohdan = newPerson();
    const { token: bohdanToken } = await registerViaApi(b, bohdan);
    const later = await starterCourse(b, bohdanToken);
    expect(later.wave).toBe(nextWave);

    const third = e2e.page;
    await third.goto(`${a}/login`);
    await submitLogin(third, bohdan.email, bohdan.password);
    await expectPath(third, '/uk');
    await third.goto(`${a}/uk/learn/${course._id}`);
    await third.getByRole('button', { name: 'Чат курсу', exact: true }).click();
    const chatC = third.getByRole('dialog', { name: `Чат курсу ${course.title}` });
    await chatC.getByText(`Хвиля ${nextWave}`, { exact: true }).waitFor();
    await chatC.getByText('Тут ще тихо. Напишіть перше повідомлення своїй хвилі!').waitFor();
    await chatReady(chatC);
    for (const text of [edited, reply, withLink]) {
      expect(await messageItem(chatC, text).count(), `the next wave does not see «${text}»`).toBe(0);
    }
    // Its own message stays in its own room: the first wave's open panel never shows it.
    const ownWave = `Перша в новій хвилі ${Date.now()}`;
    await send(chatC, ownWave);
    await phone.page.waitForTimeout(1_000);
    expect(await messageItem(chatB, ownWave).count()).toBe(0);

    // Signed out elsewhere: the server ends the phone's connection, and the panel says so instead
    // of reconnecting on its own.
    const phoneToken = await storedToken(phone.page);
    if (!phoneToken) throw new Error('the phone has no stored token');
    await logoutViaApi(b, phoneToken);
    await chatB.getByText('Зʼєднання з чатом закрито. Можливо, сеанс завершено на іншому пристрої.').waitFor();
    await chatB.getByRole('button', { name: 'Підʼєднатися знову', exact: true }).waitFor();
  });

  test('a long history loads upward as the reader scrolls, and what they read stays in place', async () => {
    const a = e2e.url;
    const writer = newPerson();
    const { token } = await registerViaApi(a, writer);
    const course = await starterCourse(a, token);
    const { page } = await e2e.newContext(DESKTOP);
    const chat = await openChat(page, a, writer, course);
    const texts = Array.from({ length: 23 }, (_, i) => `Рядок ${String(i + 1).padStart(2, '0')} з історії`);
    for (const text of texts) await send(chat, text);

    // Opened afresh: the newest page first, at the bottom.
    await page.reload();
    await heading(page, course.title).waitFor();
    await page.getByRole('button', { name: 'Чат курсу', exact: true }).click();
    const again = page.getByRole('dialog', { name: `Чат курсу ${course.title}` });
    await chatReady(again);
    const log = again.getByRole('log');
    const items = log.getByRole('listitem');
    await messageItem(again, texts[22] as string).waitFor();
    const atBottom = () => log.evaluate((el) => Math.abs(el.scrollHeight - el.scrollTop - el.clientHeight) < 2);
    await expect.poll(atBottom, { message: 'the newest message is in view' }).toBe(true);
    const firstCount = await items.count();
    expect(firstCount).toBeGreaterThanOrEqual(10);

    // Up to the top: older pages come, and the message that was on top stays where it was.
    const topLine = /Рядок \d\d з історії/.exec((await items.first().textContent()) ?? '')?.[0] ?? '';
    expect(topLine, 'the top message is one of ours').not.toBe('');
    const topItem = messageItem(again, topLine);
    await log.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => items.count(), { message: 'an older page arrives' }).toBeGreaterThan(firstCount);
    const place = await topItem.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const frame = (el.closest('[role="log"]') as HTMLElement).getBoundingClientRect();
      return { top: box.top - frame.top, height: frame.height };
    });
    expect(place.top, 'the old top message is still in view, not pushed away').toBeGreaterThanOrEqual(0);
    expect(place.top).toBeLessThan(place.height);
    // All of it, eventually.
    for (let i = 0; i < 5 && !(await again.getByText('Це початок розмови хвилі.').isVisible()); i++) {
      await log.evaluate((el) => {
        el.scrollTop = 0;
      });
      await page.waitForTimeout(300);
    }
    await again.getByText('Це початок розмови хвилі.').waitFor();
    await messageItem(again, texts[0] as string).waitFor();
  });
});
