import { DONATION_DESCRIPTION, kyivDateRange, kyivTime, PAYMENT_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../src/infra/db/index.js';
import { LiqPaySigner } from '../src/infra/liqpay/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { DAY, signIn, signUp, staff } from './support/courses.js';
import { donateAndPay, postForm, provider, providerCallback } from './support/liqpay.js';

let t: TestApp;
let paymentSeq = 1000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, form: { data: string; signature: string } | Record<string, string>) =>
  postForm(t, path, form);
const callback = (params: Record<string, string | number>) => providerCallback(t, params);

const success = (orderId: string, amount: number, extra: Record<string, string | number> = {}) =>
  callback({
    action: 'pay',
    status: 'success',
    order_id: orderId,
    payment_id: String(paymentSeq++),
    amount,
    currency: 'UAH',
    end_date: t.clock.now(),
    ...extra,
  });

/** The same signature with its first character changed. */
const tamper = (signature: string) => (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1);

async function donate(token: string, amount: number, subscribe = false, comment?: string) {
  const answer = await t.api('POST', '/api/payments/donat', {
    token,
    body: { amount, subscribe, offerAccepted: true, ...(comment ? { comment } : {}) },
  });
  expect(answer.status).toBe(200);
  return answer.body as { checkoutUrl: string; data: string; signature: string; orderId: string };
}

const count = async (table: 'payments' | 'payment_callbacks') =>
  (await t.app.services.db.selectFrom(table).select('id').execute()).length;
const indicators = async (token: string) => (await t.api('GET', '/api/partners/indicators', { token })).body;

