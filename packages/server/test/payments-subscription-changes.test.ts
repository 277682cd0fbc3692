import { addMonth, DONATION_DESCRIPTION, kyivTime, PAYMENT_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiqPaySigner } from '../src/infra/liqpay/index.js';
import type { TestApp } from './support/app.js';
import { DAY, notificationsOf, signIn, signUp, staff } from './support/courses.js';
import { postForm, providerCallback } from './support/liqpay.js';
import { type ProviderCall, startAppBehindPeer } from './support/provider-peer.js';

// Issue 22, items 1 and 2: a donor changes the monthly amount (LiqPay `subscribe_update`), pauses
// for 1–3 months and resumes. The built-in sandbox is the provider; a peer on the app's
// PUBLIC_URL is the network to it, so each test sees the calls made and can refuse or cut them.

let t: TestApp;
let calls: ProviderCall[];
let answer: Awaited<ReturnType<typeof startAppBehindPeer>>['answer'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, calls, answer, close } = await startAppBehindPeer());
});
afterAll(async () => {
  await close();
});

const callsOf = (orderId: string, action: string) =>
  calls.filter((c) => c.params.order_id === orderId && c.params.action === action);
const passAll = () => answer(() => ({ pass: true }));

/** A monthly subscription paid through the sandbox's checkout (subscribed + its first charge). */
async function subscribe(token: string, amount: number, comment?: string): Promise<string> {
  const { body: checkout } = await t.api('POST', '/api/payments/donat', {
    token,
    body: { amount, subscribe: true, offerAccepted: true, ...(comment ? { comment } : {}) },
  });
  const done = await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' });
  expect(done.status).toBe(303);
  return checkout.orderId as string;
}

const detail = async (token: string, orderId: string) =>
  (await t.api('GET', `/api/payments/subscriptions/${orderId}`, { token })).body;
const changeAmount = (token: string, orderId: string, amount: unknown) =>
  t.api('PATCH', `/api/payments/subscriptions/${orderId}`, { token, body: { amount } });
const pause = (token: string, orderId: string, months: unknown = 1) =>
  t.api('POST', `/api/payments/subscriptions/${orderId}/pause`, { token, body: { months } });
const resume = (token: string, orderId: string) =>
  t.api('POST', `/api/payments/subscriptions/${orderId}/resume`, { token });
const order = (orderId: string) =>
  t.app.services.db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const events = (orderId: string) =>
  t.app.services.db.selectFrom('subscription_events').selectAll().where('order_id', '=', orderId).execute();
const totalDonat = async (token: string) =>
  (await t.api('GET', '/api/partners/indicators', { token })).body.totalDonat as number;
const monthlyTotal = async (token: string) =>
  (await t.api('GET', '/api/partners/gratitudes', { token })).body.totals.subscribe as number;
const kinds = (list: { kind: string }[]) => list.map((e) => e.kind);

