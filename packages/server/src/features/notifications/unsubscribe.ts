import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@yedyni/contract';

/**
 * One-click unsubscribe tokens (RFC 8058): `<userId>.<category>.<HMAC>`, with a key derived from
 * the JWT secret. They never expire (an old mail's link must still work) and say only which
 * category of whose e-mail to switch off, which is all they can do.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('notifications:unsubscribe').digest();
  }

  private mac(userId: string, category: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}:${category}`).digest();
  }

  sign(userId: string, category: NotificationCategory): string {
    return `${userId}.${category}.${this.mac(userId, category).toString('base64url')}`;
  }

  /** Who and which category, or null for a token this server did not sign. */
  verify(token: string): { userId: string; category: NotificationCategory } | null {
    const [userId, category, mac, ...rest] = token.split('.');
    if (!userId || !category || !mac || rest.length) return null;
    if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(userId, category);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, category: category as NotificationCategory };
  }
}
