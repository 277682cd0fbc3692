import { randomUUID } from 'node:crypto';
import {
  addMonth,
  type Checkout,
  DONATION_DESCRIPTION,
  type DonationBody,
  type FootprintEntry,
  formatDate,
  formatLongDate,
  formatUah,
  type OrderState,
  PAYMENT_MESSAGES,
  type Payment,
  type Subscription,
  type SubscriptionDetail,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import type { PaymentOrdersTable, PaymentsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { type LiqPayParams, LiqPaySigner, liqpayRequest, liqpayUtcDate } from '../../infra/liqpay/index.js';
import { nulAt } from '../../infra/nul.js';
import { emailVerified } from '../auth/index.js';
import type { NotificationService } from '../notifications/index.js';
import { addFootprint, footprintHistory } from '../support/index.js';
import { isFailure, isSuccess, type ProviderEvent, readProviderEvent } from './callbacks.js';
import * as repo from './repo.js';

export interface PaymentsConfig {
  mode: 'sandbox' | 'live';
  signer: LiqPaySigner;
  checkoutUrl: string;
  apiUrl: string;
  publicUrl: string;
}

/** What a verified callback did; kept with the raw callback for reconciliation. */
export type CallbackOutcome =
  | 'applied'
  | 'duplicate'
  | 'unknown_order'
  | 'unreadable'
  | 'wrong_currency'
  | 'wrong_amount'
  | 'already_paid'
  | 'after_unsubscribe'
  | 'failed'
  | 'waiting';

interface Page {
  page: number;
  limit: number;
}

const uah = (kop: number) => kop / 100;

/** The footprint rows of a payment, in the interface's one word for it (docs/glossary.md: «внесок»). */
const FOOTPRINT_MONTHLY = 'Щомісячний внесок';
const FOOTPRINT_ONCE = 'Разовий внесок';
const totalPages = (count: number, limit: number) => Math.ceil(count / limit);

/**
 * Donations and monthly subscriptions through LiqPay. Orders are made here before the payer
 * leaves for the checkout; only a verified callback moves money state, in one transaction with
 * its raw record, and every effect is keyed so a repeat, a late or a concurrent duplicate
 * callback changes nothing.
 */
/** How long before a monthly charge its payer is reminded of it. */
export const UPCOMING_CHARGE_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

export class PaymentsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      liqpay: PaymentsConfig;
      log: FastifyBaseLogger;
      notifications: NotificationService;
    },
  ) {}

  /**
   * The payments other features ask about (support's indicators and gratitudes, olympiads' tie
   * breaks through support): successful, not refunded charges, in hryvnias.
   */
  async successfulPayments(userId: string): Promise<{ amountUah: number; endDate: number }[]> {
    const rows = await repo.chargesOf(this.deps.db, userId, {}).select(['amount_kop', 'end_date']).execute();
    return rows.map((r) => ({ amountUah: uah(r.amount_kop), endDate: r.end_date }));
  }

  /** How much each of these people has given in all (UAH); nobody's absence means nothing given. */
  async donatedByUser(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.deps.db
      .selectFrom('payments')
      .select(['user_id', (eb) => eb.fn.sum<number>('amount_kop').as('kop')])
      .where('user_id', 'in', userIds)
      .where('reversed_at', 'is', null)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, uah(Number(r.kop))]));
  }

  /** What the gratitude tiers are measured by: the running monthly amount and the largest one-off gift. */
  async gratitudeTotals(userId: string): Promise<{ monthlyUah: number; largestOnceUah: number }> {
    const { db } = this.deps;
    const [monthly, once] = await Promise.all([
      db
        .selectFrom('payment_orders')
        .select((eb) => eb.fn.sum<number>('amount_kop').as('kop'))
        .where('user_id', '=', userId)
        .where('subscribe', '=', 1)
        .where('status', '=', 'subscribed')
        .executeTakeFirst(),
      db
        .selectFrom('payments')
        .select((eb) => eb.fn.max<number>('amount_kop').as('kop'))
        .where('user_id', '=', userId)
        .where('action', '=', 'pay')
        .where('reversed_at', 'is', null)
        .executeTakeFirst(),
    ]);
    return { monthlyUah: uah(Number(monthly?.kop ?? 0)), largestOnceUah: uah(Number(once?.kop ?? 0)) };
  }

  /** A pending order and the signed checkout form the browser posts to the provider. */
  async checkout(userId: string, body: DonationBody & { comment?: string | undefined }): Promise<Checkout> {
    const { db, clock, liqpay } = this.deps;
    const now = clock.now();
    const orderId = `${body.subscribe ? 'sub' : 'don'}-${randomUUID()}`;
    const info = body.comment?.trim() ?? '';
    await db
      .insertInto('payment_orders')
      .values({
        order_id: orderId,
        user_id: userId,
        subscribe: body.subscribe ? 1 : 0,
        amount_kop: body.amount * 100,
        info,
        status: 'pending',
        offer_accepted_at: now,
        created_at: now,
        subscribed_at: null,
        unsubscribed_at: null,
      })
      .execute();
    const params: LiqPayParams = {
      action: body.subscribe ? 'subscribe' : 'pay',
      amount: body.amount,
      currency: 'UAH',
      description: DONATION_DESCRIPTION,
      order_id: orderId,
      result_url: `${liqpay.publicUrl}/uk/donat?order=${orderId}`,
      server_url: `${liqpay.publicUrl}/api/payments/process`,
      language: 'uk',
      customer: userId,
      info,
      ...(body.subscribe
        ? { subscribe: '1', subscribe_date_start: liqpayUtcDate(now), subscribe_periodicity: 'month' }
        : {}),
      ...(liqpay.mode === 'sandbox' ? { sandbox: '1' } : {}),
    };
    return { checkoutUrl: liqpay.checkoutUrl, orderId, ...liqpay.signer.encode(params) };
  }

  async order(userId: string, orderId: string): Promise<OrderState> {
    const order = await repo.findOrder(this.deps.db, orderId);
    if (!order || order.user_id !== userId) throw new AppError(404, PAYMENT_MESSAGES.orderNotFound);
    return { orderId, amount: uah(order.amount_kop), subscribe: order.subscribe === 1, status: order.status };
  }

  /**
   * A provider callback. The signature is checked over `data` exactly as received before anything
   * is decoded; a forged one is refused (400) and only logged. A verified one is stored raw and
   * applied in the same transaction; what it did is returned (and stored with it).
   */
  async processCallback(data: string, signature: string): Promise<CallbackOutcome> {
    const { db, clock, liqpay, log } = this.deps;
    if (!liqpay.signer.verify(data, signature)) {
      log.warn(
        { signatureLength: signature.length, dataLength: data.length },
        'liqpay callback refused: bad signature',
      );
      throw new AppError(400, PAYMENT_MESSAGES.badSignature);
    }
    const now = clock.now();
    const params = LiqPaySigner.decode(data);
    // Parameters with a U+0000 anywhere cannot be stored (nul.ts): kept as unreadable instead.
    const event = params && nulAt(params) === null ? readProviderEvent(params, now) : null;
    return db.transaction().execute(async (trx) => {
      const outcome = event ? await this.apply(trx, event) : 'unreadable';
      await trx
        .insertInto('payment_callbacks')
        .values({
          id: randomUUID(),
          received_at: now,
          data,
          signature,
          order_id: event?.orderId || null,
          payment_id: event?.paymentId || null,
          action: event?.action || null,
          status: event?.status || null,
          outcome,
        })
        .execute();
      if (outcome !== 'applied' && outcome !== 'duplicate') {
        log.info({ orderId: event?.orderId, status: event?.status, outcome }, 'liqpay callback kept, not applied');
      }
      return outcome;
    });
  }

  private async apply(trx: Executor, event: ProviderEvent): Promise<CallbackOutcome> {
    const order = await repo.findOrder(trx, event.orderId);
    if (!order) return 'unknown_order';
    if (event.currency && event.currency !== 'UAH') return 'wrong_currency';
    const subscription = order.subscribe === 1;

    if (event.status === 'subscribed' && subscription) {
      return (await this.markSubscribed(trx, order, event.endDate)) ? 'applied' : 'duplicate';
    }
    if (event.status === 'unsubscribed' && subscription) {
      return (await this.markUnsubscribed(trx, order.order_id, event.endDate)) ? 'applied' : 'duplicate';
    }
    if (event.status === 'reversed') return this.reverse(trx, event);
    if (isFailure(event)) {
      // An order that never went through is failed (a declined checkout, one-off or monthly); a
      // failed charge of a running subscription changes nothing: the provider retries it.
      await trx
        .updateTable('payment_orders')
        .set({ status: 'failed' })
        .where('order_id', '=', order.order_id)
        .where('status', '=', 'pending')
        .execute();
      if (subscription) await this.tellChargeFailed(trx, order, event);
      return 'failed';
    }
    if (!isSuccess(event, this.deps.liqpay.mode === 'sandbox')) return 'waiting';
    if (!event.paymentId) return 'unreadable';
    // A charge credits exactly what was ordered (for a subscription, its monthly amount), in UAH;
    // anything else, an absent or absurd amount included, is kept for an admin to reconcile.
    if (event.currency !== 'UAH') return 'wrong_currency';
    if (event.amountKop !== order.amount_kop) return 'wrong_amount';

    if (subscription) {
      // Charges after the cancellation are not ours to count; an earlier one arriving late is.
      if (order.status === 'unsubscribed' && order.unsubscribed_at !== null && event.endDate > order.unsubscribed_at) {
        return 'after_unsubscribe';
      }
      // A charge proves the subscription, whichever callback came first.
      await this.markSubscribed(trx, order, event.endDate);
    } else {
      // A one-off order is paid once, whatever the provider sends: the conditional update takes
      // the row's lock (PostgreSQL) or runs alone (SQLite), so of concurrent successes only one
      // moves it. A replay of that charge is a duplicate; another charge is for a person to refund.
      const paid = await trx
        .updateTable('payment_orders')
        .set({ status: 'paid' })
        .where('order_id', '=', order.order_id)
        .where('status', 'in', ['pending', 'failed'])
        .executeTakeFirst();
      if (Number(paid.numUpdatedRows) === 0) {
        const known = await trx
          .selectFrom('payments')
          .select('id')
          .where('payment_id', '=', event.paymentId)
          .executeTakeFirst();
        return known ? 'duplicate' : 'already_paid';
      }
    }
    const amountKop = order.amount_kop;
    const inserted = await trx
      .insertInto('payments')
      .values({
        id: randomUUID(),
        payment_id: event.paymentId,
        order_id: order.order_id,
        user_id: order.user_id,
        action: subscription ? (event.action === 'regular' ? 'regular' : 'subscribe') : 'pay',
        amount_kop: amountKop,
        description: event.description || DONATION_DESCRIPTION,
        info: order.info,
        end_date: event.endDate,
        card_mask: event.cardMask,
        created_at: this.deps.clock.now(),
        reversed_at: null,
      })
      .onConflict((conflict) => conflict.column('payment_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    await addFootprint(trx, {
      userId: order.user_id,
      points: Math.round(uah(amountKop)),
      comment: subscription ? FOOTPRINT_MONTHLY : FOOTPRINT_ONCE,
      sourceKey: `payment:${event.paymentId}`,
      date: event.endDate,
    });
    // The receipt waits for a confirmed address (sendHeldReceipts sends it then).
    if (subscription && (await emailVerified(trx, order.user_id))) {
      await this.tellCharged(trx, order.user_id, { paymentId: event.paymentId, amountKop, at: event.endDate });
    }
    return 'applied';
  }

  /** A monthly charge's receipt, once per `payment_id` (its key). */
  private tellCharged(trx: Executor, userId: string, charge: { paymentId: string; amountKop: number; at: number }) {
    const amount = formatUah(uah(charge.amountKop));
    const when = formatLongDate(charge.at);
    return this.deps.notifications.notify(trx, {
      userId,
      category: 'payments',
      key: `payments:charged:${charge.paymentId}`,
      title: 'Щомісячний внесок отримано',
      body: `${amount}, ${when}. Дякуємо, що підтримуєте рух!`,
      link: '/uk/donat',
      email: {
        subject: `Щомісячний внесок ${amount} отримано`,
        paragraphs: [
          `Ми отримали ваш щомісячний внесок: ${amount}, ${when}.`,
          'Дякуємо, що підтримуєте рух! Керувати підпискою можна на сторінці підтримки.',
        ],
        action: 'Моя підтримка',
      },
    });
  }

  /**
   * The receipts held while the payer's address was unconfirmed, sent in the transaction that
   * confirms it: each monthly charge not refunded, once (a receipt already told is the same key).
   */
  async sendHeldReceipts(trx: Executor, userId: string): Promise<void> {
    const charges = await trx
      .selectFrom('payments')
      .select(['payment_id', 'amount_kop', 'end_date'])
      .where('user_id', '=', userId)
      .where('action', 'in', ['subscribe', 'regular'])
      .where('reversed_at', 'is', null)
      .orderBy('end_date')
      .execute();
    for (const c of charges) {
      await this.tellCharged(trx, userId, { paymentId: c.payment_id, amountKop: c.amount_kop, at: c.end_date });
    }
  }

  /** A declined first charge or a failed monthly one: the person may start again at /uk/donat. */
  private async tellChargeFailed(trx: Executor, order: PaymentOrdersTable, event: ProviderEvent): Promise<void> {
    const amount = formatUah(uah(order.amount_kop));
    await this.deps.notifications.notify(trx, {
      userId: order.user_id,
      category: 'payments',
      // One per failed attempt; a replayed callback of the same attempt is the same notification.
      key: `payments:failed:${order.order_id}:${event.paymentId || event.endDate}`,
      title: 'Не вдалося списати щомісячний внесок',
      body: `${amount}: внесок не списано. Можна оформити підтримку знову.`,
      link: '/uk/donat',
      email: {
        subject: 'Щомісячний внесок не списано',
        paragraphs: [
          `Щомісячний внесок ${amount} не списано (${formatLongDate(event.endDate)}).`,
          'Якщо підписка більше не діє, оформіть підтримку знову — це займе хвилину.',
        ],
        action: 'Оформити підтримку',
      },
    });
  }

  /**
   * The minute's reminders (NotificationService.addTickSource): three days before a running
   * subscription's next charge — the last charge (or the start) plus one calendar month, as the
   * subscription list shows it — its payer is told, once per charge.
   */
  async remindUpcomingCharges(now: number): Promise<number> {
    const { db } = this.deps;
    const orders = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('subscribe', '=', 1)
      .where('status', '=', 'subscribed')
      .execute();
    const last = await repo.lastChargeDates(
      db,
      orders.map((o) => o.order_id),
    );
    let told = 0;
    for (const order of orders) {
      const next = addMonth(last.get(order.order_id) ?? order.subscribed_at ?? order.created_at);
      if (now < next - UPCOMING_CHARGE_NOTICE_MS || now >= next) continue;
      const amount = formatUah(uah(order.amount_kop));
      const date = formatDate(next);
      const inserted = await db.transaction().execute((trx) =>
        this.deps.notifications.notify(trx, {
          userId: order.user_id,
          category: 'payments',
          key: `payments:due:${order.order_id}:${next}`,
          title: 'Незабаром щомісячний внесок',
          body: `${date} буде списано ${amount}.`,
          link: '/uk/donat',
          email: {
            subject: `${date} буде списано щомісячний внесок ${amount}`,
            paragraphs: [
              `Нагадуємо: ${date} з вашої картки буде списано щомісячний внесок ${amount}.`,
              'Змінити суму або скасувати підписку можна на сторінці підтримки.',
            ],
            action: 'Моя підтримка',
          },
          expiresAt: next,
        }),
      );
      if (inserted) told += 1;
    }
    return told;
  }

  private async markSubscribed(trx: Executor, order: PaymentOrdersTable, at: number): Promise<boolean> {
    const result = await trx
      .updateTable('payment_orders')
      .set({ status: 'subscribed', subscribed_at: at })
      .where('order_id', '=', order.order_id)
      .where('status', 'in', ['pending', 'failed'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private async markUnsubscribed(trx: Executor, orderId: string, at: number): Promise<boolean> {
    const result = await trx
      .updateTable('payment_orders')
      .set({ status: 'unsubscribed', unsubscribed_at: at })
      .where('order_id', '=', orderId)
      .where('status', '!=', 'unsubscribed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A refund: the charge counts for nothing from now on, and its footprint is taken back once. */
  private async reverse(trx: Executor, event: ProviderEvent): Promise<CallbackOutcome> {
    if (!event.paymentId) return 'unreadable';
    const payment = await trx
      .updateTable('payments')
      .set({ reversed_at: this.deps.clock.now() })
      .where('payment_id', '=', event.paymentId)
      .where('reversed_at', 'is', null)
      .returning(['user_id', 'amount_kop'])
      .executeTakeFirst();
    if (!payment) return 'duplicate';
    await addFootprint(trx, {
      userId: payment.user_id,
      points: -Math.round(uah(payment.amount_kop)),
      comment: 'Повернення внеску',
      sourceKey: `reversal:${event.paymentId}`,
      date: event.endDate,
    });
    return 'applied';
  }

  async paymentHistory(userId: string, query: repo.Range & Page): Promise<{ donats: Payment[]; totalPages: number }> {
    const { db } = this.deps;
    const base = repo.chargesOf(db, userId, query);
    const [{ n }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(PAYMENT_COLUMNS)
        .orderBy('end_date', 'desc')
        .orderBy('id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { donats: rows.map(paymentOf), totalPages: totalPages(Number(n), query.limit) };
  }

  async subscriptions(
    userId: string,
    query: repo.Range & Page,
  ): Promise<{ subscriptions: Subscription[]; totalPages: number }> {
    const { db } = this.deps;
    const base = repo.subscriptionsOf(db, userId, query);
    const [{ n }, orders] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('subscribed_at', 'desc')
        .orderBy('order_id')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    const last = await repo.lastChargeDates(
      db,
      orders.map((o) => o.order_id),
    );
    return {
      subscriptions: orders.map((order) => subscriptionOf(order, last.get(order.order_id) ?? null)),
      totalPages: totalPages(Number(n), query.limit),
    };
  }

  async subscription(userId: string, orderId: string): Promise<SubscriptionDetail> {
    const { db } = this.deps;
    const order = await repo.findOrder(db, orderId);
    if (!order || order.user_id !== userId || order.subscribe !== 1 || order.status === 'pending') {
      throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    }
    const charges = await repo
      .chargesOf(db, userId, {}, orderId)
      .selectAll()
      .orderBy('end_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { ...subscriptionOf(order, charges[0]?.end_date ?? null), charges: charges.map(paymentOf) };
  }

  /** Cancels at the provider first; only its confirmation marks the subscription cancelled. */
  async unsubscribe(userId: string, orderId: string): Promise<{ orderId: string; message: string }> {
    const { db, liqpay, log, clock } = this.deps;
    const order = await repo.findOrder(db, orderId);
    if (!order || order.user_id !== userId || order.subscribe !== 1 || order.status === 'pending') {
      throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    }
    if (order.status === 'unsubscribed') throw new AppError(409, PAYMENT_MESSAGES.alreadyCancelled);
    let answer: Record<string, unknown>;
    try {
      answer = await liqpayRequest(liqpay.signer, liqpay.apiUrl, { action: 'unsubscribe', order_id: orderId });
    } catch (error) {
      log.error({ err: error, orderId }, 'liqpay unsubscribe request failed');
      throw new AppError(502, PAYMENT_MESSAGES.providerFailed);
    }
    // Already not subscribed at the provider: nothing will be charged, so it is cancelled here too.
    const confirmed = answer.status === 'unsubscribed' || answer.err_code === 'payment_not_subscribed';
    if (!confirmed) {
      log.error(
        { orderId, answer: { result: answer.result, err_code: answer.err_code } },
        'liqpay refused unsubscribe',
      );
      throw new AppError(502, PAYMENT_MESSAGES.providerFailed);
    }
    await db.transaction().execute((trx) => this.markUnsubscribed(trx, orderId, clock.now()));
    return { orderId, message: PAYMENT_MESSAGES.cancelled };
  }

  /** The footprint ledger beside the payment history (the ledger is support's). */
  async footprint(userId: string, query: repo.Range & Page): Promise<{ mark: FootprintEntry[]; totalPages: number }> {
    return footprintHistory(this.deps.db, userId, query);
  }
}

/** What a payment history shows of a charge: reading every column made the page twice as slow. */
const PAYMENT_COLUMNS = ['id', 'amount_kop', 'end_date', 'description', 'info', 'action'] as const;

function paymentOf(row: Pick<PaymentsTable, (typeof PAYMENT_COLUMNS)[number]>): Payment {
  return {
    _id: row.id,
    amount: uah(row.amount_kop),
    date: row.end_date,
    description: row.description,
    info: row.info,
    action: row.action,
  };
}

function subscriptionOf(order: PaymentOrdersTable, lastPaymentDate: number | null): Subscription {
  const isUnsubscribe = order.status === 'unsubscribed';
  const started = order.subscribed_at ?? order.created_at;
  return {
    _id: order.order_id,
    data: {
      order_id: order.order_id,
      amount: uah(order.amount_kop),
      end_date: started,
      description: DONATION_DESCRIPTION,
      info: order.info,
    },
    objSub: {
      lastPaymentDate,
      nextPaymentDate: isUnsubscribe ? null : addMonth(lastPaymentDate ?? started),
      isUnsubscribe,
    },
  };
}