describe('changing the monthly amount', () => {
  it('changes it at the provider, then here; the sandbox charges the new amount next; the history shows the change', async () => {
    passAll();
    const payer = await signUp(t);
    const { token } = payer;
    const orderId = await subscribe(token, 480, 'щомісяця');

    const changed = await changeAmount(token, orderId, 520);
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(PAYMENT_MESSAGES.amountChanged);
    expect(changed.body.subscription.data).toMatchObject({ order_id: orderId, amount: 520, info: 'щомісяця' });
    expect(changed.body.subscription.objSub).toMatchObject({ status: 'active', isUnsubscribe: false });
    // The call the provider got: subscribe_update, signed like every other (the sandbox verified it).
    const [update, ...more] = callsOf(orderId, 'subscribe_update');
    expect(more).toEqual([]);
    expect(update?.params).toEqual({
      version: 3,
      public_key: 'sandbox_public',
      action: 'subscribe_update',
      order_id: orderId,
      amount: 520,
      currency: 'UAH',
      description: DONATION_DESCRIPTION,
    });

    // The next charge is 520, and it counts (the old 480 is not what this order charges any more).
    t.clock.advance(30 * DAY);
    await t.app.services.sandbox?.chargeNext(orderId);
    const fresh = await signIn(t, payer.person.email, payer.person.password);
    expect(await totalDonat(fresh)).toBe(1000);
    const shown = await detail(fresh, orderId);
    expect(shown.charges.map((c: { amount: number }) => c.amount)).toEqual([520, 480]);
    expect(shown.events).toEqual([
      expect.objectContaining({ kind: 'amount_changed', from: 480, to: 520, until: null, orderId: null }),
    ]);
    // The same amount again: nothing is asked of the provider, nothing new in the history.
    expect((await changeAmount(fresh, orderId, 520)).status).toBe(200);
    expect(callsOf(orderId, 'subscribe_update')).toHaveLength(1);
    expect(await events(orderId)).toHaveLength(1);
  });

  it('refuses amounts a new donation would refuse, with the same message, and changes nothing', async () => {
    passAll();
    const { token } = await signUp(t);
    const orderId = await subscribe(token, 480);
    const message = 'Сума: ціле число гривень, кратне 40, від 40 до 100000';
    for (const amount of [100, 0, 40.5, 100_040, '120', null]) {
      const refused = await changeAmount(token, orderId, amount);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await order(orderId)).amount_kop).toBe(48_000);
    expect(callsOf(orderId, 'subscribe_update')).toEqual([]);
    expect(await events(orderId)).toEqual([]);
  });

  it('a refusal or a network failure of the provider leaves our records as they were, with a Ukrainian message', async () => {
    const payer = await signUp(t);
    const { token } = payer;
    const orderId = await subscribe(token, 480);

    answer(() => ({ refuse: { result: 'error', status: 'error', err_code: 'payment_not_subscribed' } }));
    const refused = await changeAmount(token, orderId, 960);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(PAYMENT_MESSAGES.providerRefusedAmount);

    answer(() => ({ cut: true }));
    const cut = await changeAmount(token, orderId, 960);
    expect(cut.status).toBe(502);
    expect(cut.body.message).toBe(PAYMENT_MESSAGES.providerFailed);

    const kept = await order(orderId);
    expect(kept).toMatchObject({ amount_kop: 48_000, status: 'subscribed', pending_change: null, pending_since: null });
    expect(await events(orderId)).toEqual([]);
    // The provider kept its amount too: the next charge of 480 still counts.
    passAll();
    t.clock.advance(30 * DAY);
    await t.app.services.sandbox?.chargeNext(orderId);
    const fresh = await signIn(t, payer.person.email, payer.person.password);
    expect(await totalDonat(fresh)).toBe(960);
    // And once the provider answers, the change goes through.
    expect((await changeAmount(fresh, orderId, 960)).status).toBe(200);
  });

  it('the same change sent five times at once makes one provider call and one event; every answer is the new amount', async () => {
    const { token } = await signUp(t);
    const orderId = await subscribe(token, 480);
    // The provider takes its time, so the five truly overlap.
    answer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { pass: true };
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => changeAmount(token, orderId, 1920)));
    passAll();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.subscription.data.amount)).toEqual([1920, 1920, 1920, 1920, 1920]);
    expect(callsOf(orderId, 'subscribe_update')).toHaveLength(1);
    expect(kinds(await events(orderId))).toEqual(['amount_changed']);
    expect(await monthlyTotal(token)).toBe(1920);
  });

  it('a charge made before the change and told after it counts at the old amount; one after it at the old amount does not', async () => {
    passAll();
    const { token } = await signUp(t);
    const orderId = await subscribe(token, 480);
    const before = t.clock.now() + 1000;
    t.clock.advance(2000);
    expect((await changeAmount(token, orderId, 520)).status).toBe(200);
    const charge = (paymentId: string, endDate: number) =>
      providerCallback(t, {
        action: 'regular',
        status: 'success',
        order_id: orderId,
        payment_id: paymentId,
        amount: 480,
        currency: 'UAH',
        end_date: endDate,
      });
    await charge(`${orderId}-late`, before);
    await charge(`${orderId}-stale`, t.clock.now() + 1000);
    expect(await totalDonat(token)).toBe(960);
    const kept = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select(['payment_id', 'outcome'])
      .where('order_id', '=', orderId)
      .where('payment_id', 'like', `${orderId}-%`)
      .orderBy('payment_id')
      .execute();
    expect(kept).toEqual([
      { payment_id: `${orderId}-late`, outcome: 'applied' },
      { payment_id: `${orderId}-stale`, outcome: 'wrong_amount' },
    ]);
  });
});

