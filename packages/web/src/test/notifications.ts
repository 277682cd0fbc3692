import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationItem,
  type NotificationPreferences,
} from '@yedyni/contract';

/** The n-th notification, newest first (a minute apart); unread unless told. */
export function itemFixture(n: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    _id: `n-${n}`,
    category: 'homework',
    title: `Куратор оцінив домашнє завдання ${n}`,
    body: 'Оцінка: 10 з 12. Відкрийте, щоб прочитати коментар.',
    link: `/uk/learn/c-1/${n}/practice`,
    date: Date.UTC(2026, 2, 4, 12, 0) - n * 60_000,
    read: false,
    ...overrides,
  };
}

/** The contract's defaults, as a server answers for someone who never saved any (a deep copy). */
export function preferencesFixture(): NotificationPreferences {
  return structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
}