describe('POST /api/payments/donat', () => {
  it('makes a pending order and a form signed for the checkout, with every parameter LiqPay needs', async () => {
    const { token, user } = await signUp(t);
    const checkout = await donate(token, 120, false, 'на книжки');
    expect(checkout.checkoutUrl).toBe(`${t.url}/sandbox/liqpay/checkout`);
    expect(provider.verify(checkout.data, checkout.signature)).toBe(true);
    expect(LiqPaySigner.decode(checkout.data)).toEqual({
      version: 3,
      public_key: 'sandbox_public',
      action: 'pay',
      amount: 120,
      currency: 'UAH',
      description: DONATION_DESCRIPTION,
      order_id: checkout.orderId,
      result_url: `${t.url}/uk/donat?order=${checkout.orderId}`,
      server_url: `${t.url}/api/payments/process`,
      language: 'uk',
      customer: user._id,
      info: 'на книжки',
      sandbox: '1',
    });
    const monthly = LiqPaySigner.decode((await donate(token, 480, true)).data);
    expect(monthly).toMatchObject({
      action: 'subscribe',
      subscribe: '1',
      subscribe_periodicity: 'month',
      subscribe_date_start: new Date(t.clock.now()).toISOString().slice(0, 19).replace('T', ' '),
    });
    const order = await t.api('GET', `/api/payments/orders/${checkout.orderId}`, { token });
    expect(order.body).toEqual({ orderId: checkout.orderId, amount: 120, subscribe: false, status: 'pending' });
    const stranger = await signUp(t);
    expect((await t.api('GET', `/api/payments/orders/${checkout.orderId}`, { token: stranger.token })).status).toBe(
      404,
    );
  });

  it('takes the amount as a numeric string too, as a form field holds it', async () => {
    const { token, user } = await signUp(t);
    const asText = await t.api('POST', '/api/payments/donat', {
      token,
      body: { amount: '120', subscribe: false, offerAccepted: true },
    });
    expect(asText.status).toBe(200);
    const order = await t.app.services.db
      .selectFrom('payment_orders')
      .select('amount_kop')
      .where('user_id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(Number(order.amount_kop)).toBe(12_000);
  });

  it('refuses amounts that are not whole multiples of 40, a long comment and no agreement to the offer', async () => {
    const { token, person } = await signUp(t);
    const { email } = person;
    const refuse = async (body: unknown) => (await t.api('POST', '/api/payments/donat', { token, body })).body.message;
    const amount = 'Сума: ціле число гривень, кратне 40, від 40 до 100000';
    expect(await refuse({ amount: 100, subscribe: false, offerAccepted: true })).toBe(amount);
    expect(await refuse({ amount: 0, subscribe: false, offerAccepted: true })).toBe(amount);
    expect(await refuse({ amount: 40.5, subscribe: false, offerAccepted: true })).toBe(amount);
    expect(await refuse({ amount: 100_040, subscribe: false, offerAccepted: true })).toBe(amount);
    // A numeric string is the same amount (issue 24): a wrong one gets the same message.
    expect(await refuse({ amount: '100', subscribe: false, offerAccepted: true })).toBe(amount);
    expect(await refuse({ amount: 'сто', subscribe: false, offerAccepted: true })).toBe(amount);
    expect(await refuse({ amount: 120, subscribe: false, offerAccepted: false })).toBe(
      'Публічна оферта: потрібна ваша згода',
    );
    expect(await refuse({ amount: 120, subscribe: false })).toBe('Публічна оферта: потрібна ваша згода');
    expect(await refuse({ amount: 120, subscribe: false, offerAccepted: true, comment: 'я'.repeat(31) })).toBe(
      'Коментар: не більше 30 символів',
    );
    expect((await t.api('POST', '/api/payments/donat', { body: { amount: 120 } })).status).toBe(401);
    const orders = await t.app.services.db
      .selectFrom('payment_orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select('o.order_id')
      .where('u.email', '=', email)
      .execute();
    expect(orders).toEqual([]);
  });
  it('refuses a comment with a line break or another control character, and makes no order (issue 15, item 3)', async () => {
    const { token, user } = await signUp(t);
    for (const comment of ['line\n=1+1', 'x\r@SUM(1+1)', 'a\tb', 'x\u202Ey', 'a\u0085b']) {
      const answer = await t.api('POST', '/api/payments/donat', {
        token,
        body: { amount: 40, subscribe: false, offerAccepted: true, comment },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Коментар: без розривів рядка, табуляції та інших невидимих керівних символів');
    }
    const orders = await t.app.services.db
      .selectFrom('payment_orders')
      .select('order_id')
      .where('user_id', '=', user._id)
      .execute();
    expect(orders).toEqual([]);
  });
});

describe('callbacks', () => {
  it('refuses a bad signature before anything is read or kept', async () => {
    const { token } = await signUp(t);
    const { orderId } = await donate(token, 120);
    const before = await count('payment_callbacks');
    const form = provider.encode({
      action: 'pay',
      status: 'success',
      order_id: orderId,
      payment_id: 'x1',
      amount: 120,
    });
    const forged = new LiqPaySigner('sandbox_public', 'guessed').encode({
      action: 'pay',
      status: 'success',
      order_id: orderId,
      payment_id: 'x1',
      amount: 99_999,
    });
    for (const attempt of [
      { data: forged.data, signature: forged.signature },
      { data: forged.data, signature: form.signature },
      { data: form.data, signature: tamper(form.signature) },
    ]) {
      const answer = await post('/api/payments/process', attempt);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ message: PAYMENT_MESSAGES.badSignature });
    }
    expect((await post('/api/payments/process', { data: form.data })).status).toBe(400);
    expect(await count('payment_callbacks')).toBe(before);
    expect((await indicators(token)).totalDonat).toBe(0);
  });

  it('applies a success once: replays, and 50 concurrent duplicates, change nothing more', async () => {
    const { token } = await signUp(t);
    const { orderId } = await donate(token, 120);
    const markBefore = (await indicators(token)).ukrainianMark;
    const params = {
      action: 'pay',
      status: 'success',
      order_id: orderId,
      payment_id: 'dup-1',
      amount: 120,
      currency: 'UAH',
      end_date: t.clock.now(),
    };
    expect((await callback(params)).status).toBe(200);
    expect((await callback(params)).status).toBe(200);
    const storm = await Promise.all(Array.from({ length: 50 }, () => callback(params)));
    expect(storm.every((r) => r.status === 200)).toBe(true);

    const after = await indicators(token);
    expect(after.totalDonat).toBe(120);
    expect(after.ukrainianMark).toBe(markBefore + 120);
    const rows = await t.app.services.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
    expect(rows).toHaveLength(1);
    const raw = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('order_id', '=', orderId)
      .execute();
    expect(raw).toHaveLength(52);
    expect(raw.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect((await t.api('GET', `/api/payments/orders/${orderId}`, { token })).body.status).toBe('paid');
    const marks = await t.app.services.db
      .selectFrom('mark_entries')
      .select('points')
      .where('source_key', '=', 'payment:dup-1')
      .execute();
    expect(marks).toEqual([{ points: 120 }]);
  });

  it('a failure changes no balance and marks the order failed', async () => {
    const { token } = await signUp(t);
    const { orderId } = await donate(token, 200 - 40);
    await callback({
      action: 'pay',
      status: 'failure',
      order_id: orderId,
      payment_id: 'f-1',
      amount: 160,
      err_code: 'limit',
    });
    expect((await indicators(token)).totalDonat).toBe(0);
    expect((await t.api('GET', `/api/payments/orders/${orderId}`, { token })).body.status).toBe('failed');
    // Waiting states say nothing yet either.
    await callback({ action: 'pay', status: '3ds_verify', order_id: orderId, payment_id: 'f-2', amount: 160 });
    expect((await indicators(token)).totalDonat).toBe(0);
  });

  it('keeps a callback for an unknown order for reconciliation and moves no balance', async () => {
    const before = await count('payments');
    expect((await success('no-such-order', 4000)).status).toBe(200);
    expect(await count('payments')).toBe(before);
    const kept = await t.app.services.db
      .selectFrom('payment_callbacks')
      .selectAll()
      .where('order_id', '=', 'no-such-order')
      .executeTakeFirstOrThrow();
    expect(kept.outcome).toBe('unknown_order');
    expect(LiqPaySigner.decode(kept.data)).toMatchObject({ amount: 4000, status: 'success' });
  });

  it('keeps a signed callback with U+0000 in it as unreadable, on PostgreSQL too (found by the fuzz)', async () => {
    const form = provider.encode({ action: 'pay', status: 'success', order_id: 'a\u0000b', amount: 40 });
    expect((await post('/api/payments/process', form)).status).toBe(200);
    const kept = await t.app.services.db
      .selectFrom('payment_callbacks')
      .selectAll()
      .where('data', '=', form.data)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ outcome: 'unreadable', order_id: null });
    // The sandbox refuses such a form like any it cannot read.
    const checkout = provider.encode({
      action: 'pay',
      amount: 40,
      order_id: 'a\u0000b',
      result_url: `${t.url}/uk/donat`,
      server_url: `${t.url}/api/payments/process`,
    });
    const refused = await post('/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' });
    expect(refused.status).toBe(400);
  });

  it('never takes the payer from the callback: the order decides, whatever `customer` says', async () => {
    const payer = await signUp(t);
    const other = await signUp(t);
    const { orderId } = await donate(payer.token, 40);
    await success(orderId, 40, { customer: other.user._id });
    expect((await indicators(payer.token)).totalDonat).toBe(40);
    expect((await indicators(other.token)).totalDonat).toBe(0);
  });

  it('ignores a foreign currency and takes a refund back once', async () => {
    const { token } = await signUp(t);
    const { orderId } = await donate(token, 80);
    await success(orderId, 80, { currency: 'USD' });
    expect((await indicators(token)).totalDonat).toBe(0);
    await success(orderId, 80, { payment_id: 'refund-me' });
    const mark = (await indicators(token)).ukrainianMark;
    expect((await indicators(token)).totalDonat).toBe(80);
    for (let i = 0; i < 2; i++) {
      await callback({ action: 'pay', status: 'reversed', order_id: orderId, payment_id: 'refund-me', amount: 80 });
    }
    expect(await indicators(token)).toMatchObject({ totalDonat: 0, ukrainianMark: mark - 80 });
  });
});