describe('pausing and resuming', () => {
  it('pauses for two months: cancelled at the provider, paused here until the charge day two months on; the tier stays; no reminder of a charge', async () => {
    passAll();
    const start = kyivTime(2027, 1, 10, 12);
    t.clock.advance(start - t.clock.now());
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 480);

    const paused = await pause(payer.token, orderId, 2);
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe(PAYMENT_MESSAGES.paused);
    // Charged on 10 January; the February and March charges are skipped; it resumes on 10 April.
    const resumeAt = kyivTime(2027, 4, 10, 12);
    expect(paused.body.subscription.objSub).toMatchObject({
      status: 'paused',
      isUnsubscribe: false,
      pausedUntil: resumeAt,
      nextPaymentDate: resumeAt,
    });
    expect(callsOf(orderId, 'unsubscribe')).toHaveLength(1);
    // The provider charges nothing while paused.
    await expect(t.app.services.sandbox?.chargeNext(orderId)).rejects.toThrow('скасовано');
    // The provider's own `unsubscribed` callback after our pause is its echo, not a cancellation.
    await providerCallback(t, {
      action: 'subscribe',
      status: 'unsubscribed',
      order_id: orderId,
      end_date: t.clock.now(),
    });
    expect((await order(orderId)).status).toBe('paused');
    expect(kinds(await events(orderId))).toEqual(['paused']);
    // The gratitude tier is kept through the pause.
    expect(await monthlyTotal(payer.token)).toBe(480);

    // Where the charge would have been reminded (three days before 10 February), nothing is.
    t.clock.advance(addMonth(start) - 2 * DAY - t.clock.now());
    await t.app.services.notifications.tick();
    const told = await notificationsOf(t, payer, 'payments');
    expect(told.filter((n: { title: string }) => n.title.startsWith('Незабаром'))).toEqual([]);

    // Pausing again changes nothing; the detail shows the pause.
    const token = await signIn(t, payer.person.email, payer.person.password);
    expect((await pause(token, orderId, 3)).body.subscription.objSub.pausedUntil).toBe(resumeAt);
    expect(callsOf(orderId, 'unsubscribe')).toHaveLength(1);
    expect((await detail(token, orderId)).events).toEqual([
      expect.objectContaining({ kind: 'paused', until: resumeAt, from: null, to: null }),
    ]);
    // The console lists it as paused.
    const admin = await staff(t, 'admin');
    const consoleList = await t.api('GET', '/api/admin/subscriptions?status=paused', { token: admin });
    expect(consoleList.body.subscriptions).toEqual([expect.objectContaining({ orderId, status: 'paused' })]);
    for (const months of [0, 4, 1.5, '1', null]) {
      const refused = await pause(token, orderId, months);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Пауза: 1, 2 або 3 місяці');
    }
  });

  it('on the resume date the donor is told once, with the link that resumes; resuming is a checkout of the same amount, and closes the pause', async () => {
    passAll();
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 960, 'разом');
    expect((await pause(payer.token, orderId, 1)).status).toBe(200);
    const { resume_at: resumeAt } = await order(orderId);
    expect(resumeAt).toBe(addMonth((await order(orderId)).subscribed_at ?? 0, 2));

    t.clock.advance((resumeAt ?? 0) - 1 - t.clock.now());
    await t.app.services.notifications.tick();
    const resumeNotices = async () =>
      (await notificationsOf(t, payer, 'payments')).filter((n: { title: string }) => n.title.startsWith('Пауза'));
    expect(await resumeNotices()).toEqual([]);
    t.clock.advance(1);
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    const [notice, ...more] = await resumeNotices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Пауза підписки закінчилася',
      body: 'Відновіть щомісячний внесок 960,00\u00a0₴ в один клік.',
      link: `/uk/bonus/subscriptions?resume=${orderId}`,
    });

    const token = await signIn(t, payer.person.email, payer.person.password);
    const first = await resume(token, orderId);
    expect(first.status).toBe(200);
    expect(first.body.orderId).not.toBe(orderId);
    expect(LiqPaySigner.decode(first.body.data)).toMatchObject({
      action: 'subscribe',
      amount: 960,
      info: 'разом',
      subscribe: '1',
      subscribe_periodicity: 'month',
      order_id: first.body.orderId,
    });
    // Asked again (or five times at once) before it is paid: the same order, the same form.
    const again = await Promise.all(Array.from({ length: 5 }, () => resume(token, orderId)));
    expect(new Set(again.map((a) => a.body.data))).toEqual(new Set([first.body.data]));
    const waiting = await t.app.services.db
      .selectFrom('payment_orders')
      .select('order_id')
      .where('resumes_order_id', '=', orderId)
      .execute();
    expect(waiting).toHaveLength(1);

    const paid = await postForm(t, '/sandbox/liqpay/checkout/complete', { ...first.body, choice: 'pay' });
    expect(paid.status).toBe(303);
    const list = (await t.api('GET', '/api/payments/subscriptions', { token })).body.subscriptions;
    const byId = new Map(list.map((s: { _id: string }) => [s._id, s]));
    expect(byId.get(first.body.orderId)).toMatchObject({
      data: { amount: 960, info: 'разом' },
      objSub: { status: 'active', resumes: orderId, resumedAs: null },
    });
    expect(byId.get(orderId)).toMatchObject({
      objSub: { status: 'cancelled', isUnsubscribe: true, resumedAs: first.body.orderId, nextPaymentDate: null },
    });
    expect(
      (await detail(token, orderId)).events.map((e: { kind: string; orderId: string }) => [e.kind, e.orderId]),
    ).toEqual([
      ['resumed', first.body.orderId],
      ['paused', null],
    ]);
    // One running subscription counts for the tier, not two.
    expect(await monthlyTotal(token)).toBe(960);
    // The closed pause can no longer be changed or resumed.
    expect((await resume(token, orderId)).status).toBe(409);
    expect((await changeAmount(token, orderId, 40)).status).toBe(409);
  });

  it('resumes early; a paused subscription’s amount changes here only, and its resume asks for the new amount', async () => {
    passAll();
    const { token } = await signUp(t);
    const orderId = await subscribe(token, 480);
    expect((await resume(token, orderId)).status).toBe(409);
    expect((await resume(token, orderId)).body.message).toBe(PAYMENT_MESSAGES.notPaused);
    expect((await pause(token, orderId, 3)).status).toBe(200);
    expect((await changeAmount(token, orderId, 240)).body.subscription.data.amount).toBe(240);
    expect(callsOf(orderId, 'subscribe_update')).toEqual([]);
    const checkout = (await resume(token, orderId)).body;
    expect(LiqPaySigner.decode(checkout.data)).toMatchObject({ amount: 240 });
    await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' });
    expect((await order(checkout.orderId)).status).toBe('subscribed');
    expect((await order(orderId)).status).toBe('unsubscribed');
    expect(kinds(await events(orderId)).sort()).toEqual(['amount_changed', 'paused', 'resumed']);
  });

  it('five pauses at once: one provider call, one event; a cancelled pause is not told to resume', async () => {
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 480);
    answer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { pass: true };
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => pause(payer.token, orderId, 1)));
    passAll();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.subscription.objSub.pausedUntil)).size).toBe(1);
    expect(callsOf(orderId, 'unsubscribe')).toHaveLength(1);
    expect(kinds(await events(orderId))).toEqual(['paused']);

    // Cancelling a paused one asks nothing of the provider (nothing runs there).
    const cancelled = await t.api('POST', '/api/payments/unsubscribe', { token: payer.token, body: { orderId } });
    expect(cancelled.body.message).toBe(PAYMENT_MESSAGES.cancelled);
    expect(callsOf(orderId, 'unsubscribe')).toHaveLength(1);
    expect(kinds(await events(orderId)).sort()).toEqual(['cancelled', 'paused']);
    expect(await monthlyTotal(payer.token)).toBe(0);
    const { resume_at: resumeAt } = await order(orderId);
    t.clock.advance((resumeAt ?? 0) - t.clock.now());
    await t.app.services.notifications.tick();
    expect(
      (await notificationsOf(t, payer, 'payments')).filter((n: { title: string }) => n.title.startsWith('Пауза')),
    ).toEqual([]);
  });

  it('the provider’s unsubscribed callback that arrives while our pause call is under way completes the pause, once; so does a cut answer after it', async () => {
    const { token } = await signUp(t);
    const first = await subscribe(token, 480);
    const second = await subscribe(token, 240);
    const echo = (orderId: string) => async () => {
      await providerCallback(t, {
        action: 'subscribe',
        status: 'unsubscribed',
        order_id: orderId,
        end_date: t.clock.now(),
      });
    };

    // The callback first, then the provider's answer.
    answer(() => ({ pass: true, after: echo(first) }));
    expect((await pause(token, first, 1)).status).toBe(200);
    // The callback first, then the connection breaks before the answer is read.
    answer(() => ({ cut: true, forward: true, after: echo(second) }));
    const cut = await pause(token, second, 2);
    passAll();
    expect(cut.status).toBe(200);
    expect(cut.body.subscription.objSub.status).toBe('paused');

    for (const orderId of [first, second]) {
      expect(await order(orderId)).toMatchObject({ status: 'paused', unsubscribed_at: null, pending_change: null });
      expect(kinds(await events(orderId))).toEqual(['paused']);
    }
    const outcomes = await t.app.services.db
      .selectFrom('payment_callbacks')
      .select(['order_id', 'outcome'])
      .where('order_id', 'in', [first, second])
      .where('status', '=', 'unsubscribed')
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'applied']);
  });

  it('a refused or cut pause leaves the subscription running and charged; one whose answer was lost is paused when asked again', async () => {
    const { token } = await signUp(t);
    const orderId = await subscribe(token, 480);
    answer(() => ({ refuse: { result: 'error', status: 'error', err_code: 'unknown' } }));
    const refused = await pause(token, orderId, 1);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(PAYMENT_MESSAGES.providerRefusedPause);
    answer(() => ({ cut: true }));
    const cut = await pause(token, orderId, 1);
    expect(cut.status).toBe(502);
    expect(cut.body.message).toBe(PAYMENT_MESSAGES.providerFailed);
    passAll();
    expect(await order(orderId)).toMatchObject({
      status: 'subscribed',
      paused_at: null,
      resume_at: null,
      pending_change: null,
    });
    expect(await events(orderId)).toEqual([]);
    await t.app.services.sandbox?.chargeNext(orderId);
    expect(await totalDonat(token)).toBe(960);

    // The provider paused it, but its answer never came (and no callback): still running here,
    // until the donor asks again and the provider says it is not subscribed any more.
    answer(() => ({ cut: true, forward: true }));
    expect((await pause(token, orderId, 1)).status).toBe(502);
    passAll();
    expect((await order(orderId)).status).toBe('subscribed');
    const again = await pause(token, orderId, 1);
    expect(again.status).toBe(200);
    expect(again.body.subscription.objSub.status).toBe('paused');
    expect(kinds(await events(orderId))).toEqual(['paused']);
  });
});

