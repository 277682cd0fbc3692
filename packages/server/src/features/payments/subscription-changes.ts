import { randomUUID } from 'node:crypto';
import {
  addMonth,
  type Checkout,
  DONATION_DESCRIPTION,
  formatDate,
  formatUah,
  PAYMENT_MESSAGES,
  type SubscriptionChange,
  type SubscriptionEvent,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock.js';
import { type Db, type Executor, needsRowLocks } from '../../infra/db/index.js';
import type { PaymentOrdersTable, SubscriptionEventsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { liqpayRequest } from '../../infra/liqpay/index.js';
import type { AttemptCounter } from '../../infra/rate-limit.js';
import type { NotificationService } from '../notifications/index.js';
import type { ProviderEvent } from './callbacks.js';
import * as repo from './repo.js';
import type { PaymentsConfig } from './service.js';

/** Changes, pauses and resumes a donor may ask for in an hour (each request counts, repeats too). */
export const SUBSCRIPTION_CHANGES_PER_HOUR = 30;
/**
 * A provider call in flight longer than this has died with its process (the call itself gives up
 * after 10 s): another request may take the subscription over.
 */
const STALE_CHANGE_MS = 60_000;
/** How long a request waits for another one's provider call on the same subscription. */
const WAIT_FOR_CHANGE_MS = 15_000;
/** A pause not resumed keeps its gratitude tier this long past its resume date. */
export const PAUSE_TIER_GRACE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long past its resume date a paused subscription is still looked at by the tick. */
const RESUME_NOTICE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const uah = (kop: number) => kop / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Order = PaymentOrdersTable;

interface Deps {
  db: Db;
  clock: Clock;
  liqpay: PaymentsConfig;
  log: FastifyBaseLogger;
  notifications: NotificationService;
  /** Per donor; none in a setting without limits. */
  limiter?: AttemptCounter | undefined;
  /** The subscription as the list shows it, read afresh. */
  describe: (order: Order) => Promise<SubscriptionChange['subscription']>;
  /** The signed checkout of a pending order (the resume's new order). */
  checkoutOf: (order: Order) => Checkout;
}

/**
 * A donor's changes to their own monthly subscription (docs/domain.md «Changing, pausing and
 * resuming a subscription»):
 * - the amount, changed in place at the provider (`subscribe_update`); our records change only
 *   after its `result: ok`;
 * - a pause of 1–3 months: LiqPay has no pause, so the subscription is cancelled at the provider
 *   (`unsubscribe`) and kept here as `paused` with its resume date; on that date the donor is told,
 *   with a link that resumes in one click;
 * - a resume: a new checkout of the same amount and comment (a new provider subscription needs the
 *   payer's card again), whose order names the paused one; when it starts, the paused one is closed.
 *
 * One provider call per subscription at a time: a request claims the order (`pending_change`)
 * with a conditional update before it calls; a concurrent one waits for the claim to go and then
 * finds the change made. A callback that arrives during a pause is its echo and completes it.
 */
export class SubscriptionChanges {
  constructor(private readonly deps: Deps) {}

  async changeAmount(userId: string, orderId: string, amountUah: number): Promise<SubscriptionChange> {
    await this.deps.limiter?.consume(userId);
    const target = amountUah * 100;
    const message = PAYMENT_MESSAGES.amountChanged;
    for (let attempt = 0; attempt < 3; attempt++) {
      const order = await this.ownRunning(userId, orderId);
      if (order.amount_kop === target) return { subscription: await this.deps.describe(order), message };
      if (order.status === 'paused') {
        // Nothing runs at the provider: the resume's checkout will ask for the new amount.
        const changed = await this.deps.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('payment_orders')
            .set({ amount_kop: target })
            .where('order_id', '=', orderId)
            .where('status', '=', 'paused')
            .where('amount_kop', '=', order.amount_kop)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return false;
          await addEvent(trx, orderId, 'amount_changed', this.deps.clock.now(), {
            from_kop: order.amount_kop,
            to_kop: target,
          });
          return true;
        });
        if (changed) return { subscription: await this.describe(orderId), message };
        continue;
      }
      const claimedAt = await this.claim(order, { pending_change: 'amount', pending_amount_kop: target });
      if (claimedAt === null) {
        await this.settle(orderId);
        continue;
      }
      let answer: Record<string, unknown>;
      try {
        answer = await this.request({
          action: 'subscribe_update',
          order_id: orderId,
          amount: amountUah,
          currency: 'UAH',
          description: DONATION_DESCRIPTION,
        });
      } catch (error) {
        await this.release(orderId, claimedAt);
        this.deps.log.error({ err: error, orderId }, 'liqpay subscribe_update request failed');
        throw new AppError(502, PAYMENT_MESSAGES.providerFailed);
      }
      if (answer.result !== 'ok' || (answer.status !== undefined && answer.status !== 'subscribed')) {
        await this.release(orderId, claimedAt);
        this.deps.log.error(
          { orderId, answer: { result: answer.result, status: answer.status, err_code: answer.err_code } },
          'liqpay refused subscribe_update',
        );
        throw new AppError(502, PAYMENT_MESSAGES.providerRefusedAmount);
      }
      await this.deps.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('payment_orders')
          .set({ amount_kop: target, ...CLEARED })
          .where('order_id', '=', orderId)
          .where('pending_change', '=', 'amount')
          .where('pending_since', '=', claimedAt)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return;
        await addEvent(trx, orderId, 'amount_changed', this.deps.clock.now(), {
          from_kop: order.amount_kop,
          to_kop: target,
        });
      });
      return { subscription: await this.describe(orderId), message };
    }
    throw new AppError(409, PAYMENT_MESSAGES.changeBusy);
  }

  async pause(userId: string, orderId: string, months: number): Promise<SubscriptionChange> {
    await this.deps.limiter?.consume(userId);
    const message = PAYMENT_MESSAGES.paused;
    for (let attempt = 0; attempt < 3; attempt++) {
      const order = await this.ownRunning(userId, orderId);
      if (order.status === 'paused') return { subscription: await this.deps.describe(order), message };
      // The charges skipped are the next `months` ones: the day they fall on stays the same.
      const last = await repo.lastChargeDates(this.deps.db, [orderId]);
      const resumeAt = addMonth(last.get(orderId) ?? order.subscribed_at ?? order.created_at, months + 1);
      const claimedAt = await this.claim(order, { pending_change: 'pause', pending_resume_at: resumeAt });
      if (claimedAt === null) {
        await this.settle(orderId);
        continue;
      }
      let answer: Record<string, unknown>;
      try {
        answer = await this.request({ action: 'unsubscribe', order_id: orderId });
      } catch (error) {
        // The provider's `unsubscribed` callback may have come meanwhile: then it did pause.
        const now = await repo.findOrder(this.deps.db, orderId);
        if (now?.status === 'paused') return { subscription: await this.deps.describe(now), message };
        await this.release(orderId, claimedAt);
        this.deps.log.error({ err: error, orderId }, 'liqpay unsubscribe (pause) request failed');
        throw new AppError(502, PAYMENT_MESSAGES.providerFailed);
      }
      // Already not subscribed there: nothing will be charged, which is what a pause needs.
      if (answer.status !== 'unsubscribed' && answer.err_code !== 'payment_not_subscribed') {
        await this.release(orderId, claimedAt);
        this.deps.log.error(
          { orderId, answer: { result: answer.result, err_code: answer.err_code } },
          'liqpay refused unsubscribe (pause)',
        );
        throw new AppError(502, PAYMENT_MESSAGES.providerRefusedPause);
      }
      await this.deps.db.transaction().execute((trx) => this.completePause(trx, orderId, this.deps.clock.now()));
      return { subscription: await this.describe(orderId), message };
    }
    throw new AppError(409, PAYMENT_MESSAGES.changeBusy);
  }

  /**
   * The checkout that starts the paused subscription again, at once, with its amount and comment.
   * Asked again before it is paid, it is the same order and the same signed form.
   */
  async resume(userId: string, orderId: string): Promise<Checkout> {
    await this.deps.limiter?.consume(userId);
    const { db, clock } = this.deps;
    const order = await this.ownRunning(userId, orderId);
    if (order.status !== 'paused') throw new AppError(409, PAYMENT_MESSAGES.notPaused);
    return db.transaction().execute(async (trx) => {
      // The paused row's lock (PostgreSQL; SQLite runs one transaction at a time) makes concurrent
      // resumes find one pending order instead of each making its own.
      let locked = trx.selectFrom('payment_orders').select('status').where('order_id', '=', orderId);
      if (needsRowLocks(trx)) locked = locked.forUpdate();
      const current = await locked.executeTakeFirst();
      if (current?.status !== 'paused') throw new AppError(409, PAYMENT_MESSAGES.notPaused);
      const waiting = await trx
        .selectFrom('payment_orders')
        .selectAll()
        .where('resumes_order_id', '=', orderId)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (waiting) return this.deps.checkoutOf(waiting);
      const fresh = repo.pendingOrder({
        order_id: `sub-${randomUUID()}`,
        user_id: userId,
        subscribe: 1,
        amount_kop: order.amount_kop,
        info: order.info,
        created_at: clock.now(),
        resumes_order_id: orderId,
      });
      await trx.insertInto('payment_orders').values(fresh).execute();
      return this.deps.checkoutOf(fresh);
    });
  }

  /** A subscription's events, newest first. */
  async events(orderId: string): Promise<SubscriptionEvent[]> {
    const rows = await this.deps.db
      .selectFrom('subscription_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      at: r.at,
      from: r.from_kop === null ? null : uah(r.from_kop),
      to: r.to_kop === null ? null : uah(r.to_kop),
      until: r.until,
      orderId: r.other_order_id,
    }));
  }

  /** For each of these paused orders, the order whose checkout resumed it. */
  async resumedAs(db: Executor, orderIds: string[]): Promise<Map<string, string>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('subscription_events')
      .select(['order_id', 'other_order_id'])
      .where('order_id', 'in', orderIds)
      .where('kind', '=', 'resumed')
      .execute();
    return new Map(rows.flatMap((r) => (r.other_order_id ? [[r.order_id, r.other_order_id] as const] : [])));
  }

  // ─── The provider's callbacks (in the callback's transaction) ────────────────────────────────

  /**
   * An `unsubscribed` callback: of a paused subscription it is our own pause's echo, and during
   * a pause's call it completes the pause; null when it is a cancellation like any other.
   */
  async providerUnsubscribed(trx: Executor, order: Order, at: number): Promise<boolean | null> {
    if (order.status === 'paused') return false;
    if (order.status === 'subscribed' && order.pending_change === 'pause')
      return this.completePause(trx, order.order_id, at);
    return null;
  }

  /**
   * The amount a charge of this subscription may carry: the one in force when it was made (a
   * charge before a change, arriving after it, is still the old amount), or the new one while
   * the provider is being told it.
   */
  async chargeAmount(trx: Executor, order: Order, event: ProviderEvent): Promise<number> {
    if (event.amountKop === null || event.amountKop === order.amount_kop) return order.amount_kop;
    if (order.pending_change === 'amount' && event.amountKop === order.pending_amount_kop) return event.amountKop;
    const earlier = await trx
      .selectFrom('subscription_events')
      .select('id')
      .where('order_id', '=', order.order_id)
      .where('kind', '=', 'amount_changed')
      .where('from_kop', '=', event.amountKop)
      .where('at', '>', event.endDate)
      .executeTakeFirst();
    return earlier ? event.amountKop : order.amount_kop;
  }

  /** A resume's order has started: the paused subscription it continues is closed, once. */
  async started(trx: Executor, order: Order, at: number): Promise<void> {
    if (!order.resumes_order_id) return;
    const closed = await trx
      .updateTable('payment_orders')
      .set({ status: 'unsubscribed', unsubscribed_at: at })
      .where('order_id', '=', order.resumes_order_id)
      .where('status', '=', 'paused')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) return;
    await addEvent(trx, order.resumes_order_id, 'resumed', at, { other_order_id: order.order_id });
  }

  /** The subscription is cancelled for good: its history says so. */
  async cancelled(trx: Executor, orderId: string, at: number): Promise<void> {
    await addEvent(trx, orderId, 'cancelled', at, {});
  }

  // ─── The resume date (NotificationService tick) ──────────────────────────────────────────────

  /**
   * On its resume date a paused subscription's donor is told, once, with the link that opens the
   * resume; a pause already resumed or cancelled is no longer paused and is not told.
   */
  async remindResumes(now: number): Promise<number> {
    const { db, notifications } = this.deps;
    const due = await db
      .selectFrom('payment_orders')
      .select(['order_id', 'user_id', 'amount_kop', 'resume_at'])
      .where('status', '=', 'paused')
      .where('resume_at', '<=', now)
      .where('resume_at', '>', now - RESUME_NOTICE_WINDOW_MS)
      .execute();
    let told = 0;
    for (const order of due) {
      const amount = formatUah(uah(order.amount_kop));
      const inserted = await db.transaction().execute((trx) =>
        notifications.notify(trx, {
          userId: order.user_id,
          category: 'payments',
          key: `payments:resume:${order.order_id}:${order.resume_at}`,
          title: 'Пауза підписки закінчилася',
          body: `Відновіть щомісячний внесок ${amount} в один клік.`,
          link: `/uk/bonus/subscriptions?resume=${encodeURIComponent(order.order_id)}`,
          email: {
            subject: `Пауза закінчилася: відновіть щомісячний внесок ${amount}`,
            paragraphs: [
              `Пауза вашої підписки на ${amount} щомісяця закінчилася ${formatDate(order.resume_at ?? now)}.`,
              'Щоб підтримувати рух і далі, відновіть підписку: ми відкриємо оплату тієї ж суми, і картку треба буде підтвердити ще раз. Поки ви її не відновите, нічого не списується.',
            ],
            action: 'Відновити підписку',
          },
        }),
      );
      if (inserted) told += 1;
    }
    return told;
  }

  // ─── Internals ───────────────────────────────────────────────────────────────────────────────

  /** The caller's own subscription that may still change: 404 for anyone else's, 409 once cancelled. */
  private async ownRunning(userId: string, orderId: string): Promise<Order> {
    const order = await repo.findOwnSubscription(this.deps.db, userId, orderId);
    if (!order) throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    if (order.status === 'unsubscribed') throw new AppError(409, PAYMENT_MESSAGES.alreadyCancelled);
    if (order.status !== 'subscribed' && order.status !== 'paused') {
      throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    }
    return order;
  }

  private async describe(orderId: string) {
    const order = await repo.findOrder(this.deps.db, orderId);
    if (!order) throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    return this.deps.describe(order);
  }

  /** Takes the running subscription for one provider call; the claim's time, or null when another holds it. */
  private async claim(
    order: Order,
    target: Pick<Order, 'pending_change'> & Partial<Pick<Order, 'pending_amount_kop' | 'pending_resume_at'>>,
  ): Promise<number | null> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.db
      .updateTable('payment_orders')
      .set({ ...CLEARED, ...target, pending_since: now })
      .where('order_id', '=', order.order_id)
      .where('status', '=', 'subscribed')
      .where('amount_kop', '=', order.amount_kop)
      .where((eb) => eb.or([eb('pending_since', 'is', null), eb('pending_since', '<', now - STALE_CHANGE_MS)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0 ? now : null;
  }

  private async release(orderId: string, claimedAt: number): Promise<void> {
    await this.deps.db
      .updateTable('payment_orders')
      .set(CLEARED)
      .where('order_id', '=', orderId)
      .where('pending_since', '=', claimedAt)
      .execute();
  }

  /** Waits (real time, not the app's clock) until no other request's provider call holds the order. */
  private async settle(orderId: string): Promise<void> {
    const until = Date.now() + WAIT_FOR_CHANGE_MS;
    while (Date.now() < until) {
      const order = await repo.findOrder(this.deps.db, orderId);
      if (!order || order.pending_since === null || order.pending_since < this.deps.clock.now() - STALE_CHANGE_MS) {
        return;
      }
      await sleep(50);
    }
  }

  private request(params: Record<string, string | number>) {
    const { signer, apiUrl } = this.deps.liqpay;
    return liqpayRequest(signer, apiUrl, params);
  }

  /** The pause the provider confirmed (its answer or its callback, whichever comes first), once. */
  private async completePause(trx: Executor, orderId: string, at: number): Promise<boolean> {
    const paused = await trx
      .updateTable('payment_orders')
      .set((eb) => ({ status: 'paused', paused_at: at, resume_at: eb.ref('pending_resume_at'), ...CLEARED }))
      .where('order_id', '=', orderId)
      .where('status', '=', 'subscribed')
      .where('pending_change', '=', 'pause')
      .returning('resume_at')
      .executeTakeFirst();
    if (!paused) return false;
    await addEvent(trx, orderId, 'paused', at, { until: paused.resume_at });
    return true;
  }
}

const CLEARED = {
  pending_change: null,
  pending_amount_kop: null,
  pending_resume_at: null,
  pending_since: null,
} as const;

async function addEvent(
  trx: Executor,
  orderId: string,
  kind: SubscriptionEventsTable['kind'],
  at: number,
  fields: Partial<Pick<SubscriptionEventsTable, 'from_kop' | 'to_kop' | 'until' | 'other_order_id'>>,
): Promise<void> {
  await trx
    .insertInto('subscription_events')
    .values({
      id: randomUUID(),
      order_id: orderId,
      kind,
      at,
      from_kop: fields.from_kop ?? null,
      to_kop: fields.to_kop ?? null,
      until: fields.until ?? null,
      other_order_id: fields.other_order_id ?? null,
    })
    .execute();
}