describe('callback amounts (issue 15, item 12)', () => {
  it('keeps an amount that is not the order’s (1e308, too much, too little, none) as unmatched, credits nothing, and every page still answers', async () => {
    const admin = await staff(t, 'admin');
    const { token, user } = await signUp(t);
    const { orderId } = await donate(token, 120);
    const monthly = await donate(token, 480, true);
    await callback({ action: 'subscribe', status: 'subscribed', order_id: monthly.orderId, end_date: t.clock.now() });
    const markBefore = (await indicators(token)).ukrainianMark;
    const wrong: (number | string)[] = [1e308, '1e308', 1e20, 100_000, 121, 119.99, 40, 0, -120, 'сто'];
    for (const amount of wrong) await success(orderId, 120, { amount });
    const { amount: _none, ...noAmount } = { action: 'pay', status: 'success', order_id: orderId, amount: 0 };
    await callback({ ...noAmount, payment_id: String(paymentSeq++), currency: 'UAH', end_date: t.clock.now() });
    // A monthly charge is compared with the subscription's monthly amount.
    for (const amount of [1e308, 960]) {
      await success(monthly.orderId, 480, { action: 'regular', amount });
    }

    const outcomes = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('order_id', 'in', [orderId, monthly.orderId])
      .where('status', '=', 'success')
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(wrong.length + 3).fill('wrong_amount'));
    const paid = await t.app.services.db.selectFrom('payments').select('id').where('user_id', '=', user._id).execute();
    expect(paid).toEqual([]);
    expect(await indicators(token)).toMatchObject({ totalDonat: 0, ukrainianMark: markBefore });
    expect((await t.api('GET', `/api/payments/orders/${orderId}`, { token })).body.status).toBe('pending');
    const unmatched = await t.api('GET', '/api/admin/callbacks?limit=50', { token: admin });
    const mine = unmatched.body.callbacks.filter((c: { orderId: string }) => c.orderId === orderId);
    expect(mine).toHaveLength(wrong.length + 1);
    expect(mine.every((c: { outcome: string }) => c.outcome === 'wrong_amount')).toBe(true);

    // The five pages a stored Infinity broke.
    for (const [route, who] of [
      ['/api/payments/donats', token],
      ['/api/partners/indicators', token],
      ['/api/admin/payments', admin],
      ['/api/admin/payments/months', admin],
      ['/api/admin/payments/export', admin],
    ] as const) {
      expect((await t.api('GET', route, { token: who })).status, route).toBe(200);
    }

    // The right amount still pays, once.
    await success(orderId, 120);
    await success(monthly.orderId, 480, { action: 'regular' });
    expect(await indicators(token)).toMatchObject({ totalDonat: 600, ukrainianMark: markBefore + 600 });
  });
});

