import { z } from 'zod';
import { emptyToUndefined, liberal, pageQuerySchema, requiredText, singleLine, spellings } from './common.js';
import { BASE_AMOUNT_SUPPORT, MAX_DONATION_UAH, MIN_DONATION_UAH } from './constants.js';

/** The donor's comment, sent to the provider as `info`. */
export const DONATION_COMMENT_MAX = 30;
/** What every payment is, as the provider shows it (docs/domain.md «Donations and subscriptions (LiqPay)»). */
export const DONATION_DESCRIPTION = 'Безповоротна благодійна допомога на статутну діяльність';

const amountMessage = `Сума: ціле число гривень, кратне ${BASE_AMOUNT_SUPPORT}, від ${MIN_DONATION_UAH} до ${MAX_DONATION_UAH}`;

/** The one amount rule of a gift: a new donation's and a subscription's changed monthly amount. */
export const donationAmountSchema = z
  .number({ error: amountMessage })
  .int(amountMessage)
  .min(MIN_DONATION_UAH, amountMessage)
  .max(MAX_DONATION_UAH, amountMessage)
  .refine((n) => n % BASE_AMOUNT_SUPPORT === 0, amountMessage);

export const donationBodySchema = z
  .object({
    // Also "500", as a form's field holds it.
    amount: liberal(spellings.number, donationAmountSchema),
    comment: singleLine('Коментар')
      .max(DONATION_COMMENT_MAX, `Коментар: не більше ${DONATION_COMMENT_MAX} символів`)
      .optional(),
    subscribe: z.boolean({ error: 'Вид внеску: щомісячний чи разовий' }),
    offerAccepted: z.literal(true, { error: 'Публічна оферта: потрібна ваша згода' }),
  })
  .meta({ id: 'DonatBody' });
export type DonationBody = z.input<typeof donationBodySchema>;

export const checkoutSchema = z
  .object({ checkoutUrl: z.string(), data: z.string(), signature: z.string(), orderId: z.string() })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;

/**
 * A monthly order: pending → subscribed (→ paused) → unsubscribed, a resumed pause ending as the order
 * its checkout starts takes over; a one-off one: pending → paid | failed.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'subscribed', 'paused', 'unsubscribed'] as const;

/** Where an order stands, for the screen the payer returns to. */
export const orderStateSchema = z
  .object({
    orderId: z.string(),
    amount: z.number(),
    subscribe: z.boolean(),
    status: z.enum(ORDER_STATUSES),
  })
  .meta({ id: 'OrderState' });
export type OrderState = z.infer<typeof orderStateSchema>;

// `start=null` (or empty) is an open end, like no `start` at all.
const instant = (label: string) =>
  liberal(
    spellings.absent,
    z.coerce
      .number({ error: `${label}: має бути числом (мс)` })
      .int()
      .nonnegative()
      .optional(),
  );

/** History lists: a Kyiv day range (ms, inclusive; either end may be left open) and a page. */
export const historyQuerySchema = pageQuerySchema.extend({ start: instant('start'), end: instant('end') });
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const paymentSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  date: z.number(),
  description: z.string(),
  info: z.string(),
  /** `pay` for a one-off payment, `regular` (or `subscribe`, the first) for a monthly charge. */
  action: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = z
  .object({ donats: z.array(paymentSchema), totalPages: z.number().int() })
  .meta({ id: 'Donats' });

