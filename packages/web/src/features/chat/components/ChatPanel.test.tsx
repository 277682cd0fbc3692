import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { me, messageFixture, openChat, pageOf } from '../../../test/chat';
import { type FakeSocket, lastSocket } from '../../../test/fakeSocket';
import { course, user, withRole } from '../../../test/fixtures';
import { fileOf } from '../../../test/homework';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const FIRST_PAGE = 'GET /api/chats?courseId=c-1&wave=29&page=1&limit=10';
const anchored = (date: number, page = 1) => `${FIRST_PAGE.replace('page=1', `page=${page}`)}&firstMessageDate=${date}`;

/** A learner of c-1 (wave 29) whose room holds `messages` (newest first), one page. */
function chatApi(messages: ChatMessage[], extra: Parameters<typeof learnerApi>[0] = {}, viewer = user, shown = course) {
  const anchor = messages[0]?.date ?? null;
  return learnerApi(
    {
      'GET /api/auth/current': () => json(viewer),
      [FIRST_PAGE]: () => json({ messages: messages.slice(0, 10), firstMessageDate: anchor }),
      ...(anchor === null ? {} : { [anchored(anchor)]: () => json({ messages }) }),
      ...extra,
    },
    shown,
  );
}

const bubbles = (log: HTMLElement) => within(log).queryAllByRole('listitem');
const push = (socket: FakeSocket, event: string, payload: unknown) => act(() => socket.push(event, payload));