describe('one order is paid once (issue 15, item 20)', () => {
  it('a second success of a one-off order with another payment_id, even concurrent, is kept as unmatched and credits nothing', async () => {
    const admin = await staff(t, 'admin');
    const { token } = await signUp(t);
    const { orderId } = await donate(token, 120);
    const markBefore = (await indicators(token)).ukrainianMark;
    const answers = await Promise.all(Array.from({ length: 5 }, () => success(orderId, 120)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await success(orderId, 120);

    const rows = await t.app.services.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
    expect(rows).toHaveLength(1);
    expect(await indicators(token)).toMatchObject({ totalDonat: 120, ukrainianMark: markBefore + 120 });
    const outcomes = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('order_id', '=', orderId)
      .execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'already_paid',
      'already_paid',
      'already_paid',
      'already_paid',
      'already_paid',
      'applied',
    ]);
    // A replay of the charge that paid it is a plain duplicate, not something to reconcile.
    await success(orderId, 120, { payment_id: rows[0]?.payment_id ?? '' });
    const unmatched = await t.api('GET', '/api/admin/callbacks?limit=50', { token: admin });
    expect(unmatched.body.callbacks.filter((c: { orderId: string }) => c.orderId === orderId)).toHaveLength(5);
    expect(await indicators(token)).toMatchObject({ totalDonat: 120 });
  });

  it('the sandbox pays a signed checkout once, however often and however fast it is submitted', async () => {
    const { token } = await signUp(t);
    const checkout = await donate(token, 120);
    const submit = (choice: string) => post('/sandbox/liqpay/checkout/complete', { ...checkout, choice });
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit('pay')));
    // Every submission returns the payer to the result; only the first sent callbacks.
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${t.url}/uk/donat?order=${checkout.orderId}`);
    }
    expect((await submit('decline')).status).toBe(303);
    const sent = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select('status')
      .where('order_id', '=', checkout.orderId)
      .execute();
    expect(sent).toEqual([{ status: 'success' }]);
    expect((await t.api('GET', `/api/payments/orders/${checkout.orderId}`, { token })).body.status).toBe('paid');
    expect((await indicators(token)).totalDonat).toBe(120);

    // A subscription: one «subscribed» and one first charge, however often it is submitted.
    const monthly = await donate(token, 480, true);
    await Promise.all(
      Array.from({ length: 3 }, () => post('/sandbox/liqpay/checkout/complete', { ...monthly, choice: 'pay' })),
    );
    const monthlySent = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select('status')
      .where('order_id', '=', monthly.orderId)
      .execute();
    expect(monthlySent.map((c) => c.status).sort()).toEqual(['subscribed', 'success']);
    expect((await indicators(token)).totalDonat).toBe(600);
    // The first choice stands: declining a paid checkout sends nothing either.
    const declinedFirst = await donate(token, 40);
    await post('/sandbox/liqpay/checkout/complete', { ...declinedFirst, choice: 'decline' });
    await post('/sandbox/liqpay/checkout/complete', { ...declinedFirst, choice: 'pay' });
    expect((await t.api('GET', `/api/payments/orders/${declinedFirst.orderId}`, { token })).body.status).toBe('failed');
  });

  it('refuses a signed checkout whose order id no provider would take, with a message and nothing kept', async () => {
    const { token } = await signUp(t);
    const checkout = await donate(token, 40);
    const params = LiqPaySigner.decode(checkout.data) as Record<string, string | number>;
    for (const orderId of ['', 'x'.repeat(256), 'я'.repeat(70_000)]) {
      const answer = await post('/sandbox/liqpay/checkout/complete', {
        ...provider.encode({ ...params, order_id: orderId }),
        choice: 'pay',
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).message).toMatch(/order_id/);
    }
    const kept = await t.app.services.db.selectFrom('liqpay_sandbox_checkouts').select('order_id').execute();
    expect(kept.filter((row) => !/^(don|sub)-[0-9a-f-]{36}$/.test(row.order_id))).toEqual([]);
  });
});

describe('a monthly subscription through the sandbox', () => {
  it('subscribed → charges → cancelled; a late charge after cancelling is ignored', async () => {
    const { token: firstToken, person } = await signUp(t);
    let token = firstToken;
    const checkout = await donate(token, 480, true, 'щомісяця');
    const page = await post('/sandbox/liqpay/checkout', { data: checkout.data, signature: checkout.signature });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Щомісячна підписка');
    expect(page.text).toContain('480,00\u00a0₴ / місяць');
    expect(page.text).toContain('Сплатити');
    expect(page.text).toContain('Відмовитись');

    const paid = await post('/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${t.url}/uk/donat?order=${checkout.orderId}`);
    expect((await t.api('GET', `/api/payments/orders/${checkout.orderId}`, { token })).body.status).toBe('subscribed');
    expect((await indicators(token)).totalDonat).toBe(480);

    // Two monthly charges, as the operator's `npm run sandbox -- charge` makes them.
    for (let month = 1; month <= 2; month++) {
      t.clock.advance(30 * DAY);
      await t.app.services.sandbox?.chargeNext(checkout.orderId);
    }
    // Sessions last 30 days: two months later the payer signs in again.
    token = await signIn(t, person.email, person.password);
    expect((await indicators(token)).totalDonat).toBe(1440);
    const list = await t.api('GET', '/api/payments/subscriptions', { token });
    expect(list.body.totalPages).toBe(1);
    expect(list.body.subscriptions).toHaveLength(1);
    const [subscription] = list.body.subscriptions;
    expect(subscription.data).toMatchObject({ order_id: checkout.orderId, amount: 480, info: 'щомісяця' });
    expect(subscription.objSub.isUnsubscribe).toBe(false);
    expect(subscription.objSub.lastPaymentDate).toBe(t.clock.now());
    expect(subscription.objSub.nextPaymentDate).toBeGreaterThan(t.clock.now() + 27 * DAY);
    const detail = await t.api('GET', `/api/payments/subscriptions/${checkout.orderId}`, { token });
    expect(detail.body.charges.map((c: { action: string }) => c.action)).toEqual(['regular', 'regular', 'subscribe']);

    const stranger = await signUp(t);
    expect(
      (await t.api('POST', '/api/payments/unsubscribe', { token: stranger.token, body: { orderId: checkout.orderId } }))
        .status,
    ).toBe(404);
    expect(
      (await t.api('GET', `/api/payments/subscriptions/${checkout.orderId}`, { token: stranger.token })).status,
    ).toBe(404);
    const cancelled = await t.api('POST', '/api/payments/unsubscribe', { token, body: { orderId: checkout.orderId } });
    expect(cancelled.body).toEqual({ orderId: checkout.orderId, message: PAYMENT_MESSAGES.cancelled });
    const again = await t.api('POST', '/api/payments/unsubscribe', { token, body: { orderId: checkout.orderId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_MESSAGES.alreadyCancelled);
    // The sandbox, like the provider, charges no more.
    await expect(t.app.services.sandbox?.chargeNext(checkout.orderId)).rejects.toThrow('скасовано');

    t.clock.advance(DAY);
    await callback({
      action: 'regular',
      status: 'success',
      order_id: checkout.orderId,
      payment_id: 'late-1',
      amount: 480,
      currency: 'UAH',
      end_date: t.clock.now(),
    });
    expect((await indicators(token)).totalDonat).toBe(1440);
    const after = (await t.api('GET', '/api/payments/subscriptions', { token })).body.subscriptions[0];
    expect(after.objSub).toMatchObject({ isUnsubscribe: true, nextPaymentDate: null });
  });

  it('counts a charge that arrives before the subscribed callback, once', async () => {
    const { token } = await signUp(t);
    const { orderId } = await donate(token, 960, true);
    const charge = {
      action: 'regular',
      status: 'success',
      order_id: orderId,
      payment_id: 'early-1',
      amount: 960,
      currency: 'UAH',
      end_date: t.clock.now(),
    };
    await callback(charge);
    await callback({ action: 'subscribe', status: 'subscribed', order_id: orderId, end_date: t.clock.now() - 1000 });
    await callback(charge);
    expect((await indicators(token)).totalDonat).toBe(960);
    expect((await t.api('GET', `/api/payments/orders/${orderId}`, { token })).body.status).toBe('subscribed');
    const gratitudes = (await t.api('GET', '/api/partners/gratitudes', { token })).body.tiers;
    expect(gratitudes.filter((g: { reached: boolean }) => g.reached).map((g: { from: number }) => g.from)).toEqual([
      480, 960,
    ]);
  });

  it('«Відмовитись» sends a failure and returns the payer; a checkout signed with another key is refused', async () => {
    const { token } = await signUp(t);
    const checkout = await donate(token, 120);
    const declined = await post('/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'decline' });
    expect(declined.status).toBe(303);
    expect((await t.api('GET', `/api/payments/orders/${checkout.orderId}`, { token })).body.status).toBe('failed');
    const monthly = await donate(token, 480, true);
    await post('/sandbox/liqpay/checkout/complete', { ...monthly, choice: 'decline' });
    expect((await t.api('GET', `/api/payments/orders/${monthly.orderId}`, { token })).body.status).toBe('failed');
    expect((await t.api('GET', '/api/payments/subscriptions', { token })).body.subscriptions).toEqual([]);
    const forged = new LiqPaySigner('sandbox_public', 'guessed').encode({ action: 'pay', amount: 40 });
    expect((await post('/sandbox/liqpay/checkout', forged)).status).toBe(400);
    // A form pointing callbacks or the payer elsewhere is no open relay.
    const elsewhere = provider.encode({
      action: 'pay',
      amount: 40,
      order_id: 'x',
      result_url: 'https://evil.example/',
      server_url: `${t.url}/api/payments/process`,
    });
    expect((await post('/sandbox/liqpay/checkout/complete', { ...elsewhere, choice: 'pay' })).status).toBe(400);
  });
});

