import type {
  NotificationCategory,
  NotificationList,
  NotificationPreferences,
  PushSubscriptionBody,
} from '@yedyni/contract';
import { api, request } from '../../shared/api';

/** The contract's notificationUnsubscribeResultSchema. */
export type UnsubscribeResult = { category: NotificationCategory; email: string };
type Count = { countNotifications: number };

// The notification API (/api/notifications; the contract's notifications.ts). The screens keep what
// they show in their own state: nothing of it is needed elsewhere but the badge's count, which the
// screen hands up (app/NotificationScreens.tsx).

export const notificationsApi = {
  list: (page: number, limit: number) =>
    api.get<NotificationList>(`/notifications?${new URLSearchParams({ page: String(page), limit: String(limit) })}`),
  read: (ids: string[]) => api.post<Count>('/notifications/read', { ids }),
  readAll: () => api.post<Count>('/notifications/read', { all: true }),
  preferences: () => api.get<NotificationPreferences>('/notifications/preferences'),
  savePreferences: (preferences: NotificationPreferences) =>
    request<NotificationPreferences>('PUT', '/notifications/preferences', preferences),
  pushKey: () => api.get<{ publicKey: string | null }>('/notifications/push/key'),
  subscribe: (subscription: PushSubscriptionBody) =>
    api.post<object>('/notifications/push/subscriptions', subscription),
  unsubscribeDevice: (endpoint: string) => request<void>('DELETE', '/notifications/push/subscriptions', { endpoint }),
  /** One-click unsubscribe from a mail: no sign-in, the token says who and what. */
  unsubscribe: (token: string) =>
    api.post<UnsubscribeResult>(`/notifications/unsubscribe?${new URLSearchParams({ token })}`, { token }),
};