export const subscriptionSchema = z
  .object({
    _id: z.string(),
    data: z.object({
      order_id: z.string(),
      amount: z.number(),
      /** When the subscription started. */
      end_date: z.number(),
      description: z.string(),
      info: z.string(),
    }),
    objSub: z.object({
      lastPaymentDate: z.number().nullable(),
      /** The last charge + 1 month (same day); a paused one's resume date; null once cancelled, and while a failed charge is retried. */
      nextPaymentDate: z.number().nullable(),
      isUnsubscribe: z.boolean(),
      /** `active`, `paused` (until `pausedUntil`) or `cancelled`. */
      status: z.enum(['active', 'paused', 'cancelled']),
      pausedUntil: z.number().nullable(),
      /** The paused subscription this one resumed; the one that resumed this paused one. */
      resumes: z.string().nullable(),
      resumedAs: z.string().nullable(),
      /**
       * When its current run of failed charges began (null: none since the last success). Running,
       * the provider is still retrying; cancelled, it may be restarted (`restartable`).
       */
      chargeFailedAt: z.number().nullable(),
      /** It ended after a failed charge (or its first charge was declined): one click starts it again. */
      restartable: z.boolean(),
    }),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionsSchema = z
  .object({ subscriptions: z.array(subscriptionSchema), totalPages: z.number().int() })
  .meta({ id: 'Subscriptions' });
/** What happened to a subscription, newest first: amounts in UAH, `until` a pause's resume date. */
export const subscriptionEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(['amount_changed', 'paused', 'resumed', 'cancelled']),
  at: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  until: z.number().nullable(),
  /** A resumed pause: the order that continues it. */
  orderId: z.string().nullable(),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;
export const subscriptionDetailSchema = subscriptionSchema
  .extend({ charges: z.array(paymentSchema), events: z.array(subscriptionEventSchema) })
  .meta({ id: 'SubscriptionDetail' });
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/**
 * LiqPay retries a failed monthly charge up to three times within 72 hours (liqpay.md); an hour
 * more lets the last retry's callback arrive. Until then nobody is asked to start again.
 */
export const CHARGE_RETRY_WINDOW_MS = 73 * 60 * 60 * 1000;

/** A restart's checkout: a new subscription with the old one's amount and comment, to confirm at the provider. */
export const restartCheckoutSchema = checkoutSchema
  .extend({ amount: z.number(), comment: z.string(), restartOf: z.string() })
  .meta({ id: 'RestartCheckout' });
export type RestartCheckout = z.infer<typeof restartCheckoutSchema>;

export const unsubscribeBodySchema = z.object({ orderId: requiredText('Підписка').min(1).max(255) });
export const unsubscribeResultSchema = z.object({ orderId: z.string(), message: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** `PATCH /api/payments/subscriptions/{id}`: the new monthly amount, by a new donation's rule. */
export const subscriptionAmountBodySchema = z
  .object({ amount: donationAmountSchema })
  .meta({ id: 'SubscriptionAmount' });
export type SubscriptionAmountBody = z.infer<typeof subscriptionAmountBodySchema>;
/** How long a pause may be, in months. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
const pauseMessage = 'Пауза: 1, 2 або 3 місяці';
export const subscriptionPauseBodySchema = z
  .object({
    months: z.literal(PAUSE_MONTHS, { error: pauseMessage }),
  })
  .meta({ id: 'SubscriptionPause' });
export type SubscriptionPauseBody = z.infer<typeof subscriptionPauseBodySchema>;
/** A change, a pause: the subscription as it now stands, and what to tell the donor. */
export const subscriptionChangeSchema = z
  .object({ subscription: subscriptionSchema, message: z.string() })
  .meta({ id: 'SubscriptionChange' });
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

export const footprintEntrySchema = z.object({
  _id: z.string(),
  date: z.number(),
  points: z.number(),
  comment: z.string(),
  finalValue: z.number(),
});
export type FootprintEntry = z.infer<typeof footprintEntrySchema>;
export const footprintListSchema = z
  .object({ mark: z.array(footprintEntrySchema), totalPages: z.number().int() })
  .meta({ id: 'MarkHistory' });

export const PAYMENT_MESSAGES = {
  orderNotFound: 'Замовлення не знайдено',
  subscriptionNotFound: 'Підписку не знайдено',
  alreadyCancelled: 'Цю підписку вже скасовано',
  cancelled: 'Підписку скасовано. Дякуємо, що підтримували рух!',
  providerFailed: 'Платіжний сервіс зараз не відповідає. Спробуйте пізніше.',
  providerRefusedAmount:
    'Платіжний сервіс не змінив суму підписки. Сума лишається тією ж; спробуйте пізніше або напишіть нам.',
  providerRefusedPause: 'Платіжний сервіс не призупинив підписку. Вона діє, як і раніше; спробуйте пізніше.',
  amountChanged: 'Суму змінено. Наступне списання — з новою сумою.',
  paused: 'Підписку призупинено. До дати відновлення нічого не списуватиметься.',
  notPaused: 'Ця підписка не на паузі.',
  changeBusy: 'Попередня зміна підписки ще виконується. Спробуйте за хвилину.',
  tooManyChanges: 'Забагато змін підписки. Спробуйте пізніше.',
  badSignature: 'Неправильний підпис',
  notRestartable: 'Цю підписку не потрібно відновлювати: відновити можна ту, внесок за якою не вдалося списати.',
  stillRetrying: (until: string) =>
    `LiqPay ще намагається списати внесок — до ${until}. Якщо не вийде, ми надішлемо посилання, щоб відновити підписку.`,
  alreadyRestarted: 'Цю підписку вже відновлено.',
} as const;

// ─── Console (`/api/admin/payments`, `/api/admin/subscriptions`, unmatched callbacks) ────────────

const payer = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const adminPaymentSchema = z.object({
  _id: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  user: payer,
  /** `pay`, `subscribe` (a subscription's first charge) or `regular`. */
  action: z.string(),
  amount: z.number(),
  date: z.number(),
  info: z.string(),
  cardMask: z.string(),
  /** When the provider reported the charge refunded. */
  reversedAt: z.number().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsQuerySchema = historyQuerySchema.extend({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentsSchema = z
  .object({ payments: z.array(adminPaymentSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminPayments' });
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;

export const monthTotalSchema = z.object({
  /** `yyyy-mm`, a Kyiv calendar month. */
  month: z.string(),
  count: z.number().int(),
  /** UAH of the charges that stand (refunds taken out). */
  amount: z.number(),
  refunded: z.number(),
  donors: z.number().int(),
});
export type MonthTotal = z.infer<typeof monthTotalSchema>;
export const monthTotalsSchema = z.object({ months: z.array(monthTotalSchema) }).meta({ id: 'PaymentMonthTotals' });
export type MonthTotals = z.infer<typeof monthTotalsSchema>;

export const adminSubscriptionSchema = z.object({
  orderId: z.string(),
  user: payer,
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.number(),
  subscribedAt: z.number().nullable(),
  unsubscribedAt: z.number().nullable(),
  charges: z.number().int(),
  lastChargeAt: z.number().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(emptyToUndefined, z.enum(['subscribed', 'paused', 'unsubscribed']).optional()),
});
export const adminSubscriptionsSchema = z
  .object({ subscriptions: z.array(adminSubscriptionSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminSubscriptions' });
export type AdminSubscriptions = z.infer<typeof adminSubscriptionsSchema>;

/**
 * Verified callbacks that moved nothing: unknown order, wrong currency or amount, a second charge
 * of a one-off order that was already paid, unreadable, after cancelling.
 */
export const UNMATCHED_OUTCOMES = [
  'unknown_order',
  'wrong_currency',
  'wrong_amount',
  'already_paid',
  'unreadable',
  'after_unsubscribe',
] as const;
export const unmatchedCallbackSchema = z.object({
  _id: z.string(),
  receivedAt: z.number(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  action: z.string().nullable(),
  status: z.string().nullable(),
  outcome: z.string(),
  /** The decoded `data`, for reconciliation by hand. */
  data: z.string(),
});
export type UnmatchedCallback = z.infer<typeof unmatchedCallbackSchema>;
export const unmatchedCallbacksSchema = z
  .object({ callbacks: z.array(unmatchedCallbackSchema), totalPages: z.number().int() })
  .meta({ id: 'UnmatchedCallbacks' });
export type UnmatchedCallbacks = z.infer<typeof unmatchedCallbacksSchema>;
