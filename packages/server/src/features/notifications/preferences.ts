import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  kyivParts,
  kyivTime,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@yedyni/contract';

/** The stored JSON read back; anything unreadable (or never saved) is the defaults. */
export function readPreferences(stored: string | undefined): NotificationPreferences {
  if (!stored) return DEFAULT_NOTIFICATION_PREFERENCES;
  try {
    const parsed = notificationPreferencesSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
  } catch {
    return DEFAULT_NOTIFICATION_PREFERENCES;
  }
}

/** The account's security mail stays on whatever is sent: it is how a stolen account is noticed. */
export function withAccountMail(preferences: NotificationPreferences): NotificationPreferences {
  const { categories } = preferences;
  return { ...preferences, categories: { ...categories, account: { ...categories.account, email: true } } };
}

/** Whether a category goes out on a channel. «Вимкнути все» leaves the in-app list and the account's mail. */
export function allows(
  preferences: NotificationPreferences,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  if (category === 'account' && channel === 'email') return true;
  if (channel === 'inApp') return true;
  if (preferences.allOff) return false;
  return preferences.categories[category][channel];
}

/**
 * The instant quiet hours end if `instant` falls in them (Kyiv wall clock), else `instant` itself.
 * from > to spans midnight; from = to means none. The account's mail is never held back.
 */
export function afterQuietHours(
  preferences: NotificationPreferences,
  category: NotificationCategory,
  instant: number,
): number {
  const { quietFrom: from, quietTo: to } = preferences;
  if (category === 'account' || from === to) return instant;
  const { year, month, day, hour } = kyivParts(instant);
  const quiet = from < to ? hour >= from && hour < to : hour >= from || hour < to;
  if (!quiet) return instant;
  // Within the span: it ends today at `to` if that is still ahead, otherwise tomorrow.
  const today = kyivTime(year, month, day, to);
  return today > instant ? today : kyivTime(year, month, day + 1, to);
}