describe('history', () => {
  it('lists only my successful payments, newest first, by Kyiv day range and page', async () => {
    const { token } = await signUp(t);
    // 12 one-off payments, one a day; the 12th on the spring DST change day, 2027-03-28.
    const firstDay = kyivTime(2027, 3, 17, 12);
    for (let i = 0; i < 12; i++) {
      const { orderId } = await donate(token, 40 * (i + 1));
      await success(orderId, 40 * (i + 1), { end_date: firstDay + i * DAY });
    }
    const { orderId: unpaid } = await donate(token, 40);
    expect(unpaid).toBeTruthy();
    const all = await t.api('GET', '/api/payments/donats', { token });
    expect(all.body.totalPages).toBe(2);
    expect(all.body.donats).toHaveLength(10);
    expect(all.body.donats[0]).toMatchObject({ amount: 480, description: DONATION_DESCRIPTION, action: 'pay' });
    const second = await t.api('GET', '/api/payments/donats?page=2', { token });
    expect(second.body.donats.map((d: { amount: number }) => d.amount)).toEqual([80, 40]);
    expect(second.body.totalPages).toBe(2);
    // A page past the end has no rows to carry the count, and still tells how many pages there are.
    expect((await t.api('GET', '/api/payments/donats?page=3', { token })).body).toEqual({ donats: [], totalPages: 2 });
    const footprint = await t.api('GET', '/api/payments/mark?page=2', { token });
    expect(footprint.body.mark).toHaveLength(3);
    expect(footprint.body.totalPages).toBe(2);
    expect((await t.api('GET', '/api/payments/mark?page=5', { token })).body).toEqual({ mark: [], totalPages: 2 });

    const day = kyivDateRange('2027-03-28');
    expect(day.end - day.start + 1).toBe(23 * 60 * 60 * 1000);
    const dst = await t.api('GET', `/api/payments/donats?start=${day.start}&end=${day.end}`, { token });
    expect(dst.body.donats.map((d: { amount: number }) => d.amount)).toEqual([480]);
    const edge = await t.api('GET', `/api/payments/donats?start=${day.end + 1}&end=`, { token });
    expect(edge.body.donats).toEqual([]);
    const bad = await t.api('GET', '/api/payments/donats?start=вчора', { token });
    expect(bad.status).toBe(400);

    const mark = await t.api('GET', `/api/payments/mark?start=${day.start}&end=${day.end}`, { token });
    expect(mark.body.mark).toEqual([
      expect.objectContaining({ points: 480, comment: 'Разовий внесок', date: firstDay + 11 * DAY }),
    ]);
    const stranger = await signUp(t);
    expect((await t.api('GET', '/api/payments/donats', { token: stranger.token })).body).toEqual({
      donats: [],
      totalPages: 0,
    });
  });
});

