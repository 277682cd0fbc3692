import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@yedyni/contract';
import { expect } from 'vitest';
import { lastSocket } from './fakeSocket';
import { user } from './fixtures';
import { renderApp } from './renderApp';

export const me = { _id: user._id, first_name: user.first_name, last_name: user.last_name };
export const classmate = { _id: 'u-2', first_name: 'Тарас', last_name: 'Шевчук' };

/** Message n of course c-1, wave 29, from a classmate; later n is newer. */
export function messageFixture(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: `m-${n}`,
    courseId: 'c-1',
    wave: '29',
    text: `Повідомлення ${n}`,
    date: Date.UTC(2026, 2, 4, 10, 0) + n * 60_000,
    editedAt: null,
    sender: classmate,
    senderTitle: null,
    fileURL: '',
    fileType: '',
    fileName: '',
    ...overrides,
  };
}

/** Messages from..to, newest first (as the server pages them). */
export function pageOf(from: number, to: number): ChatMessage[] {
  const page: ChatMessage[] = [];
  for (let n = to; n >= from; n--) page.push(messageFixture(n));
  return page;
}

/** Opens course c-1's screen, then its chat; resolves with the dialog, its log and field, and the socket. */
export async function openChat() {
  const app = renderApp('/uk/learn/c-1');
  const ui = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Чат курсу' });
  await waitFor(() => expect(lastSocket().connected).toBe(true));
  await ui.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Чат курсу Українська щодня' });
  return {
    app,
    ui,
    button,
    dialog,
    socket: lastSocket(),
    log: within(dialog).getByRole('log'),
    field: within(dialog).getByLabelText('Повідомлення'),
  };
}
