import { formatLongDate } from '@yedyni/contract';
import type { NotificationEvent } from '../notifications/index.js';

/**
 * What the person is told about their data: category `account` (always sent, whatever the
 * preferences), shown in the app with the body and mailed with it and `more`, linking to the profile.
 */
function accountNotice(userId: string, key: string, title: string, body: string, more: string, action: string) {
  return {
    userId,
    category: 'account',
    key,
    title,
    body,
    link: '/uk/profile',
    email: { subject: title, paragraphs: [body, more], action },
  } satisfies NotificationEvent;
}

export function exportReady(userId: string, requestedAt: number, expiresAt: number): NotificationEvent {
  return accountNotice(
    userId,
    `account:export:${requestedAt}`,
    'Архів ваших даних готовий',
    `Завантажте його в профілі до ${formatLongDate(expiresAt)} (Київ): потім ми його видалимо.`,
    'Архів можна завантажити лише після входу до вашого кабінету. Якщо ви його не замовляли, змініть пароль.',
    'Відкрити профіль',
  );
}

export function deletionScheduled(userId: string, requestedAt: number, dueAt: number): NotificationEvent {
  return accountNotice(
    userId,
    `account:deletion:${requestedAt}`,
    'Акаунт буде видалено',
    `Ваш акаунт «Єдині» буде видалено ${formatLongDate(dueAt)} (Київ). Щоб скасувати це, просто увійдіть до кабінету до цієї дати.`,
    'Після видалення ми зітремо ваше імʼя, адресу пошти, щоденник і файли домашніх завдань. Повідомлення в чаті й коментарі залишаться з підписом «Видалений користувач», а записи про платежі — без імені, як того вимагає закон.',
    'Увійти й скасувати',
  );
}

export function deletionCancelled(userId: string, requestedAt: number): NotificationEvent {
  return accountNotice(
    userId,
    `account:deletion-cancelled:${requestedAt}`,
    'Видалення акаунта скасовано',
    'Ви увійшли до кабінету, тож ми скасували видалення акаунта. Усі ваші дані на місці.',
    'Якщо ви все ж хочете піти, попросіть видалити акаунт у профілі ще раз.',
    'Відкрити профіль',
  );
}
