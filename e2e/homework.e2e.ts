import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { footprintOf, getOk, newPerson, registerViaApi } from './support/api.js';
import { useE2E } from './support/setup.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, signInViaUi, submitLogin } from './support/ui.js';

// A learner hands in homework with a PDF; a curator sees the badge, opens the notification,
// reviews on /uk/active, answers with an image and rates 10; the learner follows their own
// notification to the lesson's practice tab, reads the answer and the rating, the badge clears and
// the footprint grows by exactly the rating.
const e2e = useE2E();

const CURATOR = { email: 'curator@example.org', password: 'yedyni-demo' };
const STARTER_COURSE = 'Курс переходу';

/** Calls the app's API, which must answer 200. */
const api = <T>(method: string, path: string, token: string) => getOk<T>(e2e.url, method, path, token);
const footprint = (token: string) => footprintOf(e2e.url, token);

/** The smallest valid PDF: one empty page, with a cross-reference table that points right. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small valid PNG: `size` × `size` pixels, wheat yellow with a blue stripe. */
function tinyPng(size = 24): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push(...(y < size / 2 ? [0x1d, 0x3c, 0x6e] : [0xf0, 0xc0, 0x4a]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function check(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, label);
  await expectNoHorizontalScroll(page, label);
}

/** The header badge («Непрочитаних сповіщень: N»), whatever N is. */
const badge = (page: Page) => page.getByRole('link', { name: /^Непрочитаних сповіщень: \d+$/ });

async function badgeCount(page: Page): Promise<number> {
  const name = (await badge(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)$/.exec(name)?.[1] ?? 0);
}

interface CourseItem {
  _id: string;
  title: string;
  enrolled: boolean;
}

describe('homework: hand in, review, rate, read', () => {
  test('a learner’s PDF answer is reviewed with an image and rated 10; the learner reads it and the footprint grows by 10', async () => {
    const { page } = e2e;
    const person = newPerson();
    const { token } = await registerViaApi(e2e.url, person);
    const learnerName = `${person.first_name} ${person.last_name}`;

    // Registration enrolled the learner in «Курс переходу»; its lesson 1 is open.
    const { courses } = await api<{ courses: CourseItem[] }>('GET', '/api/courses', token);
    const course = courses.find((c) => c.title === STARTER_COURSE && c.enrolled);
    if (!course) throw new Error(`not enrolled in «${STARTER_COURSE}»: ${JSON.stringify(courses)}`);
    const { lessons } = await api<{ lessons: { day: string; isOpen: boolean }[] }>(
      'GET',
      `/api/courses/${course._id}`,
      token,
    );
    expect(lessons.find((l) => l.day === '1')?.isOpen, 'lesson 1 is open').toBe(true);
    const practicePath = `/uk/learn/${course._id}/1/practice`;

    // The learner hands in the answer with a PDF on the practice tab.
    await signInViaUi(page, e2e.url, person);
    await page.goto(`${e2e.url}${practicePath}`);
    await heading(page, 'Домашнє завдання').waitFor();
    const answerText = 'Три причини: діти, робота, повага до себе. Сфера — телефон. Слова: «звичайно» → «звісно».';
    await page.getByLabel('Ваша відповідь', { exact: true }).fill(answerText);
    const pdf = tinyPdf();
    await page
      .getByLabel('Файл (необовʼязково)', { exact: true })
      .setInputFiles({ name: 'відповідь.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText(`Обрано: відповідь.pdf (${pdf.length} Б)`).waitFor();
    await page.getByRole('button', { name: 'Надіслати', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Відповідь надіслано куратору.' }).waitFor();
    const mine = page.getByRole('article', { name: 'Моя відповідь' });
    await mine.getByText('Очікує перевірки').waitFor();
    await mine.getByText(answerText).waitFor();
    const pdfLink = mine.getByRole('link', { name: 'Завантажити відповідь.pdf' });
    const pdfAnswer = await page.request.get(new URL((await pdfLink.getAttribute('href')) ?? '', e2e.url).href);
    expect(pdfAnswer.status(), 'the signed PDF link serves the file').toBe(200);
    expect(pdfAnswer.headers()['content-type']).toContain('application/pdf');
    expect((await pdfAnswer.body()).equals(pdf), 'the very bytes come back').toBe(true);
    await check(page, 'the practice tab with the answer handed in');
    const before = await footprint(token);

    // A curator (another device) sees the badge, opens the notification and reviews.
    await staffWithTwoStep(e2e.url, CURATOR);
    const curator = (await e2e.newContext()).page;
    await curator.goto(`${e2e.url}/login`);
    await submitLogin(curator, CURATOR.email, CURATOR.password);
    await expectPath(curator, '/uk');
    await badge(curator).waitFor();
    expect(await badgeCount(curator), 'the curator’s badge counts the waiting answer').toBeGreaterThanOrEqual(1);
    await badge(curator).click();
    await expectPath(curator, '/uk/notifications');
    await heading(curator, 'Сповіщення').waitFor();
    const waiting = curator
      .getByRole('link')
      .filter({ hasText: `Чекає на перевірку: ${learnerName}` })
      .filter({ hasText: `«${STARTER_COURSE}» · Урок 1` });
    await waiting.waitFor();
    await check(curator, '/uk/notifications as a curator');
    await waiting.click();
    await expectPath(curator, '/uk/active');
    expect(new URL(curator.url()).searchParams.get('exerciseId')).toBeTruthy();
    await heading(curator, 'Перевірка завдань').waitFor();
    await curator.locator('dd').filter({ hasText: learnerName }).waitFor();
    await curator.locator('dd').filter({ hasText: STARTER_COURSE }).waitFor();
    expect(await curator.getByRole('link', { name: 'Урок 1', exact: true }).getAttribute('href')).toBe(practicePath);
    const submitted = curator.getByRole('article', { name: 'Відповідь учня' });
    await submitted.getByText(answerText).waitFor();
    await submitted.getByRole('link', { name: 'Завантажити відповідь.pdf' }).waitFor();
    await check(curator, '/uk/active');

    // The curator answers with an image, then rates 10.
    const curatorComment = 'Чудово! Позначила на зображенні, що ще варто перекласти.';
    const thread = curator.getByRole('region', { name: 'Коментарі' });
    await thread.getByLabel('Коментар', { exact: true }).fill(curatorComment);
    await thread
      .getByLabel('Файл (необовʼязково)', { exact: true })
      .setInputFiles({ name: 'позначки.png', mimeType: 'image/png', buffer: tinyPng() });
    await thread.getByRole('button', { name: 'Надіслати коментар', exact: true }).click();
    const posted = thread.getByRole('article').filter({ hasText: curatorComment });
    await posted.waitFor();
    const image = posted.getByRole('img', { name: 'позначки.png' });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        message: 'the comment’s image loads through its signed link',
      })
      .toBe(24);
    await submitted.getByText('Перевірено').waitFor();

    const rating = curator.getByRole('region', { name: 'Оцінка' });
    await rating.getByRole('button', { name: '10', exact: true }).click();
    await rating.getByRole('status').filter({ hasText: 'Оцінку 10 з 12 збережено.' }).waitFor();
    expect(await rating.getByRole('button', { name: '10', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await submitted.getByText('Оцінка: 10 з 12', { exact: true }).waitFor();
    await check(curator, '/uk/active after the review');

    // Nothing else waits: «Наступне завдання» says so kindly.
    await curator.getByRole('button', { name: 'Наступне завдання', exact: true }).click();
    await heading(curator, 'Усі завдання перевірено').waitFor();

    // The learner comes back: the badge counts the review (the comment, and the grade); a
    // notification about it leads to the lesson's practice tab.
    await page.goto(`${e2e.url}/uk`);
    await badge(page).waitFor();
    expect(await badgeCount(page)).toBeGreaterThanOrEqual(1);
    await badge(page).click();
    await expectPath(page, '/uk/notifications');
    const fromCurator = page
      .getByRole('list', { name: 'Ваші сповіщення' })
      .locator(`a[href="${practicePath}"]`)
      .first();
    await fromCurator.waitFor();
    await check(page, '/uk/notifications as a learner');
    await fromCurator.click();
    await expectPath(page, practicePath);

    const answered = page.getByRole('article').filter({ hasText: curatorComment });
    await answered.waitFor();
    await answered.getByText('Новий', { exact: true }).waitFor();
    await answered.getByRole('img', { name: 'позначки.png' }).waitFor();
    await mine.getByText('Оцінка: 10 з 12', { exact: true }).waitFor();
    await mine.getByText('Перевірено').waitFor();
    await badge(page).waitFor({ state: 'hidden' });
    await check(page, 'the practice tab with the review');

    // The rating reached the footprint, exactly once.
    await expect.poll(() => footprint(token)).toBe(before + 10);
    const { countNotifications } = await api<{ countNotifications: number }>(
      'GET',
      '/api/exercises/notifications?limit=1',
      token,
    );
    expect(countNotifications).toBe(0);
    await page.reload();
    await mine.getByText('Оцінка: 10 з 12', { exact: true }).waitFor();
    await badge(page).waitFor({ state: 'hidden' });
    expect(await footprint(token)).toBe(before + 10);
  });

  test('learners opening /uk/active are told it is for curators', async () => {
    const { page } = e2e;
    const person = newPerson();
    await registerViaApi(e2e.url, person);
    await signInViaUi(page, e2e.url, person);
    await page.goto(`${e2e.url}/uk/active`);
    await heading(page, 'Ця сторінка — для кураторів').waitFor();
    await check(page, '/uk/active as a learner');
  });
});
