import { randomUUID } from 'node:crypto';
import {
  addMonth,
  CHARGE_RETRY_WINDOW_MS,
  type Checkout,
  DONATION_DESCRIPTION,
  type donationBodySchema,
  type FootprintEntry,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatUah,
  type OrderState,
  PAYMENT_MESSAGES,
  type Payment,
  type RestartCheckout,
  type Subscription,
  type SubscriptionDetail,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import { pageWithTotal } from '../../infra/db/paging.js';
import type { PaymentOrdersTable, PaymentsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { type LiqPayParams, LiqPaySigner, liqpayRequest, liqpayUtcDate } from '../../infra/liqpay/index.js';
import { nulAt } from '../../infra/nul.js';
import type { AttemptCounter } from '../../infra/rate-limit.js';
import { emailVerified } from '../auth/index.js';
import type { NotificationService } from '../notifications/index.js';
import { addFootprint, footprintHistory } from '../support/index.js';
import { isFailure, isSuccess, type ProviderEvent, readProviderEvent } from './callbacks.js';
import { RECEIPT_ATTACHMENT } from './documents.js';
import * as repo from './repo.js';
import { PAUSE_TIER_GRACE_MS, SubscriptionChanges } from './subscription-changes.js';

type OrderRow = Selectable<PaymentOrdersTable>;

/** A restart lost the race for its old order to a concurrent one: that one's order is the answer. */
class RestartRaceLost extends Error {}

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
  /** A donor's changes to their subscription: amount, pause, resume (subscription-changes.ts). */
  readonly changes: SubscriptionChanges;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      liqpay: PaymentsConfig;
      log: FastifyBaseLogger;
      notifications: NotificationService;
      /** Subscription changes per donor (SUBSCRIPTION_CHANGES_PER_HOUR). */
      changeLimiter?: AttemptCounter;
    },
  ) {
    this.changes = new SubscriptionChanges({
      ...deps,
      limiter: deps.changeLimiter,
      describe: (order) => this.describeSubscription(order),
      checkoutOf: (order) => this.checkoutOf(order),
    });
  }

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
        // A pause keeps the tier (docs/domain.md «Gratitudes»), until a while after its resume date.
        .where((eb) =>
          eb.or([
            eb('status', '=', 'subscribed'),
            eb.and([eb('status', '=', 'paused'), eb('resume_at', '>', this.deps.clock.now() - PAUSE_TIER_GRACE_MS)]),
          ]),
        )
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
  async checkout(
    userId: string,
    body: z.output<typeof donationBodySchema> & { comment?: string | undefined },
  ): Promise<Checkout> {
    const order = repo.pendingOrder({
      order_id: `${body.subscribe ? 'sub' : 'don'}-${randomUUID()}`,
      user_id: userId,
      subscribe: body.subscribe ? 1 : 0,
      amount_kop: body.amount * 100,
      info: body.comment?.trim() ?? '',
      created_at: this.deps.clock.now(),
    });
    await this.deps.db.insertInto('payment_orders').values(order).execute();
    return this.checkoutOf(order);
  }

  /**
   * The signed checkout form of a pending order. Made from the order alone (its start is its
   * creation), so the same order always gives the same form: a repeated restart or resume hands
   * back the checkout the first one made.
   */
  private checkoutOf(
    order: Pick<OrderRow, 'order_id' | 'user_id' | 'subscribe' | 'amount_kop' | 'info' | 'created_at'>,
  ): Checkout {
    const { liqpay } = this.deps;
    const orderId = order.order_id;
    const params: LiqPayParams = {
      action: order.subscribe === 1 ? 'subscribe' : 'pay',
      amount: uah(order.amount_kop),
      currency: 'UAH',
      description: DONATION_DESCRIPTION,
      order_id: orderId,
      result_url: `${liqpay.publicUrl}/uk/donat?order=${orderId}`,
      server_url: `${liqpay.publicUrl}/api/payments/process`,
      language: 'uk',
      customer: order.user_id,
      info: order.info,
      ...(order.subscribe === 1
        ? { subscribe: '1', subscribe_date_start: liqpayUtcDate(order.created_at), subscribe_periodicity: 'month' }
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
      // Our own pause's echo is no cancellation (subscription-changes.ts), whichever comes first.
      const paused = await this.changes.providerUnsubscribed(trx, order, event.endDate);
      if (paused !== null) return paused ? 'applied' : 'duplicate';
      if (!(await this.markUnsubscribed(trx, order.order_id, event.endDate))) return 'duplicate';
      // The provider ended a subscription whose charge kept failing: nothing more will be retried,
      // so a restart can no longer double a charge.
      if (order.charge_failed_at !== null) await this.tellEnded(trx, order, order.charge_failed_at);
      return 'applied';
    }
    if (event.status === 'reversed') return this.reverse(trx, event);
    if (isFailure(event)) return this.failed(trx, order, event);
    if (!isSuccess(event, this.deps.liqpay.mode === 'sandbox')) return 'waiting';
    if (!event.paymentId) return 'unreadable';
    // A charge credits exactly what was ordered (for a subscription, its monthly amount), in UAH;
    // anything else, an absent or absurd amount included, is kept for an admin to reconcile.
    if (event.currency !== 'UAH') return 'wrong_currency';
    // A subscription's charge carries the monthly amount in force when it was made.
    const amountKop = subscription ? await this.changes.chargeAmount(trx, order, event) : order.amount_kop;
    if (event.amountKop !== amountKop) return 'wrong_amount';

    if (subscription) {
      // Charges after the cancellation are not ours to count; an earlier one arriving late is.
      if (order.status === 'unsubscribed' && order.unsubscribed_at !== null && event.endDate > order.unsubscribed_at) {
        return 'after_unsubscribe';
      }
      // So are those during a pause, when nothing runs at the provider.
      if (order.status === 'paused' && order.paused_at !== null && event.endDate > order.paused_at) {
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
    // A charge that went through ends the run of failed ones (a retry succeeded).
    if (subscription) {
      await trx
        .updateTable('payment_orders')
        .set({ charge_failed_at: null })
        .where('order_id', '=', order.order_id)
        .where('charge_failed_at', '<=', event.endDate)
        .execute();
    }
    await addFootprint(trx, {
      userId: order.user_id,
      points: Math.round(uah(amountKop)),
      comment: subscription ? FOOTPRINT_MONTHLY : FOOTPRINT_ONCE,
      sourceKey: `payment:${event.paymentId}`,
      date: event.endDate,
    });
    // The receipt waits for a confirmed address (sendHeldReceipts sends it then).
    if (await emailVerified(trx, order.user_id)) {
      await this.tellCharged(trx, order.user_id, {
        paymentId: event.paymentId,
        amountKop,
        at: event.endDate,
        monthly: subscription,
      });
    }
    return 'applied';
  }

  /** A payment's thanks with its receipt, once per `payment_id` (its key): a one-off gift or a monthly charge. */
  private tellCharged(
    trx: Executor,
    userId: string,
    charge: { paymentId: string; amountKop: number; at: number; monthly: boolean },
  ) {
    const amount = formatUah(uah(charge.amountKop));
    const when = formatLongDate(charge.at);
    const kind = charge.monthly ? 'щомісячний внесок' : 'внесок';
    const Kind = charge.monthly ? 'Щомісячний внесок' : 'Внесок';
    return this.deps.notifications.notify(trx, {
      userId,
      category: 'payments',
      key: `payments:charged:${charge.paymentId}`,
      title: `${Kind} отримано`,
      body: `${amount}, ${when}. Дякуємо, що підтримуєте рух!`,
      link: '/uk/donat',
      email: {
        subject: `${Kind} ${amount} отримано`,
        paragraphs: [
          `Ми отримали ваш ${kind}: ${amount}, ${when}.`,
          'Квитанція про внесок — у вкладенні (PDF); її можна завантажити й в історії внесків.',
          charge.monthly
            ? 'Дякуємо, що підтримуєте рух! Керувати підпискою можна на сторінці підтримки.'
            : 'Дякуємо, що підтримуєте рух!',
        ],
        action: 'Моя підтримка',
        // Its PDF receipt, made when the mail is sent (PaymentDocuments.receiptAttachment).
        attachments: [{ kind: RECEIPT_ATTACHMENT, id: charge.paymentId }],
      },
    });
  }

  /**
   * The receipts held while the payer's address was unconfirmed, sent in the transaction that
   * confirms it: each payment not refunded, once (a receipt already told is the same key).
   */
  async sendHeldReceipts(trx: Executor, userId: string): Promise<void> {
    const charges = await trx
      .selectFrom('payments')
      .select(['payment_id', 'amount_kop', 'end_date', 'action'])
      .where('user_id', '=', userId)
      .where('reversed_at', 'is', null)
      .orderBy('end_date')
      .execute();
    for (const c of charges) {
      await this.tellCharged(trx, userId, {
        paymentId: c.payment_id,
        amountKop: c.amount_kop,
        at: c.end_date,
        monthly: c.action !== 'pay',
      });
    }
  }

  /**
   * A failure callback. A checkout that never went through fails its order (a declined one-off
   * or first charge). A failed charge of a running subscription starts a run of failures (kept
   * until a charge succeeds): the provider retries it, so the payer is told to wait, not to
   * start again — a new subscription beside a retry that succeeds would charge them twice.
   */
  private async failed(trx: Executor, order: OrderRow, event: ProviderEvent): Promise<CallbackOutcome> {
    const declined = await trx
      .updateTable('payment_orders')
      .set({ status: 'failed' })
      .where('order_id', '=', order.order_id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (order.subscribe !== 1) return 'failed';
    if (Number(declined.numUpdatedRows) > 0) {
      await this.tellCheckoutDeclined(trx, order);
      return 'failed';
    }
    if (order.status !== 'subscribed') return 'failed';
    // A late report of an attempt older than the last success starts nothing.
    const lastSuccess = (await repo.lastChargeDates(trx, [order.order_id])).get(order.order_id) ?? 0;
    if (event.endDate <= lastSuccess) return 'failed';
    await trx
      .updateTable('payment_orders')
      .set({ charge_failed_at: event.endDate })
      .where('order_id', '=', order.order_id)
      .where('status', '=', 'subscribed')
      .where('charge_failed_at', 'is', null)
      .execute();
    const run = await trx
      .selectFrom('payment_orders')
      .select('charge_failed_at')
      .where('order_id', '=', order.order_id)
      .executeTakeFirst();
    if (run?.charge_failed_at != null) await this.tellChargeFailed(trx, order, run.charge_failed_at);
    return 'failed';
  }

  /** A monthly checkout declined: its one-click restart (no subscription runs, so none can double). */
  private tellCheckoutDeclined(trx: Executor, order: OrderRow) {
    const amount = formatUah(uah(order.amount_kop));
    return this.deps.notifications.notify(trx, {
      userId: order.user_id,
      category: 'payments',
      key: `payments:declined:${order.order_id}`,
      title: 'Щомісячну підтримку не оформлено',
      body: `${amount} щомісяця: оплату не завершено. Оформити знову можна одним кліком.`,
      link: restartLink(order.order_id),
      email: {
        subject: 'Щомісячну підтримку не оформлено',
        paragraphs: [
          `Оплату щомісячного внеску ${amount} не завершено, тож підписка не діє.`,
          'Щоб оформити її знову з тією самою сумою й коментарем, натисніть кнопку нижче: залишиться лише підтвердити оплату.',
        ],
        action: 'Оформити знову',
      },
    });
  }

  /** The first failure of a run, told once per run: wait for the provider's retries. */
  private tellChargeFailed(trx: Executor, order: OrderRow, failedAt: number) {
    const amount = formatUah(uah(order.amount_kop));
    const until = formatDateTime(failedAt + CHARGE_RETRY_WINDOW_MS);
    return this.deps.notifications.notify(trx, {
      userId: order.user_id,
      category: 'payments',
      // One per run of failures: the provider's retries and a replayed callback add nothing.
      key: `payments:failed:${order.order_id}:${failedAt}`,
      title: 'Не вдалося списати щомісячний внесок',
      body: `${amount}: LiqPay спробує ще раз до ${until}. Нову підписку оформлювати не потрібно.`,
      link: '/uk/bonus/subscriptions',
      email: {
        subject: `Щомісячний внесок ${amount} не списано`,
        paragraphs: [
          `Щомісячний внесок ${amount} не вдалося списати (${formatLongDate(failedAt)}).`,
          `LiqPay спробує списати його ще раз до ${until}: якщо на картці достатньо коштів, нічого робити не потрібно.`,
          'Будь ласка, не оформлюйте поки нову підписку: внесок міг би списатися двічі. Якщо повторні спроби не вдадуться, ми надішлемо посилання, щоб відновити підписку одним кліком.',
        ],
        action: 'Мої підписки',
      },
    });
  }

  /** A subscription ended after its failed charge: the one-click restart, once per run. */
  private tellEnded(trx: Executor, order: OrderRow, failedAt: number) {
    const amount = formatUah(uah(order.amount_kop));
    return this.deps.notifications.notify(trx, {
      userId: order.user_id,
      category: 'payments',
      key: `payments:ended:${order.order_id}:${failedAt}`,
      title: 'Підписку зупинено: внесок не списано',
      body: `${amount} щомісяця. Відновіть підписку одним кліком — сума й коментар ті самі.`,
      link: restartLink(order.order_id),
      email: {
        subject: 'Підписку зупинено: щомісячний внесок не списано',
        paragraphs: [
          `Щомісячний внесок ${amount} не вдалося списати й після повторних спроб, тому підписку зупинено: більше з картки нічого не спишеться.`,
          'Відновити її можна одним кліком: сума й коментар ті самі, залишиться лише підтвердити оплату (можна іншою карткою).',
        ],
        action: 'Відновити підписку',
      },
    });
  }

  /**
   * The minute's sweep (a tick source): a subscription whose charge has kept failing past the
   * provider's retries is cancelled at the provider — whatever the provider does after its last
   * retry (unconfirmed), it then can never charge beside a restart — and its payer is offered the
   * restart. A provider that does not answer leaves it for the next minute.
   */
  async endFailedSubscriptions(now: number): Promise<number> {
    const orders = await this.deps.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('subscribe', '=', 1)
      .where('status', '=', 'subscribed')
      .where('charge_failed_at', '<=', now - CHARGE_RETRY_WINDOW_MS)
      .execute();
    let ended = 0;
    for (const order of orders) {
      try {
        if (await this.endFailed(order)) ended += 1;
      } catch (error) {
        this.deps.log.warn({ err: error, orderId: order.order_id }, 'failed subscription not ended yet');
      }
    }
    return ended;
  }

  /** Cancels a failing subscription at the provider, then here, telling its payer; false if already ended. */
  private async endFailed(order: OrderRow): Promise<boolean> {
    const failedAt = order.charge_failed_at;
    if (failedAt === null) return false;
    await this.cancelAtProvider(order.order_id);
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.markUnsubscribed(trx, order.order_id, this.deps.clock.now()))) return false;
      await this.tellEnded(trx, order, failedAt);
      return true;
    });
  }

  /**
   * The one-click restart after a failed charge (`/uk/donat/restart/<orderId>`): a new pending
   * subscription with the same amount and comment, and its signed checkout, where the payer only
   * confirms. Only for my own subscription that ended after a failed charge (or whose first
   * charge was declined); while the provider may still retry, refused. The old order points to
   * the new one: a repeated or concurrent restart hands back that same checkout, and once it is
   * paid, no second one is made. A restart whose checkout was declined may be restarted again.
   */
  async restart(userId: string, orderId: string): Promise<RestartCheckout> {
    const { db, clock } = this.deps;
    let first = await repo.findOrder(db, orderId);
    if (!first || first.user_id !== userId || first.subscribe !== 1) {
      throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    }
    // Another round after this one changed the chain (ended it, or lost a race to a concurrent restart).
    for (let round = 0; round < 5; round += 1) {
      if (round > 0) first = (await repo.findOrder(db, orderId)) ?? first;
      // The latest of this subscription's restarts: each claims only the one before it.
      const tail = await latestRestart(db, first);
      if (tail.status === 'pending' && tail !== first) return this.restartCheckoutOf(tail, orderId);
      if (tail.status === 'subscribed' && tail.charge_failed_at !== null) {
        const retriesEnd = tail.charge_failed_at + CHARGE_RETRY_WINDOW_MS;
        if (clock.now() < retriesEnd) {
          throw new AppError(409, PAYMENT_MESSAGES.stillRetrying(formatDateTime(retriesEnd)));
        }
        // The retries are over and the minute's sweep has not ended it yet: ended here, first at the provider.
        await this.endFailed(tail);
        continue;
      }
      if (!isRestartable(tail)) {
        throw new AppError(409, tail === first ? PAYMENT_MESSAGES.notRestartable : PAYMENT_MESSAGES.alreadyRestarted);
      }
      const claimed = await this.claimRestart(tail).catch((error: unknown) => {
        if (error instanceof RestartRaceLost) return null;
        throw error;
      });
      if (claimed) return this.restartCheckoutOf(claimed, orderId);
    }
    throw new AppError(409, PAYMENT_MESSAGES.alreadyRestarted);
  }

  /** A new pending order in `old`'s place, claimed on it: of concurrent claims one wins, the others roll back. */
  private claimRestart(old: OrderRow): Promise<OrderRow> {
    const order = repo.pendingOrder({
      order_id: `sub-${randomUUID()}`,
      user_id: old.user_id,
      subscribe: 1,
      amount_kop: old.amount_kop,
      info: old.info,
      // The restart continues the support agreed to with the first order: no new offer is shown.
      offer_accepted_at: old.offer_accepted_at,
      created_at: this.deps.clock.now(),
    });
    return this.deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('payment_orders').values(order).execute();
      const swapped = await trx
        .updateTable('payment_orders')
        .set({ restarted_to: order.order_id })
        .where('order_id', '=', old.order_id)
        .where('restarted_to', 'is', null)
        .executeTakeFirst();
      if (Number(swapped.numUpdatedRows) === 0) throw new RestartRaceLost();
      return order;
    });
  }

  private restartCheckoutOf(order: OrderRow, restartOf: string): RestartCheckout {
    return { ...this.checkoutOf(order), amount: uah(order.amount_kop), comment: order.info, restartOf };
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
      // A failing charge is being retried (or the subscription is about to end): no «in three days».
      .where('charge_failed_at', 'is', null)
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

  private async markSubscribed(trx: Executor, order: OrderRow, at: number): Promise<boolean> {
    const result = await trx
      .updateTable('payment_orders')
      .set({ status: 'subscribed', subscribed_at: at })
      .where('order_id', '=', order.order_id)
      .where('status', 'in', ['pending', 'failed'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await this.changes.started(trx, order, at);
    return true;
  }

  private async markUnsubscribed(trx: Executor, orderId: string, at: number): Promise<boolean> {
    const result = await trx
      .updateTable('payment_orders')
      .set({ status: 'unsubscribed', unsubscribed_at: at })
      .where('order_id', '=', orderId)
      .where('status', '!=', 'unsubscribed')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await this.changes.cancelled(trx, orderId, at);
    return true;
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
    const offset = (query.page - 1) * query.limit;
    const { rows, total } = await pageWithTotal(
      await base
        .select([...PAYMENT_COLUMNS, (eb) => eb.fn.countAll<number>().over().as('total')])
        .orderBy('end_date', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(query.limit)
        .execute(),
      offset,
      async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
    return { donats: rows.map(paymentOf), totalPages: totalPages(total, query.limit) };
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
    const ids = orders.map((o) => o.order_id);
    const [last, resumed] = await Promise.all([repo.lastChargeDates(db, ids), this.changes.resumedAs(db, ids)]);
    return {
      subscriptions: await Promise.all(
        orders.map(async (order) =>
          subscriptionOf(
            order,
            last.get(order.order_id) ?? null,
            resumed.get(order.order_id) ?? null,
            await canRestart(db, order),
          ),
        ),
      ),
      totalPages: totalPages(Number(n), query.limit),
    };
  }

  /** One subscription as the list shows it. */
  private async describeSubscription(order: PaymentOrdersTable): Promise<Subscription> {
    const { db } = this.deps;
    const [last, resumed] = await Promise.all([
      repo.lastChargeDates(db, [order.order_id]),
      this.changes.resumedAs(db, [order.order_id]),
    ]);
    return subscriptionOf(
      order,
      last.get(order.order_id) ?? null,
      resumed.get(order.order_id) ?? null,
      await canRestart(db, order),
    );
  }

  async subscription(userId: string, orderId: string): Promise<SubscriptionDetail> {
    const { db } = this.deps;
    const order = await repo.findOwnSubscription(db, userId, orderId);
    if (!order) throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    const [charges, events, resumed] = await Promise.all([
      repo.chargesOf(db, userId, {}, orderId).selectAll().orderBy('end_date', 'desc').orderBy('id', 'desc').execute(),
      this.changes.events(orderId),
      this.changes.resumedAs(db, [orderId]),
    ]);
    return {
      ...subscriptionOf(order, charges[0]?.end_date ?? null, resumed.get(orderId) ?? null, await canRestart(db, order)),
      charges: charges.map(paymentOf),
      events,
    };
  }

  /** Cancels at the provider first; only its confirmation marks the subscription cancelled. */
  async unsubscribe(userId: string, orderId: string): Promise<{ orderId: string; message: string }> {
    const { db, clock } = this.deps;
    const order = await repo.findOwnSubscription(db, userId, orderId);
    if (!order) throw new AppError(404, PAYMENT_MESSAGES.subscriptionNotFound);
    if (order.status === 'unsubscribed') throw new AppError(409, PAYMENT_MESSAGES.alreadyCancelled);
    // A paused one runs nowhere but here (the pause cancelled it at the provider).
    if (order.status !== 'paused') await this.cancelAtProvider(orderId);
    await db.transaction().execute((trx) => this.markUnsubscribed(trx, orderId, clock.now()));
    return { orderId, message: PAYMENT_MESSAGES.cancelled };
  }

  /** `unsubscribe` at the provider; only its confirmation (or «not subscribed») returns, else 502. */
  private async cancelAtProvider(orderId: string): Promise<void> {
    const { liqpay, log } = this.deps;
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

/** `/uk/donat/restart/<orderId>`: the one-click restart a notice links to. */
const restartLink = (orderId: string) => `/uk/donat/restart/${encodeURIComponent(orderId)}`;

/** Ended after a failed charge, or its first charge declined: what a restart may start again. */
function isRestartable(order: OrderRow): boolean {
  return order.status === 'failed' || (order.status === 'unsubscribed' && order.charge_failed_at !== null);
}

/** The last order of a subscription's chain of restarts (itself when never restarted). */
async function latestRestart(db: Executor, order: OrderRow): Promise<OrderRow> {
  let tail = order;
  while (tail.restarted_to !== null) {
    const next = await repo.findOrder(db, tail.restarted_to);
    if (!next || next.user_id !== order.user_id) break;
    tail = next;
  }
  return tail;
}

/** Whether `restart` would start it again (rather than refuse): the list offers «Відновити» then. */
async function canRestart(db: Executor, order: OrderRow): Promise<boolean> {
  if (!isRestartable(order)) return false;
  const tail = await latestRestart(db, order);
  return tail === order || tail.status === 'pending' || isRestartable(tail);
}

function subscriptionOf(
  order: OrderRow,
  lastPaymentDate: number | null,
  resumedAs: string | null,
  restartable: boolean,
): Subscription {
  const isUnsubscribe = order.status === 'unsubscribed';
  const paused = order.status === 'paused';
  const failing = !isUnsubscribe && order.charge_failed_at !== null;
  const started = order.subscribed_at ?? order.created_at;
  // Cancelled, or a failed charge still retried: no date to promise.
  const next = isUnsubscribe || failing ? null : paused ? order.resume_at : addMonth(lastPaymentDate ?? started);
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
      nextPaymentDate: next,
      isUnsubscribe,
      status: isUnsubscribe ? 'cancelled' : paused ? 'paused' : 'active',
      pausedUntil: paused ? order.resume_at : null,
      resumes: order.resumes_order_id,
      resumedAs,
      chargeFailedAt: order.charge_failed_at,
      restartable,
    },
  };
}
