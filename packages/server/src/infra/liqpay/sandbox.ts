import { randomInt } from 'node:crypto';
import { formatUah } from '@yedyni/contract';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { AppError } from '../errors.js';
import { nulAt } from '../nul.js';
import { type LiqPayParams, LiqPaySigner } from './index.js';

/** Where the sandbox lives on our own origin; its paths mirror the provider's. */
export const SANDBOX_PREFIX = '/sandbox/liqpay';

const REFUSED = 'Пісочниця LiqPay: форму підписано неправильно';

interface SandboxDeps {
  db: Db;
  clock: Clock;
  /** Signs with the same keys the server verifies with, as the real provider does. */
  signer: LiqPaySigner;
  /** Callbacks and returns only go back to this origin: the sandbox is no open relay. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The built-in stand-in for LiqPay (`LIQPAY_MODE=sandbox`): a checkout page that takes the same
 * signed form, callbacks signed like the provider's posted to `server_url`, the server-to-server
 * `unsubscribe`/`subscribe_update`/`status` calls, and the monthly charge an operator triggers by hand.
 * No money moves; everything else speaks the provider's protocol.
 */
/** LiqPay retries a failed monthly charge this many times (liqpay.md). */
export const SANDBOX_CHARGE_RETRIES = 3;

/** LiqPay takes an order_id of at most 255 characters. */
const ORDER_ID_MAX = 255;

export class LiqPaySandbox {
  constructor(private readonly deps: SandboxDeps) {}

  /** The parameters of a form it signed itself, or 400. */
  private open(form: { data?: unknown; signature?: unknown }): Record<string, unknown> {
    const { data, signature } = form;
    if (typeof data !== 'string' || typeof signature !== 'string' || !this.deps.signer.verify(data, signature)) {
      throw new AppError(400, REFUSED);
    }
    const params = LiqPaySigner.decode(data);
    if (!params || nulAt(params) !== null) throw new AppError(400, REFUSED);
    return params;
  }

  private ours(url: unknown): string {
    if (typeof url !== 'string' || !url.startsWith(`${this.deps.publicUrl}/`)) {
      throw new AppError(400, 'Пісочниця LiqPay: адреса повернення має бути на цьому сайті');
    }
    return url;
  }

  checkoutPage(form: { data?: unknown; signature?: unknown }): string {
    const params = this.open(form);
    this.ours(params.result_url);
    this.ours(params.server_url);
    return checkoutHtml(params, form as { data: string; signature: string });
  }

  /**
   * «Сплатити» or «Відмовитись»: the callbacks go out, then the payer is sent back. Like the
   * provider, it acts on an order once: the first submission claims it (a unique key, so two at
   * the same moment cannot both win); a repeat only sends the payer back to the result.
   */
  async complete(form: { data?: unknown; signature?: unknown; choice?: unknown }): Promise<string> {
    const params = this.open(form);
    const resultUrl = this.ours(params.result_url);
    this.ours(params.server_url);
    const orderId = params.order_id;
    // The provider's own bound on order_id; a longer one would not even fit the claim's index.
    if (typeof orderId !== 'string' || orderId.length < 1 || orderId.length > ORDER_ID_MAX) {
      throw new AppError(400, `Пісочниця LiqPay: order_id має бути рядком від 1 до ${ORDER_ID_MAX} символів`);
    }
    const subscribe = params.action === 'subscribe';
    const claimed = await this.deps.db
      .insertInto('liqpay_sandbox_checkouts')
      .values({
        order_id: orderId,
        choice: form.choice === 'pay' ? 'pay' : 'decline',
        completed_at: this.deps.clock.now(),
      })
      .onConflict((c) => c.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!claimed) return resultUrl;
    if (form.choice !== 'pay') {
      await this.callback(params, { action: String(params.action), status: 'failure', err_code: 'cancel' });
      return resultUrl;
    }
    if (subscribe) {
      await this.deps.db
        .insertInto('liqpay_sandbox_subscriptions')
        .values({ order_id: orderId, params: JSON.stringify(params), charges: 1, unsubscribed_at: null })
        .onConflict((c) => c.column('order_id').doNothing())
        .execute();
      await this.callback(params, { action: 'subscribe', status: 'subscribed' });
      await this.callback(params, { action: 'subscribe', status: 'success', payment_id: paymentId() });
    } else {
      await this.callback(params, { action: 'pay', status: 'success', payment_id: paymentId() });
    }
    return resultUrl;
  }

