import { randomUUID } from 'node:crypto';
import { formatLongDate } from '@yedyni/contract';
import type { NotificationEvent } from './service.js';

/** The account's security mail: always sent, at once, whatever the preferences and the hour. */
export function passwordChanged(
  userId: string,
  how: 'reset' | 'operator' | 'signed-in',
  now: number,
): NotificationEvent {
  const title = 'Пароль до «Єдині» змінено';
  const body = {
    reset: 'Пароль змінено за посиланням для відновлення. Усі сеанси завершено.',
    operator: 'Пароль змінив адміністратор. Усі сеанси завершено.',
    'signed-in': 'Пароль змінено в кабінеті, з поточним паролем.',
  }[how];
  return {
    userId,
    category: 'account',
    key: `account:password:${now}:${randomUUID()}`,
    title,
    body,
    link: '/uk/profile',
    email: {
      subject: title,
      paragraphs: [
        `${body} Час зміни: ${formatLongDate(now)} (Київ).`,
        'Якщо це були не ви, одразу відновіть пароль за адресою вашої пошти і напишіть нам.',
      ],
      action: 'Відкрити кабінет',
    },
  };
}
