import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { me, messageFixture, openChat } from '../../../test/chat';
import { learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';

const FIRST_PAGE = 'GET /api/chats?courseId=c-1&wave=29&page=1&limit=10';
const KEY = 'draft:u-1:chat:c-1:29';

describe('chat drafts', () => {
  it('keeps the room’s unsent message across a reload; sending forgets it', async () => {
    learnerApi({ [FIRST_PAGE]: () => json({ messages: [], firstMessageDate: null }) });
    const first = await openChat();
    await first.ui.type(first.field, 'Добрий вечір');
    first.app.unmount();
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}').value).toBe('Добрий вечір');

    const second = await openChat();
    expect(second.field).toHaveValue('Добрий вечір');
    expect(within(second.dialog).getByText('Чернетку відновлено.')).toBeInTheDocument();
    second.socket.respond('chat:send', (payload) => ({
      ok: true,
      message: messageFixture(9, { ...(payload as object), sender: me, date: Date.now() }),
    }));
    await second.ui.type(second.field, '{Enter}');
    await waitFor(() => expect(second.field).toHaveValue(''));
    expect(within(second.dialog).queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
    second.app.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a message over 500 characters is marked, kept and not sent', async () => {
    learnerApi({ [FIRST_PAGE]: () => json({ messages: [], firstMessageDate: null }) });
    const { ui, dialog, socket, field } = await openChat();
    fireEvent.change(field, { target: { value: 'ч'.repeat(503) } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/503 з 500 символів Задовго: приберіть 3 символи\./);
    await ui.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '«Повідомлення»: текст задовгий, приберіть 3 символи. Нічого не надіслано.',
    );
    expect(socket.sentOf('chat:send')).toEqual([]);
    expect(field).toHaveValue('ч'.repeat(503));
  });
});
