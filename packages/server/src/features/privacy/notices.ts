import { formatLongDate } from '@yedyni/contract';
import type { NotificationEvent } from '../notifications/index.js';

/** What the person is told about their data: category `account`, always sent, whatever the preferences. */

export function exportReady(userId: string, requestedAt: number, expiresAt: number): NotificationEvent {
  const title = 'Архів ваших даних готовий';
  const body = `Завантажте його в профілі до ${formatLongDate(expiresAt)} (Київ): потім ми його видалимо.`;
  return {
    userId,
    category: 'account',
    key: `account:export:${requestedAt}`,
    title,
    body,
    link: '/uk/profile',
    email: {
      subject: title,
      paragraphs: [
        body,
        'Архів можна завантажити лише після входу до вашого кабінету. Якщо ви його не замовляли, змініть пароль.',
      ],
      action: 'Відкрити профіль',
    },
  };
}

export function deletionScheduled(userId: string, requestedAt: number, dueAt: number): NotificationEvent {
  const title = 'Акаунт буде видалено';
  const body = `Ваш акаунт «Єдині» буде видалено ${formatLongDate(dueAt)} (Київ). Щоб скасувати це, просто увійдіть до кабінету до цієї дати.`;
  return {
    userId,
    category: 'account',
    key: `account:deletion:${requestedAt}`,
    title,
    body,
    link: '/uk/profile',
    email: {
      subject: title,
      paragraphs: [
        body,
        'Після видалення ми зітремо ваше імʼя, адресу пошти, щоденник і файли домашніх завдань. Повідомлення в чаті й коментарі залишаться з підписом «Видалений користувач», а записи про платежі — без імені, як того вимагає закон.',
      ],
      action: 'Увійти й скасувати',
    },
  };
}

export function deletionCancelled(userId: string, requestedAt: number): NotificationEvent {
  const title = 'Видалення акаунта скасовано';
  const body = 'Ви увійшли до кабінету, тож ми скасували видалення акаунта. Усі ваші дані на місці.';
  return {
    userId,
    category: 'account',
    key: `account:deletion-cancelled:${requestedAt}`,
    title,
    body,
    link: '/uk/profile',
    email: {
      subject: title,
      paragraphs: [body, 'Якщо ви все ж хочете піти, попросіть видалити акаунт у профілі ще раз.'],
      action: 'Відкрити профіль',
    },
  };
}
