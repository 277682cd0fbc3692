import { act, screen, waitFor, within } from '@testing-library/react';
import { type ChatMessage, type ChatRoomState, formatDateTime } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { classmate, me, messageFixture, openChat } from '../../../test/chat';
import { course, user, withRole } from '../../../test/fixtures';
import { learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';

const FIRST_PAGE = 'GET /api/chats?courseId=c-1&wave=29&page=1&limit=10';
const STATE = 'GET /api/chats/state?courseId=c-1&wave=29';
const noState: ChatRoomState = {
  courseId: 'c-1',
  wave: '29',
  pinned: null,
  slowSeconds: 0,
  mute: null,
  nextSendAt: null,
};

function chatApi(
  messages: ChatMessage[],
  state: Partial<ChatRoomState>,
  extra: Parameters<typeof learnerApi>[0] = {},
  curator = false,
) {
  const anchor = messages[0]?.date ?? null;
  return learnerApi(
    {
      'GET /api/auth/current': () => json(curator ? withRole(user, 'moderator') : user),
      [FIRST_PAGE]: () => json({ messages, firstMessageDate: anchor }),
      [`${FIRST_PAGE}&firstMessageDate=${anchor}`]: () => json({ messages }),
      [STATE]: () => json({ ...noState, ...state }),
      ...extra,
    },
    curator ? { ...course, canModerateChat: true } : course,
  );
}

describe('chat moderation in the panel', () => {
  it('shows the pinned message at the top, and the muted notice with why and until when', async () => {
    const until = Date.now() + 60 * 60_000;
    chatApi([messageFixture(2), messageFixture(1)], {
      pinned: messageFixture(1, { text: 'Заняття завтра о 19:00' }),
      mute: { until, reason: 'Образи' },
    });
    const { dialog } = await openChat();
    const pinned = await within(dialog).findByRole('region', { name: 'Закріплено' });
    expect(pinned).toHaveTextContent('Закріплено: Заняття завтра о 19:00');
    expect(within(pinned).queryByRole('button', { name: 'Відкріпити' })).toBeNull();
    expect(
      within(dialog).getByText(`Ви не можете писати в цьому чаті до ${formatDateTime(until)}. Причина: Образи`),
    ).toBeInTheDocument();
  });

  it('reports someone else’s message with a reason from the dialog; one’s own carry no «Поскаржитися»', async () => {
    let sent: unknown = null;
    chatApi(
      [messageFixture(2), messageFixture(1, { sender: { ...classmate, _id: user._id } })],
      {},
      {
        'POST /api/chats/messages/m-2/reports': (init) => {
          sent = JSON.parse(String(init?.body));
          return json({ hidden: false }, 201);
        },
      },
    );
    const { dialog, log, ui } = await openChat();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('button', { name: 'Поскаржитися' })).toHaveLength(1);
    await ui.click(within(log).getByRole('button', { name: 'Поскаржитися' }));
    const report = await screen.findByRole('dialog', { name: 'Скарга на повідомлення' });
    await ui.click(within(report).getByRole('radio', { name: 'Спам або реклама' }));
    await ui.type(within(report).getByLabelText('Коментар (необовʼязково)'), 'Реклама каналу');
    await ui.click(within(report).getByRole('button', { name: 'Надіслати скаргу' }));
    await waitFor(() => expect(sent).toEqual({ reason: 'spam', text: 'Реклама каналу' }));
    // The reporter is thanked in the dialog, which then closes on their word.
    expect(await within(report).findByRole('status')).toHaveTextContent(
      'Дякуємо! Скаргу надіслано, куратори її розглянуть.',
    );
    const close = within(report).getByRole('button', { name: 'Закрити' });
    expect(close).toHaveFocus();
    await ui.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Скарга на повідомлення' })).toBeNull());
    expect(dialog).toBeInTheDocument();
    // Opened again, it is a fresh form.
    await ui.click(within(log).getByRole('button', { name: 'Поскаржитися' }));
    const again = await screen.findByRole('dialog', { name: 'Скарга на повідомлення' });
    expect(within(again).getByRole('button', { name: 'Надіслати скаргу' })).toBeInTheDocument();
    expect(within(again).getByLabelText('Коментар (необовʼязково)')).toHaveValue('');
  });

  it('a refused mute says why inside its dialog, which stays open with the reason typed', async () => {
    chatApi(
      [messageFixture(1)],
      {},
      { 'POST /api/chats/mutes': () => json({ message: 'Цей учасник не належить до чату хвилі' }, 400) },
      true,
    );
    const { log, ui } = await openChat();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
    await ui.click(within(log).getByRole('button', { name: 'Обмежити' }));
    const mute = await screen.findByRole('dialog', { name: 'Обмежити: Тарас Шевчук' });
    await ui.type(within(mute).getByLabelText('Причина (її побачить учасник)'), 'Образи');
    await ui.click(within(mute).getByRole('button', { name: 'Обмежити' }));
    expect(await within(mute).findByRole('alert')).toHaveTextContent('Цей учасник не належить до чату хвилі');
    expect(within(mute).getByLabelText('Причина (її побачить учасник)')).toHaveValue('Образи');
  });

  it('under slow mode the sender sees the seconds until the next message', async () => {
    chatApi([messageFixture(1)], { slowSeconds: 30 });
    const { dialog, log, socket, ui, field } = await openChat();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
    expect(await within(dialog).findByText(/Повільний режим: одне повідомлення на 30 с/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('timer')).toBeNull();
    socket.respond('chat:send', (payload) => ({
      ok: true,
      message: messageFixture(9, { ...(payload as object), sender: me, date: Date.now() }),
    }));
    await ui.type(field, 'Привіт{Enter}');
    const timer = await within(dialog).findByRole('timer');
    expect(timer).toHaveTextContent(/^Наступне повідомлення — через (30|29) с\.$/);
    // Nothing goes until then; what is typed stays.
    expect(within(dialog).getByRole('button', { name: 'Надіслати' })).toBeDisabled();
    await ui.type(field, 'Ще{Enter}');
    expect(socket.sentOf('chat:send')).toHaveLength(1);
    expect(field).toHaveValue('Ще');
  });

  it('slow mode turned on after one’s own message counts the wait from it', async () => {
    chatApi([messageFixture(2, { sender: me, date: Date.now() - 5_000 }), messageFixture(1)], {});
    const { dialog, log, socket } = await openChat();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    act(() => socket.push('chat:room', { courseId: 'c-1', wave: '29', pinned: null, slowSeconds: 60 }));
    expect(await within(dialog).findByRole('timer')).toHaveTextContent(/через (55|54) с/);
  });

  it('hides a reported message for a learner, and puts it back when a curator keeps it', async () => {
    chatApi([messageFixture(3), messageFixture(2), messageFixture(1)], {});
    const { log, socket } = await openChat();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    act(() => socket.push('chat:hidden', { _id: 'm-2', courseId: 'c-1', wave: '29' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    act(() => socket.push('chat:shown', messageFixture(2)));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('Повідомлення 2');
  });

  it('a curator sees a hidden message marked, mutes its author with a reason, and sets slow mode', async () => {
    const calls: unknown[] = [];
    chatApi(
      [messageFixture(2, { hidden: true }), messageFixture(1)],
      {},
      {
        'POST /api/chats/mutes': (init) => {
          calls.push(JSON.parse(String(init?.body)));
          return json({ until: Date.UTC(2026, 2, 4, 13), reason: 'Образи' });
        },
        'PUT /api/chats/slow': (init) => {
          calls.push(JSON.parse(String(init?.body)));
          return json({ ...noState, slowSeconds: 30 });
        },
      },
      true,
    );
    const { dialog, log, ui } = await openChat();
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('Приховано до рішення куратора');
    await ui.click(within(log).getAllByRole('button', { name: 'Обмежити' })[0] as HTMLElement);
    const mute = await screen.findByRole('dialog', { name: 'Обмежити: Тарас Шевчук' });
    await ui.click(within(mute).getByRole('radio', { name: '1 день' }));
    await ui.type(within(mute).getByLabelText('Причина (її побачить учасник)'), 'Образи');
    await ui.click(within(mute).getByRole('button', { name: 'Обмежити' }));
    await waitFor(() =>
      expect(calls[0]).toEqual({ courseId: 'c-1', wave: '29', userId: 'u-2', minutes: 1440, reason: 'Образи' }),
    );
    await ui.selectOptions(within(dialog).getByLabelText('Повільний режим'), '30');
    await waitFor(() => expect(calls[1]).toEqual({ courseId: 'c-1', wave: '29', seconds: 30 }));
    expect(await within(dialog).findByText(/Повільний режим: одне повідомлення на 30 с/)).toBeInTheDocument();
  });
});
