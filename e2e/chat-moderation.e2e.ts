import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './support/a11y.js';
import { call, newPerson, type Person, registerViaApi } from './support/api.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { type CourseItem, field, messageItem, openChatPanel, screenshot, send, starterCourse } from './support/chat.js';
import { artifactsDir, useE2E } from './support/setup.js';
import { staffWithTwoStep } from './support/two-step.js';
import { expectPath, heading, signInViaUi } from './support/ui.js';

// Chat moderation in one wave: three learners report a message and it hides itself; a curator
// decides on it in «Скарги в чаті», pins an announcement, mutes a learner (who is told why and
// until when) and turns slow mode on (the sender is told how long to wait).
const e2e = useE2E({ env: { RATE_LIMIT_CHAT: '1000' } });

const CURATOR: Person = {
  email: 'curator@example.org',
  password: 'yedyni-demo',
  first_name: 'Тарас',
  last_name: 'Мельник',
};
/** Signs in (already signed in: only goes there), opens the course's chat; resolves once it is live. */
async function openChat(page: Page, person: Person | null, course: CourseItem): Promise<Locator> {
  if (person) await signInViaUi(page, e2e.url, person);
  return openChatPanel(page, e2e.url, course);
}

/** The id the page gave a message's list item. */
const idOf = async (item: Locator) => (await item.getAttribute('data-message-id')) ?? '';

