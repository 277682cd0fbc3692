import { z } from 'zod';

/**
 * Notifications (docs/domain.md «Notifications»): every event a person is told about, in the app,
 * by e-mail and by Web Push. A category is what a person switches on or off per channel.
 */
export const NOTIFICATION_CATEGORIES = [
  /** The morning digest: today's lesson, unwritten diaries, unread comments (one a day at most). */
  'lessons',
  /** My homework graded or commented. */
  'homework',
  /** A club I signed up for: the day before and an hour before. */
  'clubs',
  /** An olympiad starting. */
  'olympiads',
  /** My monthly support: about to be charged, charged (with the receipt), failed. */
  'payments',
  /** Curators: homework waiting longer than it should, in one daily digest. */
  'review',
  /** My password or e-mail changed. Always by e-mail: it is how a stolen account is noticed. */
  'account',
  /** «Серія під загрозою»: an evening reminder when my streak would end at midnight (one a day at most). */
  'streak',
  /** «Нагадування від кураторів»: a curator noticed I have been away from my wave for a few days. */
  'nudge',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The screen's names for categories and channels, and the texts the settings screen shows. */
export const NOTIFICATION_CATEGORY_TITLES: Record<NotificationCategory, string> = {
  lessons: 'Урок дня',
  homework: 'Домашні завдання',
  clubs: 'Розмовні клуби',
  olympiads: 'Олімпіади',
  payments: 'Підтримка руху',
  review: 'Перевірка домашніх завдань',
  account: 'Безпека акаунта',
  streak: 'Серія днів',
  nudge: 'Нагадування від кураторів',
};
export const NOTIFICATION_CHANNEL_TITLES: Record<NotificationChannel, string> = {
  inApp: 'У застосунку',
  email: 'Пошта',
  push: 'Push',
};

const channelSwitches = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
const hour = (label: string) =>
  z
    .number({ error: `${label}: година від 0 до 23` })
    .int(`${label}: година від 0 до 23`)
    .min(0, `${label}: година від 0 до 23`)
    .max(23, `${label}: година від 0 до 23`);

export const notificationPreferencesSchema = z
  .object({
    /** Category × channel. `account` e-mail cannot be switched off (the server keeps it on). */
    categories: z.object({
      lessons: channelSwitches,
      homework: channelSwitches,
      clubs: channelSwitches,
      olympiads: channelSwitches,
      payments: channelSwitches,
      review: channelSwitches,
      account: channelSwitches,
      // Added after people had saved their choices: a stored set without it reads as the default.
      streak: channelSwitches.default({ inApp: true, email: false, push: true }),
      nudge: channelSwitches.default({ inApp: true, email: true, push: true }),
    }),
    /** The Kyiv hour the morning digest comes at. */
    digestHour: hour('Година листа'),
    /** No push and no e-mail from `quietFrom` to `quietTo` (Kyiv hours; from > to spans midnight; equal: none). */
    quietFrom: hour('Тихі години'),
    quietTo: hour('Тихі години'),
    /** «Вимкнути все»: nothing but the in-app list and the account's security mail. */
    allOff: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  categories: {
    lessons: { inApp: true, email: true, push: true },
    homework: { inApp: true, email: true, push: true },
    clubs: { inApp: true, email: false, push: true },
    olympiads: { inApp: true, email: false, push: true },
    payments: { inApp: true, email: true, push: true },
    review: { inApp: true, email: true, push: true },
    account: { inApp: true, email: true, push: true },
    streak: { inApp: true, email: false, push: true },
    nudge: { inApp: true, email: true, push: true },
  },
  digestHour: 8,
  quietFrom: 22,
  quietTo: 8,
  allOff: false,
};

/** One entry of the in-app list. `link` is a path inside the app (`/uk/…`). */
export const notificationItemSchema = z
  .object({
    _id: z.string(),
    category: z.enum(NOTIFICATION_CATEGORIES),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    date: z.number(),
    read: z.boolean(),
  })
  .meta({ id: 'NotificationItem' });
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListSchema = z
  .object({ notifications: z.array(notificationItemSchema), countNotifications: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Marks some (by id) or all of my notifications read; answers the new unread count. */
export const notificationsReadSchema = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export const notificationsCountSchema = z.object({ countNotifications: z.number().int() });

const BAD_PUSH_ENDPOINT = 'Підписка: потрібна адреса push-сервісу';

/** A browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/, error: BAD_PUSH_ENDPOINT }).max(2000, BAD_PUSH_ENDPOINT),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });
/** The VAPID public key (base64url), or null where push is not configured on this server. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });

/** The data of a push message the service worker shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The path the click opens. */
  link: z.string(),
  /** Replaces an earlier notification with the same tag on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** One-click unsubscribe (RFC 8058) from a mail's link: no sign-in, the signed token says who and what. */
export const unsubscribeSchema = z.object({ token: z.string().min(10).max(500) });
export const notificationUnsubscribeResultSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  email: z.string(),
});

export const NOTIFICATION_MESSAGES = {
  badUnsubscribeToken: 'Посилання для відписки недійсне або застаріле',
  unsubscribed: 'Ви більше не отримуватимете ці листи',
  pushUnavailable: 'Push-сповіщення на цьому сервері не налаштовані',
  /** In production only a public https push service is accepted (the server posts to it). */
  badPushEndpoint: BAD_PUSH_ENDPOINT,
  tooManySubscriptions: 'Забагато пристроїв із push-сповіщеннями: вимкніть їх на старому пристрої',
  accountMailStays: 'Листи про безпеку акаунта вимкнути не можна',
} as const;
