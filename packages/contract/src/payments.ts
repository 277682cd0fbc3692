import { z } from 'zod';
import { requiredText, singleLine } from './common.js';
import { BASE_AMOUNT_SUPPORT, MAX_DONATION_UAH, MIN_DONATION_UAH } from './constants.js';
import { pageQuerySchema } from './exercises.js';

/** The donor's comment, sent to the provider as `info`. */
export const DONATION_COMMENT_MAX = 30;
/** What every payment is, as the provider shows it (DOMAIN.md). */
export const DONATION_DESCRIPTION = 'Безповоротна благодійна допомога на статутну діяльність';

const amountMessage = `Сума: ціле число гривень, кратне ${BASE_AMOUNT_SUPPORT}, від ${MIN_DONATION_UAH} до ${MAX_DONATION_UAH}`;

export const donatBodySchema = z
  .object({
    amount: z
      .number({ error: amountMessage })
      .int(amountMessage)
      .min(MIN_DONATION_UAH, amountMessage)
      .max(MAX_DONATION_UAH, amountMessage)
      .refine((n) => n % BASE_AMOUNT_SUPPORT === 0, amountMessage),
    comment: singleLine('Коментар')
      .max(DONATION_COMMENT_MAX, `Коментар: не більше ${DONATION_COMMENT_MAX} символів`)
      .optional(),
    subscribe: z.boolean({ error: 'Вид внеску: щомісячний чи разовий' }),
    offerAccepted: z.literal(true, { error: 'Публічна оферта: потрібна ваша згода' }),
  })
  .meta({ id: 'DonatBody' });
export type DonatBody = z.input<typeof donatBodySchema>;

export const checkoutSchema = z
  .object({ checkoutUrl: z.string(), data: z.string(), signature: z.string(), orderId: z.string() })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;

/** Where an order stands, for the screen the payer returns to. */
export const orderStateSchema = z
  .object({
    orderId: z.string(),
    amount: z.number(),
    subscribe: z.boolean(),
    status: z.enum(['pending', 'paid', 'failed', 'subscribed', 'unsubscribed']),
  })
  .meta({ id: 'OrderState' });
export type OrderState = z.infer<typeof orderStateSchema>;

const instant = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${label}: має бути числом (мс)` })
      .int()
      .nonnegative()
      .optional(),
  );

/** History lists: a Kyiv day range (ms, inclusive; either end may be left open) and a page. */
export const historyQuerySchema = pageQuerySchema.extend({ start: instant('start'), end: instant('end') });
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const donatSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  date: z.number(),
  description: z.string(),
  info: z.string(),
  /** `pay` for a one-off payment, `regular` (or `subscribe`, the first) for a monthly charge. */
  action: z.string(),
});
export type Donat = z.infer<typeof donatSchema>;
export const donatsSchema = z
  .object({ donats: z.array(donatSchema), totalPages: z.number().int() })
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
      /** The last charge + 1 month (same day); null once cancelled. */
      nextPaymentDate: z.number().nullable(),
      isUnsubscribe: z.boolean(),
    }),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionsSchema = z
  .object({ subscriptions: z.array(subscriptionSchema), totalPages: z.number().int() })
  .meta({ id: 'Subscriptions' });
export const subscriptionDetailSchema = subscriptionSchema
  .extend({ charges: z.array(donatSchema) })
  .meta({ id: 'SubscriptionDetail' });
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

export const unsubscribeBodySchema = z.object({ orderId: requiredText('Підписка').min(1).max(255) });
export const unsubscribeResultSchema = z.object({ orderId: z.string(), message: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const markEntrySchema = z.object({
  _id: z.string(),
  date: z.number(),
  points: z.number(),
  comment: z.string(),
  finalValue: z.number(),
});
export type MarkEntry = z.infer<typeof markEntrySchema>;
export const markListSchema = z
  .object({ mark: z.array(markEntrySchema), totalPages: z.number().int() })
  .meta({ id: 'MarkHistory' });

export const PAYMENT_MESSAGES = {
  orderNotFound: 'Замовлення не знайдено',
  subscriptionNotFound: 'Підписку не знайдено',
  alreadyCancelled: 'Цю підписку вже скасовано',
  cancelled: 'Підписку скасовано. Дякуємо, що підтримували рух!',
  providerFailed: 'Платіжний сервіс зараз не відповідає. Спробуйте пізніше.',
  badSignature: 'Невірний підпис',
} as const;