describe('the course chat panel', () => {
  it('labels a curator’s and an admin’s messages by the name, as the server says; a learner’s carry no label', async () => {
    const curatorPerson = { _id: 'u-7', first_name: 'Ірина', last_name: 'Кураторка' };
    const adminPerson = { _id: 'u-8', first_name: 'Олег', last_name: 'Адмін' };
    chatApi([
      messageFixture(3, { sender: adminPerson, senderTitle: 'admin' }),
      messageFixture(2, { sender: curatorPerson, senderTitle: 'curator' }),
      messageFixture(1),
    ]);
    const { log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(3));
    expect(bubbles(log)[0]).toHaveTextContent(/^Тарас Шевчук 12:01/);
    expect(bubbles(log)[1]).toHaveTextContent(/^Ірина Кураторка куратор 12:02/);
    expect(bubbles(log)[2]).toHaveTextContent(/^Олег Адмін адміністратор 12:03/);
  });

  it('opens from «Чат курсу» with the title and wave, joins the room, shows the history oldest first; Escape closes', async () => {
    const fetchMock = chatApi(pageOf(1, 3));
    const { ui, button, dialog, socket, log } = await openChat();
    expect(within(dialog).getByRole('heading', { name: 'Українська щодня' })).toBeInTheDocument();
    expect(within(dialog).getByText('Хвиля 29')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(bubbles(log)).toHaveLength(3));
    // (StrictMode mounts twice in tests: join, leave, join.)
    expect(socket.sentOf('chat:join').at(-1)).toEqual({ courseId: 'c-1', wave: '29' });
    expect(bubbles(log).map((li) => li.textContent)).toEqual([
      expect.stringContaining('Повідомлення 1'),
      expect.stringContaining('Повідомлення 2'),
      expect.stringContaining('Повідомлення 3'),
    ]);
    // The sender, the Kyiv time (UTC+2 in March) and the day.
    expect(bubbles(log)[0]).toHaveTextContent('Тарас Шевчук 12:01');
    expect(within(log).getByRole('heading', { name: '04-03-2026' })).toBeInTheDocument();
    expect(within(log).getByText('Це початок розмови хвилі.')).toBeInTheDocument();
    const calls = callsOf(fetchMock).filter((c) => c.includes('/api/chats?'));
    expect(calls).toEqual([FIRST_PAGE, anchored(messageFixture(3).date)]);
    expect(within(dialog).getByLabelText('Повідомлення')).toHaveFocus();

    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(socket.sentOf('chat:leave').at(-1)).toEqual({ courseId: 'c-1', wave: '29' });
    expect(socket.sentOf('chat:leave')).toHaveLength(socket.sentOf('chat:join').length);
  });

  it('the close button closes too', async () => {
    chatApi([]);
    const { ui, button, dialog } = await openChat();
    expect(
      await within(dialog).findByText('Тут ще тихо. Напишіть перше повідомлення своїй хвилі!'),
    ).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Закрити чат' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('renders markup in messages as plain text and makes only http(s) addresses links', async () => {
    chatApi([
      messageFixture(3, { text: '<img src=x onerror="window.__xss=1">' }),
      messageFixture(2, { text: '<script>window.__xss=1</script> javascript:alert(1)' }),
      messageFixture(1, { text: 'Правопис: https://mova.gov.ua/pravopys, гляньте.' }),
    ]);
    const { log } = await openChat();
    expect(await within(log).findByText('<img src=x onerror="window.__xss=1">')).toBeInTheDocument();
    expect(within(log).getByText('<script>window.__xss=1</script> javascript:alert(1)')).toBeInTheDocument();
    expect(log.querySelector('script, img, iframe')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    const links = within(log).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('https://mova.gov.ua/pravopys');
    expect(links[0]).toHaveAttribute('href', 'https://mova.gov.ua/pravopys');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(bubbles(log)[0]).toHaveTextContent('Правопис: https://mova.gov.ua/pravopys, гляньте.');
  });

  it('Enter sends, Shift+Enter starts a new line; the sent message shows as mine', async () => {
    chatApi(pageOf(1, 1));
    const { ui, dialog, socket, log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(1));
    socket.respond('chat:send', (payload) => ({
      ok: true,
      message: messageFixture(9, { ...(payload as object), sender: me, date: Date.now() }),
    }));
    const field = within(dialog).getByLabelText('Повідомлення');
    await ui.type(field, 'Привіт,{Shift>}{Enter}{/Shift}хвиле!');
    expect(field).toHaveValue('Привіт,\nхвиле!');
    expect(socket.sentOf('chat:send')).toEqual([]);

    await ui.keyboard('{Enter}');
    await waitFor(() => expect(bubbles(log)).toHaveLength(2));
    expect(socket.sentOf('chat:send')).toEqual([{ courseId: 'c-1', wave: '29', text: 'Привіт,\nхвиле!' }]);
    expect(field).toHaveValue('');
    const mine = bubbles(log)[1] as HTMLElement;
    expect(mine).toHaveTextContent(/^Ви/);
    expect(within(mine).getByRole('button', { name: 'Редагувати' })).toBeInTheDocument();
    // The room's own event for the same message changes nothing.
    push(socket, 'chat:message', messageFixture(9, { text: 'Привіт,\nхвиле!', sender: me }));
    expect(bubbles(log)).toHaveLength(2);
  });

  it('an empty message is not sent; a refused one shows the server message in an alert and keeps the text', async () => {
    chatApi([]);
    const { ui, dialog, socket } = await openChat();
    await ui.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Напишіть повідомлення або додайте файл.');
    socket.respond('chat:send', () => ({
      ok: false,
      message: 'Ви надсилаєте повідомлення надто часто. Зачекайте трохи.',
    }));
    await ui.type(within(dialog).getByLabelText('Повідомлення'), 'Ще раз{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('надто часто');
    expect(within(dialog).getByLabelText('Повідомлення')).toHaveValue('Ще раз');
  });

  it('live messages of this wave appear, updates and deletions follow; other rooms are ignored', async () => {
    chatApi(pageOf(1, 2));
    const { log, socket } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(2));
    push(socket, 'chat:message', messageFixture(3, { text: 'Живе повідомлення' }));
    push(socket, 'chat:message', messageFixture(4, { wave: '30', text: 'Інша хвиля' }));
    push(socket, 'chat:message', messageFixture(5, { courseId: 'c-2', text: 'Інший курс' }));
    expect(bubbles(log)).toHaveLength(3);
    expect(bubbles(log)[2]).toHaveTextContent('Живе повідомлення');
    expect(within(log).queryByText('Інша хвиля')).not.toBeInTheDocument();

    push(socket, 'chat:updated', messageFixture(3, { text: 'Виправлене', editedAt: Date.now() }));
    expect(bubbles(log)[2]).toHaveTextContent('Тарас Шевчук 12:03 (змінено)Виправлене');
    push(socket, 'chat:updated', messageFixture(1, { wave: '30', text: 'Не наше' }));
    expect(within(log).queryByText('Не наше')).not.toBeInTheDocument();
    push(socket, 'chat:deleted', { _id: 'm-1' });
    expect(bubbles(log).map((li) => li.textContent)).toEqual([
      expect.stringContaining('Повідомлення 2'),
      expect.stringContaining('Виправлене'),
    ]);
  });

  it('edits my message in the composer: Escape cancels (the panel stays), Enter saves', async () => {
    chatApi([messageFixture(2, { sender: me, text: 'Моє' }), messageFixture(1)]);
    const { ui, dialog, socket, log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(2));
    expect(within(bubbles(log)[0] as HTMLElement).queryByRole('button', { name: 'Редагувати' })).toBeNull();
    expect(within(bubbles(log)[0] as HTMLElement).queryByRole('button', { name: 'Видалити' })).toBeNull();
    const field = within(dialog).getByLabelText('Повідомлення');
    await ui.type(field, 'чернетка');

    await ui.click(within(bubbles(log)[1] as HTMLElement).getByRole('button', { name: 'Редагувати' }));
    expect(field).toHaveValue('Моє');
    expect(field).toHaveFocus();
    expect(within(dialog).getByRole('form', { name: 'Редагування повідомлення' })).toBeInTheDocument();
    await ui.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field).toHaveValue('чернетка');

    await ui.click(within(bubbles(log)[1] as HTMLElement).getByRole('button', { name: 'Редагувати' }));
    socket.respond('chat:edit', (payload) => ({
      ok: true,
      message: messageFixture(2, { sender: me, text: (payload as { text: string }).text, editedAt: Date.now() }),
    }));
    await ui.clear(field);
    await ui.type(field, 'Моє, виправлене{Enter}');
    await waitFor(() => expect(bubbles(log)[1]).toHaveTextContent('(змінено)Моє, виправлене'));
    expect(socket.sentOf('chat:edit')).toEqual([{ messageId: 'm-2', text: 'Моє, виправлене' }]);
    expect(field).toHaveValue('чернетка');
  });

  it('deletes my message after a confirm step; a refusal shows in an alert', async () => {
    chatApi([messageFixture(2, { sender: me, text: 'Зайве' }), messageFixture(1)]);
    const { ui, dialog, socket, log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(2));
    const mine = bubbles(log)[1] as HTMLElement;
    socket.respond('chat:delete', () => ({ ok: false, message: 'Повідомлення не знайдено' }));
    await ui.click(within(mine).getByRole('button', { name: 'Видалити' }));
    expect(within(mine).getByRole('group', { name: 'Видалити це повідомлення?' })).toBeInTheDocument();
    await ui.click(within(mine).getByRole('button', { name: 'Так, видалити' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Повідомлення не знайдено');

    socket.respond('chat:delete', () => ({ ok: true }));
    await ui.click(within(mine).getByRole('button', { name: 'Видалити' }));
    await ui.click(within(mine).getByRole('button', { name: 'Так, видалити' }));
    await waitFor(() => expect(bubbles(log)).toHaveLength(1));
    expect(socket.sentOf('chat:delete')).toEqual([{ messageId: 'm-2' }, { messageId: 'm-2' }]);
  });

  it('a curator may delete anyone’s message, but edit only their own', async () => {
    // The server tells a curator, with the course, that they moderate its rooms.
    chatApi([messageFixture(1)], {}, withRole(user, 'moderator'), { ...course, canModerateChat: true });
    const { log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(1));
    const theirs = bubbles(log)[0] as HTMLElement;
    expect(within(theirs).getByRole('button', { name: 'Видалити' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Редагувати' })).toBeNull();
  });

  it('attaches a file: too large is refused at once, otherwise it is uploaded, shown as a chip and sent', async () => {
    const file = { fileURL: '/api/files/f-1?e=1&s=2', fileType: 'image/png', fileName: 'фото.png' };
    const sent = messageFixture(1, { ...file, text: '', sender: me });
    chatApi([], {
      'POST /api/chats/upload': () => json(file, 201),
      // The empty room's first message is the anchor; the anchored page brings it.
      [anchored(sent.date)]: () => json({ messages: [sent] }),
    });
    const { ui, dialog, socket, log } = await openChat();
    const picker = within(dialog).getByLabelText('Додати файл');
    await ui.upload(picker, fileOf('великий.pdf', 'application/pdf', 10_485_761));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Файл завеликий (10,0 МБ): щонайбільше 10 МБ.');

    await ui.upload(picker, fileOf('фото.png', 'image/png'));
    expect(await within(dialog).findByText('Додано файл: фото.png')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Прибрати файл фото.png' }));
    expect(within(dialog).queryByText('Додано файл: фото.png')).not.toBeInTheDocument();

    await ui.upload(picker, fileOf('фото.png', 'image/png'));
    await within(dialog).findByText('Додано файл: фото.png');
    socket.respond('chat:send', () => ({ ok: true, message: sent }));
    await ui.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    expect(socket.sentOf('chat:send')).toEqual([
      {
        courseId: 'c-1',
        wave: '29',
        text: '',
        fileURL: '/api/files/f-1?e=1&s=2',
        fileType: 'image/png',
        fileName: 'фото.png',
      },
    ]);
    await waitFor(() => expect(within(log).getByRole('img', { name: 'фото.png' })).toHaveAttribute('loading', 'lazy'));
    expect(within(log).getByRole('link', { name: 'Відкрити зображення фото.png у повному розмірі' })).toHaveAttribute(
      'href',
      '/api/files/f-1?e=1&s=2',
    );
  });

  it('a file on its way shows its progress; «Скасувати» stops it, attaches nothing and keeps the text', async () => {
    chatApi([], {
      'POST /api/chats/upload': (init) => {
        init.uploadProgress?.(1_500_000, 6_000_000);
        // A slow link: no answer before the user cancels.
        return new Promise<Response>(() => {});
      },
    });
    const { ui, dialog, field } = await openChat();
    await ui.type(field, 'Ось мій запис');
    await ui.upload(within(dialog).getByLabelText('Додати файл'), fileOf('запис.m4a', 'audio/mp4', 6_000_000));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Надсилаємо «запис.m4a»' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '25'));
    expect(within(dialog).getByText('25 %')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Надіслати' })).toBeDisabled();

    await ui.click(within(dialog).getByRole('button', { name: 'Скасувати надсилання «запис.m4a»' }));
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Додано файл/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toHaveValue('Ось мій запис');
    expect(within(dialog).getByRole('button', { name: 'Надіслати' })).toBeEnabled();
  });

  it('says when the connection is lost, and after reconnecting joins again and loads afresh', async () => {
    let messages = pageOf(1, 2);
    const fetchMock = learnerApi({
      [FIRST_PAGE]: () => json({ messages: messages.slice(0, 10), firstMessageDate: messages[0]?.date ?? null }),
      [anchored(messageFixture(2).date)]: () => json({ messages: pageOf(1, 2) }),
      [anchored(messageFixture(4).date)]: () => json({ messages: pageOf(1, 4) }),
    });
    const { dialog, socket, log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(2));
    const joins = socket.sentOf('chat:join').length;
    const firstPages = callsOf(fetchMock).filter((c) => c === FIRST_PAGE).length;
    act(() => socket.serverDisconnect('transport close'));
    expect(within(dialog).getByText('Зʼєднання втрачено, відновлюємо…')).toBeInTheDocument();

    // Missed while away.
    messages = pageOf(1, 4);
    act(() => socket.serverConnect());
    await waitFor(() => expect(bubbles(log)).toHaveLength(4));
    expect(within(dialog).queryByText('Зʼєднання втрачено, відновлюємо…')).not.toBeInTheDocument();
    expect(socket.sentOf('chat:join')).toHaveLength(joins + 1);
    expect(callsOf(fetchMock).filter((c) => c === FIRST_PAGE)).toHaveLength(firstPages + 1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('after the server ended the session it offers to connect again instead of retrying by itself', async () => {
    chatApi([]);
    const { dialog, socket, ui } = await openChat();
    await within(dialog).findByText('Тут ще тихо. Напишіть перше повідомлення своїй хвилі!');
    const joins = socket.sentOf('chat:join').length;
    act(() => socket.serverDisconnect('io server disconnect'));
    expect(within(dialog).getByText(/Зʼєднання з чатом закрито/)).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Підʼєднатися знову' }));
    act(() => socket.serverConnect());
    await waitFor(() => expect(socket.sentOf('chat:join')).toHaveLength(joins + 1));
  });

  it('a join the server refuses shows its message', async () => {
    chatApi([]);
    renderApp('/uk/learn/c-1');
    const button = await screen.findByRole('button', { name: 'Чат курсу' });
    await waitFor(() => expect(lastSocket().connected).toBe(true));
    lastSocket().respond('chat:join', () => ({ ok: false, message: 'Цей чат доступний лише учасникам хвилі курсу' }));
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Цей чат доступний лише учасникам хвилі курсу');
  });

  it('older pages load when the top of the list comes into view', async () => {
    const anchor = messageFixture(25).date;
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    class FakeIntersectionObserver {
      constructor(readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observers.push({ callback: this.callback, target });
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    learnerApi({
      [FIRST_PAGE]: () => json({ messages: pageOf(16, 25), firstMessageDate: anchor }),
      [anchored(anchor)]: () => json({ messages: pageOf(16, 25) }),
      [anchored(anchor, 2)]: () => json({ messages: pageOf(6, 15) }),
      [anchored(anchor, 3)]: () => json({ messages: pageOf(1, 5) }),
    });
    const { log } = await openChat();
    await waitFor(() => expect(bubbles(log)).toHaveLength(10));
    const seeTop = () =>
      act(() => {
        const last = observers.at(-1);
        last?.callback([{ isIntersecting: true, target: last.target } as IntersectionObserverEntry], {} as never);
      });
    await seeTop();
    await waitFor(() => expect(bubbles(log)).toHaveLength(20));
    await seeTop();
    await waitFor(() => expect(bubbles(log)).toHaveLength(25));
    expect(bubbles(log)[0]).toHaveTextContent('Повідомлення 1');
    expect(bubbles(log)[24]).toHaveTextContent('Повідомлення 25');
    expect(within(log).getByText('Це початок розмови хвилі.')).toBeInTheDocument();
  });
});

describe('live unread count', () => {
  it('notifications:count from the server updates the header badge', async () => {
    chatApi([]);
    renderApp('/uk/learn/c-1');
    await screen.findByRole('button', { name: 'Чат курсу' });
    await waitFor(() => expect(lastSocket().connected).toBe(true));
    expect(lastSocket().tokens).toEqual(['token-1']);
    push(lastSocket(), 'notifications:count', { countNotifications: 4 });
    expect(screen.getByRole('link', { name: 'Непрочитаних сповіщень: 4' })).toBeInTheDocument();
  });

  it('signing out closes the connection', async () => {
    chatApi([], { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    renderApp('/uk/learn/c-1');
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Чат курсу' });
    await waitFor(() => expect(lastSocket().connected).toBe(true));
    const socket = lastSocket();
    await ui.click(screen.getByRole('button', { name: user.first_name }));
    await ui.click(screen.getByRole('button', { name: 'Вийти' }));
    await screen.findByRole('heading', { name: 'Вхід' });
    expect(socket.connected).toBe(false);
  });
});