describe('in live mode', () => {
  it('the sandbox does not exist and the checkout is the provider’s', async () => {
    const live = await startTestApp({ LIQPAY_MODE: 'live', LIQPAY_PUBLIC_KEY: 'i123', LIQPAY_PRIVATE_KEY: 'secret' });
    try {
      const { token } = await signUp(live);
      const checkout = await live.api('POST', '/api/payments/donat', {
        token,
        body: { amount: 40, subscribe: false, offerAccepted: true },
      });
      expect(checkout.body.checkoutUrl).toBe('https://www.liqpay.ua/api/3/checkout');
      const sandbox = await fetch(`${live.url}/sandbox/liqpay/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: checkout.body.data, signature: checkout.body.signature }).toString(),
      });
      expect(sandbox.status).toBe(404);
      expect(live.app.services.sandbox).toBeUndefined();
    } finally {
      await live.close();
    }
  });
});

describe('one word for a payment (issue 18, item 9)', () => {
  it('calls a one-off payment «Разовий внесок» in the footprint, old «Донат» rows included after the upgrade', async () => {
    const { token, user } = await signUp(t);
    const old = await donateAndPay(t, token, 40);
    const fresh = await donateAndPay(t, token, 80);
    const { db } = t.app.services;
    // The previous release wrote «Донат».
    await db
      .updateTable('mark_entries')
      .set({ comment: 'Донат' })
      .where('source_key', '=', `payment:paid-${old}`)
      .execute();
    await migrateUpTo(db, '0015_exercise_ratings');
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('mark_entries')
      .select(['source_key', 'comment'])
      .where('user_id', '=', user._id)
      .where('source_key', 'like', 'payment:%')
      .orderBy('source_key')
      .execute();
    expect(rows.map((r) => r.comment)).toEqual(['Разовий внесок', 'Разовий внесок']);
    expect(rows.map((r) => r.source_key).sort()).toEqual([`payment:paid-${fresh}`, `payment:paid-${old}`].sort());
  });
});