describe('chat moderation', () => {
  // Six people's pages and eight axe checks (each in two themes): longer than the usual 90 s.
  test('reports hide a message until a curator keeps it; pin, mute and slow mode reach the learners', {
    timeout: 180_000,
  }, async () => {
    const [author, first, second, third] = [newPerson(), newPerson(), newPerson(), newPerson()];
    const { token: authorToken } = await registerViaApi(e2e.url, author);
    const { token: firstToken } = await registerViaApi(e2e.url, first);
    const { token: secondToken } = await registerViaApi(e2e.url, second);
    const { token: thirdToken } = await registerViaApi(e2e.url, third);
    const course = await starterCourse(e2e.url, authorToken);
    for (const token of [firstToken, secondToken, thirdToken])
      expect((await starterCourse(e2e.url, token)).wave).toBe(course.wave);

    // The author writes something rude; two reporters watch on a phone and a laptop.
    const authorPhone = (await e2e.newContext(MOBILE)).page;
    const authorChat = await openChat(authorPhone, author, course);
    const rude = `Усі тут нездари, купуйте мій курс! ${Date.now()}`;
    await send(authorChat, rude);
    const firstPhone = (await e2e.newContext(MOBILE)).page;
    const firstChat = await openChat(firstPhone, first, course);
    const secondDesk = (await e2e.newContext(DESKTOP)).page;
    const secondChat = await openChat(secondDesk, second, course);
    const messageId = await idOf(messageItem(firstChat, rude));
    expect(messageId).not.toBe('');

    // The first reports it through the dialog and is thanked in it.
    for (const [page, chat, size] of [
      [firstPhone, firstChat, 390],
      [secondDesk, secondChat, 1280],
    ] as const) {
      await messageItem(chat, rude).getByRole('button', { name: 'Поскаржитися', exact: true }).click();
      const report = page.getByRole('dialog', { name: 'Скарга на повідомлення' });
      await report.getByRole('radio', { name: 'Образа чи грубість' }).check();
      await report.getByLabel('Коментар (необовʼязково)').fill('Ображає всю хвилю');
      await report.getByRole('button', { name: 'Надіслати скаргу', exact: true }).click();
      await report
        .getByRole('status')
        .filter({ hasText: 'Дякуємо! Скаргу надіслано, куратори її розглянуть.' })
        .waitFor();
      await expectNoSeriousA11yViolations(page, `the report dialog's thanks at ${size} px`);
      await screenshot(page, `chat-report-thanks-${size}.png`);
      await report.getByRole('button', { name: 'Закрити', exact: true }).click();
      await report.waitFor({ state: 'hidden' });
      // Two reports are not enough: it still shows.
      await messageItem(chat, rude).waitFor();
    }

    // The third report (through the API) hides it from the members; its author sees it marked.
    const third_ = await call<{ hidden: boolean }>(e2e.url, 'POST', `/api/chats/messages/${messageId}/reports`, {
      token: thirdToken,
      body: { reason: 'spam', text: '' },
    });
    expect(third_.status, JSON.stringify(third_.body)).toBe(201);
    expect(third_.body.hidden).toBe(true);
    await messageItem(firstChat, rude).waitFor({ state: 'detached' });
    await messageItem(secondChat, rude).waitFor({ state: 'detached' });
    await messageItem(authorChat, rude).filter({ hasText: 'Приховано до рішення куратора' }).waitFor();

    // A curator finds it in «Скарги в чаті», with its three reports, and keeps it: it shows again.
    // Curators must have two-step sign-in on before their screens open.
    await staffWithTwoStep(e2e.url, CURATOR);
    const curatorDesk = (await e2e.newContext(DESKTOP)).page;
    await signInViaUi(curatorDesk, e2e.url, CURATOR);
    await curatorDesk.goto(`${e2e.url}/uk/admin/courses`);
    await curatorDesk.getByRole('link', { name: 'Скарги в чаті', exact: true }).click();
    await expectPath(curatorDesk, '/uk/admin/chat');
    await heading(curatorDesk, 'Скарги в чаті').waitFor();
    const card = curatorDesk.getByRole('listitem').filter({ hasText: rude }).filter({ hasText: 'Скарг: 3' });
    await card.getByText('Приховано до рішення куратора').waitFor();
    await card.getByText('Образа чи грубість: «Ображає всю хвилю»').first().waitFor();
    await curatorDesk.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(curatorDesk, '«Скарги в чаті» at 1280 px');
    await screenshot(curatorDesk, 'chat-reports-1280.png');
    const curatorPhone = (await e2e.newContext(MOBILE)).page;
    await signInViaUi(curatorPhone, e2e.url, CURATOR);
    await curatorPhone.goto(`${e2e.url}/uk/admin/chat`);
    await curatorPhone.getByRole('listitem').filter({ hasText: rude }).waitFor();
    await curatorPhone.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(curatorPhone, '«Скарги в чаті» at 390 px');
    await curatorPhone.screenshot({ path: join(artifactsDir, 'chat-reports-390.png'), fullPage: true });
    await card.getByRole('button', { name: 'Залишити', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await curatorDesk.getByText('Відкритих скарг немає.').waitFor();
    await messageItem(firstChat, rude).waitFor();
    await messageItem(secondChat, rude).waitFor();

    // The curator pins an announcement from the chat; every learner sees it on top.
    const curatorChat = await openChat(curatorPhone, null, course);
    const announcement = `Заняття завтра о 19:00, посилання — у листі ${Date.now()}`;
    await send(curatorChat, announcement);
    await messageItem(curatorChat, announcement).getByRole('button', { name: 'Закріпити', exact: true }).click();
    for (const chat of [curatorChat, firstChat, authorChat]) {
      await chat.getByRole('region', { name: 'Закріплено' }).getByText(announcement).waitFor();
    }
    const moderated = messageItem(curatorChat, rude);
    await moderated.getByRole('button', { name: 'Обмежити', exact: true }).waitFor();
    await moderated.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(curatorPhone, 'the curator’s chat at 390 px');
    await expectNoHorizontalScroll(curatorPhone, 'the curator’s chat at 390 px');
    await screenshot(curatorPhone, 'chat-curator-390.png');
    const curatorDeskChat = await openChat(curatorDesk, null, course);
    await messageItem(curatorDeskChat, rude).scrollIntoViewIfNeeded();
    await screenshot(curatorDesk, 'chat-curator-1280.png');

    // The curator mutes the author for an hour with a reason; the author is told why and until when.
    await moderated.getByRole('button', { name: 'Обмежити', exact: true }).click();
    const mute = curatorPhone.getByRole('dialog', { name: `Обмежити: ${author.first_name} ${author.last_name}` });
    await mute.getByRole('radio', { name: '1 година' }).check();
    await mute.getByLabel('Причина (її побачить учасник)').fill('Образи учасників хвилі');
    await mute.getByRole('button', { name: 'Обмежити', exact: true }).click();
    await mute.waitFor({ state: 'hidden' });
    const notice = authorChat.getByRole('status').filter({ hasText: 'Ви не можете писати в цьому чаті до ' });
    await notice.getByText(/до \d\d-\d\d-\d{4} \d\d:\d\d\. Причина: Образи учасників хвилі$/).waitFor();
    const sendButton = (chat: Locator) => chat.getByRole('button', { name: 'Надіслати', exact: true });
    await field(authorChat).fill('А я все одно напишу');
    await field(authorChat).press('Enter');
    expect(await sendButton(authorChat).isDisabled(), 'the muted may not send').toBe(true);
    await firstPhone.waitForTimeout(500);
    expect(await messageItem(firstChat, 'А я все одно напишу').count(), 'nothing reached the room').toBe(0);
    expect(await field(authorChat).inputValue(), 'the text is kept').toBe('А я все одно напишу');
    await expectNoSeriousA11yViolations(authorPhone, 'the muted chat with a pin at 390 px');
    await expectNoHorizontalScroll(authorPhone, 'the muted chat with a pin at 390 px');
    await screenshot(authorPhone, 'chat-muted-390.png');

    // Slow mode, 30 s: the sender sees the countdown and is refused until it ends.
    await curatorChat.getByLabel('Повільний режим').selectOption('30');
    await firstChat.getByText('Повільний режим: одне повідомлення на 30 с.').waitFor();
    await send(firstChat, 'Дякую, що навели лад!');
    const timer = firstChat.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/^Наступне повідомлення — через (30|29|28) с\.$/);
    const before = (await timer.textContent()) ?? '';
    await expect.poll(() => timer.textContent(), { message: 'the countdown ticks' }).not.toBe(before);
    await field(firstChat).fill('І ще одне');
    await field(firstChat).press('Enter');
    expect(await sendButton(firstChat).isDisabled(), 'no sending until the countdown ends').toBe(true);
    // The server holds the line too, whatever a page does.
    const early = await call(e2e.url, 'GET', `/api/chats/state?courseId=${course._id}&wave=${course.wave}`, {
      token: firstToken,
    });
    expect((early.body as { nextSendAt: number | null }).nextSendAt).toBeGreaterThan(Date.now());
    await expectNoSeriousA11yViolations(firstPhone, 'the chat under slow mode at 390 px');
    await expectNoHorizontalScroll(firstPhone, 'the chat under slow mode at 390 px');
    await screenshot(firstPhone, 'chat-slow-390.png');
    // The curator is not held back.
    await send(curatorChat, 'Повільний режим увімкнено на пів хвилини.');
    await send(curatorChat, 'Куратори пишуть без очікування.');
    expect(await curatorChat.getByRole('timer').count()).toBe(0);
  });
});