  /** The next monthly charge of a sandbox subscription (the operator's `npm run sandbox -- charge`). */
  async chargeNext(orderId: string): Promise<{ paymentId: string; charge: number }> {
    const row = await this.subscriptionRow(orderId);
    const params = JSON.parse(row.params) as Record<string, unknown>;
    const id = paymentId();
    await this.callback(params, { action: 'regular', status: 'success', payment_id: id });
    await this.deps.db
      .updateTable('liqpay_sandbox_subscriptions')
      .set({ charges: row.charges + 1, failures: 0 })
      .where('order_id', '=', orderId)
      .execute();
    return { paymentId: id, charge: row.charges + 1 };
  }

  /**
   * A failed attempt at the next monthly charge (`npm run sandbox -- fail`): a `regular` callback
   * with status `failure` and the provider's `err_code`/`err_description` (a card over its limit,
   * as LiqPay's test card 4000000000000002 fails). Like the provider, it retries a failed charge
   * three times: the fourth failure in a row is the last, after which it ends the subscription
   * and reports `unsubscribed`.
   */
  async failNext(orderId: string): Promise<{ paymentId: string; attempt: number; ended: boolean }> {
    const row = await this.subscriptionRow(orderId);
    const params = JSON.parse(row.params) as Record<string, unknown>;
    const id = paymentId();
    const attempt = row.failures + 1;
    await this.callback(params, {
      action: 'regular',
      status: 'failure',
      payment_id: id,
      err_code: 'limit',
      err_description: 'The limit for the amount or number of customer payments has been exceeded',
    });
    const ended = attempt > SANDBOX_CHARGE_RETRIES;
    await this.deps.db
      .updateTable('liqpay_sandbox_subscriptions')
      .set({ failures: attempt, ...(ended ? { unsubscribed_at: this.deps.clock.now() } : {}) })
      .where('order_id', '=', orderId)
      .execute();
    if (ended) await this.callback(params, { action: 'unsubscribe', status: 'unsubscribed' });
    return { paymentId: id, attempt, ended };
  }

  /** A running sandbox subscription, or the operator's clear refusal. */
  private async subscriptionRow(orderId: string) {
    const row = await this.deps.db
      .selectFrom('liqpay_sandbox_subscriptions')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `Пісочниця LiqPay: підписки ${orderId} немає`);
    if (row.unsubscribed_at !== null) throw new AppError(409, `Пісочниця LiqPay: підписку ${orderId} скасовано`);
    return row;
  }

  /** `POST /api/request`: unsubscribe, subscribe_update and status, answered in plain JSON like the provider. */
  async request(form: { data?: unknown; signature?: unknown }): Promise<Record<string, unknown>> {
    const params = this.open(form);
    const orderId = String(params.order_id ?? '');
    const row = await this.deps.db
      .selectFrom('liqpay_sandbox_subscriptions')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (params.action === 'unsubscribe') {
      if (!row || row.unsubscribed_at !== null) {
        return { result: 'error', status: 'error', err_code: 'payment_not_subscribed', order_id: orderId };
      }
      await this.deps.db
        .updateTable('liqpay_sandbox_subscriptions')
        .set({ unsubscribed_at: this.deps.clock.now() })
        .where('order_id', '=', orderId)
        .execute();
      return { result: 'ok', status: 'unsubscribed', order_id: orderId };
    }
    if (params.action === 'subscribe_update') {
      if (!row || row.unsubscribed_at !== null) {
        return { result: 'error', status: 'error', err_code: 'payment_not_subscribed', order_id: orderId };
      }
      const amount = Number(params.amount);
      if (!Number.isFinite(amount) || amount <= 0 || (params.currency ?? 'UAH') !== 'UAH') {
        return { result: 'error', status: 'error', err_code: 'invalid_data', order_id: orderId };
      }
      // The stored checkout parameters are what the next charge is made of: from now on, this amount.
      const stored = JSON.parse(row.params) as Record<string, unknown>;
      await this.deps.db
        .updateTable('liqpay_sandbox_subscriptions')
        .set({ params: JSON.stringify({ ...stored, amount, description: params.description ?? stored.description }) })
        .where('order_id', '=', orderId)
        .execute();
      return { result: 'ok', status: 'subscribed', order_id: orderId, amount, currency: 'UAH' };
    }
    if (params.action === 'status') {
      if (!row) return { result: 'error', status: 'error', err_code: 'payment_not_found', order_id: orderId };
      return { result: 'ok', status: row.unsubscribed_at === null ? 'subscribed' : 'unsubscribed', order_id: orderId };
    }
    return { result: 'error', status: 'error', err_code: 'unknown_action' };
  }