describe('someone else’s, a cancelled one, and the limit', () => {
  it('a change, pause or resume of someone else’s subscription is 404 and changes nothing; a cancelled one is 409', async () => {
    passAll();
    const owner = await signUp(t);
    const orderId = await subscribe(owner.token, 480);
    const stranger = await signUp(t);
    const oneOff = (
      await t.api('POST', '/api/payments/donat', {
        token: owner.token,
        body: { amount: 40, subscribe: false, offerAccepted: true },
      })
    ).body.orderId;
    const before = await order(orderId);
    for (const [token, id] of [
      [stranger.token, orderId],
      [owner.token, 'sub-nobody'],
      [owner.token, oneOff],
    ] as const) {
      for (const attempt of [changeAmount(token, id, 960), pause(token, id, 1), resume(token, id)]) {
        const refused = await attempt;
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe(PAYMENT_MESSAGES.subscriptionNotFound);
      }
    }
    expect(await order(orderId)).toEqual(before);
    expect(calls.filter((c) => c.params.order_id === orderId && c.params.action !== 'status')).toEqual([]);
    expect(await events(orderId)).toEqual([]);
    expect((await t.api('PATCH', `/api/payments/subscriptions/${orderId}`, { body: { amount: 960 } })).status).toBe(
      401,
    );

    expect((await t.api('POST', '/api/payments/unsubscribe', { token: owner.token, body: { orderId } })).status).toBe(
      200,
    );
    for (const attempt of [
      changeAmount(owner.token, orderId, 960),
      pause(owner.token, orderId, 1),
      resume(owner.token, orderId),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(PAYMENT_MESSAGES.alreadyCancelled);
    }
    expect(kinds(await events(orderId))).toEqual(['cancelled']);
  });

  it('limits a donor’s changes per hour like the other money steps', async () => {
    passAll();
    const { token } = await signUp(t);
    const orderId = await subscribe(token, 480);
    for (let i = 0; i < 30; i++) expect((await changeAmount(token, orderId, 480)).status).toBe(200);
    const limited = await changeAmount(token, orderId, 520);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(PAYMENT_MESSAGES.tooManyChanges);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await order(orderId)).amount_kop).toBe(48_000);
  });
});
