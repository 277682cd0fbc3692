import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { NOTIFICATION_MESSAGES, type PushPayload, type PushSubscriptionBody } from '@yedyni/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Clock } from '../../infra/clock.js';
import { type Db, type Executor, needsRowLocks } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { PushOptions, PushSender } from '../../infra/push.js';

/**
 * Browsers one person receives push on. Past this, the least recently used go: a person cannot
 * reach a lost phone's subscription from another device, so refusing would leave them stuck.
 */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** The push payload's plain text stays under the 4 KiB a push service must accept (RFC 8291 §4). */
const MAX_PAYLOAD_BYTES = 3000;

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The `push_subscriptions` table: each person's browsers. */
export class PushSubscriptions {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** Production: only https push services at a host name (the server posts to the address). */
      publicEndpointsOnly: boolean;
    },
  ) {}

  /**
   * Keeps this browser's subscription for the person: a known endpoint takes the new keys (and
   * moves to this person if someone else signed in on that browser before); past the limit the
   * person's least recently used subscriptions are dropped, this one never.
   */
  async save(userId: string, body: PushSubscriptionBody, userAgent: string): Promise<void> {
    if (this.deps.publicEndpointsOnly && !isPublicEndpoint(body.endpoint)) {
      throw new AppError(400, NOTIFICATION_MESSAGES.badPushEndpoint);
    }
    const now = this.deps.clock.now();
    const { db } = this.deps;
    await db.transaction().execute(async (trx) => {
      // One person's saves run one after another, so concurrent ones never leave more than the limit.
      if (needsRowLocks(db)) {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      }
      await trx
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          user_id: userId,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          user_agent: userAgent.slice(0, 300),
          created_at: now,
          last_used_at: now,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            user_agent: eb.ref('excluded.user_agent'),
            last_used_at: eb.ref('excluded.last_used_at'),
          })),
        )
        .execute();
      const held = await trx
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint'])
        .where('user_id', '=', userId)
        .orderBy('last_used_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      const others = held.filter((row) => row.endpoint !== body.endpoint);
      const dropped = others.slice(MAX_PUSH_SUBSCRIPTIONS - 1).map((row) => row.id);
      if (dropped.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', dropped).execute();
    });
  }

  /** Removes the caller's own subscription at this endpoint; anyone else's stays (and is not told of). */
  async remove(userId: string, endpoint: string): Promise<void> {
    await this.deps.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  list(userId: string): Promise<SubscriptionRow[]> {
    return this.deps.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** The push service said this browser is gone (404/410); only that row, if it is still that browser. */
  async forget(row: SubscriptionRow): Promise<void> {
    await this.deps.db
      .deleteFrom('push_subscriptions')
      .where('id', '=', row.id)
      .where('endpoint', '=', row.endpoint)
      .execute();
  }

  async touch(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.deps.db
      .updateTable('push_subscriptions')
      .set({ last_used_at: this.deps.clock.now() })
      .where('id', 'in', ids)
      .execute();
  }
}

/**
 * An account's deletion, inside its one transaction: every browser of the person goes, since a
 * subscription's endpoint and user agent describe their devices and nothing is pushed to a
 * deleted account.
 */
export async function forgetPushBrowsers(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/** An https address at a host name: not this machine, not an address in someone's private network. */
function isPublicEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'https:' && isIP(host) === 0 && host !== 'localhost' && !host.endsWith('.localhost');
}

export interface PushDelivery {
  sent: number;
  gone: number;
}

/**
 * Web Push as a delivery channel: one message to every browser of a person. Subscriptions the
 * push service calls gone are removed; if any other send failed, it throws after trying them all,
 * so the job is retried (the topic lets the push service and the tag lets the device collapse
 * the copies the browsers that did get it receive again).
 */
export class PushChannel {
  constructor(
    private readonly deps: {
      subscriptions: PushSubscriptions;
      /** Absent when push is off (production without VAPID keys). */
      sender: PushSender | undefined;
      log: Logger;
    },
  ) {}

  /** The VAPID public key browsers subscribe with, or null when push is off. */
  get publicKey(): string | null {
    return this.deps.sender?.keys.publicKey ?? null;
  }

  get enabled(): boolean {
    return this.deps.sender !== undefined;
  }

  async deliver(userId: string, payload: PushPayload, options: PushOptions): Promise<PushDelivery> {
    const { sender, subscriptions } = this.deps;
    if (!sender) return { sent: 0, gone: 0 };
    const targets = await subscriptions.list(userId);
    const text = fitPayload(payload);
    const outcomes = await Promise.allSettled(
      targets.map((row) =>
        sender.send({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, text, options),
      ),
    );
    const sent: string[] = [];
    const failures: unknown[] = [];
    let gone = 0;
    for (const [index, outcome] of outcomes.entries()) {
      const row = targets[index] as SubscriptionRow;
      if (outcome.status === 'rejected') failures.push(outcome.reason);
      else if (outcome.value === 'sent') sent.push(row.id);
      else {
        gone += 1;
        await subscriptions.forget(row);
      }
    }
    await subscriptions.touch(sent);
    if (gone > 0) this.deps.log.info({ userId, gone }, 'push subscriptions gone, removed');
    if (failures.length > 0) {
      throw new AggregateError(failures, `push failed for ${failures.length} of ${targets.length} subscriptions`);
    }
    return { sent: sent.length, gone };
  }
}

/** The payload as JSON, its body shortened (with «…») if the whole would not fit in one push message. */
export function fitPayload(payload: PushPayload): string {
  let text = JSON.stringify(payload);
  let body = payload.body;
  while (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES && body.length > 0) {
    const over = Buffer.byteLength(text) - MAX_PAYLOAD_BYTES;
    body = body.slice(0, Math.max(0, body.length - Math.max(over, 1) - 1));
    text = JSON.stringify({ ...payload, body: `${body}…` });
  }
  return text;
}