  /** Posts a callback signed like the provider's to the order's `server_url`. */
  private async callback(params: Record<string, unknown>, event: LiqPayParams): Promise<void> {
    const now = this.deps.clock.now();
    const body: LiqPayParams = {
      order_id: String(params.order_id ?? ''),
      liqpay_order_id: `SANDBOX${randomInt(1e9)}`,
      amount: Number(params.amount ?? 0),
      currency: String(params.currency ?? 'UAH'),
      description: String(params.description ?? ''),
      customer: String(params.customer ?? ''),
      info: String(params.info ?? ''),
      sender_card_mask2: '424242*42',
      create_date: now,
      end_date: now,
      is_3ds: 'false',
      type: 'buy',
      ...event,
    };
    const form = this.deps.signer.encode(body);
    const serverUrl = this.ours(params.server_url);
    const response = await fetch(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: form.data, signature: form.signature }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) this.deps.log.warn({ status: response.status, serverUrl }, 'sandbox callback was not accepted');
  }
}

const paymentId = () => String(2_000_000_000 + randomInt(1e9));

export const sandboxRoutes: FastifyPluginAsync<{ sandbox: LiqPaySandbox }> = async (app, { sandbox }) => {
  type Form = { Body: { data?: unknown; signature?: unknown; choice?: unknown } };
  const hide = { schema: { hide: true } };

  // Where the donation form posts in sandbox mode (docs/domain.md «Donations and subscriptions (LiqPay)»: PUBLIC_URL/sandbox/liqpay/checkout).
  app.post<Form>('/checkout', hide, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(sandbox.checkoutPage(request.body ?? {})),
  );
  app.post<Form>('/checkout/complete', hide, async (request, reply) =>
    reply.redirect(await sandbox.complete(request.body ?? {}), 303),
  );
  app.post<Form>('/api/request', hide, async (request) => sandbox.request(request.body ?? {}));
};

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function checkoutHtml(params: Record<string, unknown>, form: { data: string; signature: string }): string {
  const subscribe = params.action === 'subscribe';
  const amount = formatUah(Number(params.amount ?? 0));
  return `<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Оплата (пісочниця LiqPay)</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f3f5f8; color: #1c2430; }
  main { max-width: 26rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 2px 10px rgb(0 0 0 / 0.08); }
  .badge { display: inline-block; background: #fff4cc; color: #5c4700; border-radius: 999px; padding: 0.1rem 0.7rem; font-size: 0.85rem; }
  h1 { font-size: 1.25rem; margin: 0.75rem 0 0.25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.75rem; margin: 1rem 0; font-size: 0.95rem; }
  dt { color: #566173; } dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: grid; gap: 0.75rem; margin-top: 1.25rem; }
  button { font: inherit; min-height: 48px; border-radius: 8px; border: 0; cursor: pointer; }
  .pay { background: #1a7f37; color: #fff; font-weight: 600; }
  .decline { background: #e9ecf1; color: #1c2430; }
  button:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <div class="card">
    <span class="badge">Пісочниця: гроші не списуються</span>
    <h1>${subscribe ? 'Щомісячна підписка' : 'Разовий внесок'}</h1>
    <p class="amount">${escapeHtml(amount)}${subscribe ? ' / місяць' : ''}</p>
    <dl>
      <dt>Призначення</dt><dd>${escapeHtml(params.description)}</dd>
      ${params.info ? `<dt>Коментар</dt><dd>${escapeHtml(params.info)}</dd>` : ''}
      <dt>Замовлення</dt><dd>${escapeHtml(params.order_id)}</dd>
      <dt>Картка</dt><dd>4242 4242 4242 4242 (тестова)</dd>
    </dl>
    <form method="post" action="${SANDBOX_PREFIX}/checkout/complete" class="actions">
      <input type="hidden" name="data" value="${escapeHtml(form.data)}">
      <input type="hidden" name="signature" value="${escapeHtml(form.signature)}">
      <button class="pay" name="choice" value="pay">Сплатити</button>
      <button class="decline" name="choice" value="decline">Відмовитись</button>
    </form>
  </div>
</main>
</body>
</html>`;
}
