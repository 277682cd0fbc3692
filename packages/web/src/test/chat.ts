import type { ChatMessage } from '@yedyni/contract';
import { user } from './fixtures';

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
