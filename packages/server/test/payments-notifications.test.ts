import { addMonth, kyivTime } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmEmail, decodeQuotedPrintable, startTestApp, type TestApp, until } from './support/app.js';
import { DAY, notificationsOf, signUp } from './support/courses.js';
import { postForm, providerCallback } from './support/liqpay.js';

let t: TestApp;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A monthly subscription of `amount` UAH, paid through the sandbox's checkout (subscribed + first charge). */
async function subscribe(token: string, amount: number, choice: 'pay' | 'decline' = 'pay') {
  const { body: checkout } = await t.api('POST', '/api/payments/donat', {
    token,
    body: { amount, subscribe: true, offerAccepted: true },
  });
  const done = await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice });
  expect(done.status).toBe(303);
  return checkout.orderId as string;
}
type Person = Awaited<ReturnType<typeof signUp>>;
const paymentsOf = (payer: Person) => notificationsOf(t, payer, 'payments');
async function mailsTo(email: string, count: number): Promise<string[]> {
  // The address check mailed at registration is not a payment's mail.
  const mine = async () =>
    (await t.outbox())
      .filter((m) => m.includes(`To: ${email}`))
      .map(decodeQuotedPrintable)
      .filter((m) => !m.includes('/confirm-email/'));
  let found: string[] = [];
  await until(() => {
    mine().then((m) => {
      found = m;
    });
    return found.length >= count;
  }, 10_000);
  return found;
}

describe('payments notifications', () => {
  it('a monthly charge is told in the app and by mail, with its amount and date; once per charge', async () => {
    t.clock.advance(kyivTime(2026, 4, 10, 12) - t.clock.now());
    const payer = await signUp(t);
    const { token, person } = payer;
    // Receipts go to a confirmed address (account.test.ts: held until then).
    await confirmEmail(t, person.email);
    const orderId = await subscribe(token, 480);
    const [charged, ...more] = await paymentsOf(payer);
    expect(more).toEqual([]);
    expect(charged).toMatchObject({
      title: 'Щомісячний внесок отримано',
      body: '480,00\u00a0₴, 12:00, 10 квітня 2026. Дякуємо, що підтримуєте рух!',
      link: '/uk/donat',
    });
    const [mail] = await mailsTo(person.email, 1);
    // The mail writes money as every screen does (issue 18, item 9).
    expect(mail).toContain('Ми отримали ваш щомісячний внесок: 480,00\u00a0₴, 12:00, 10 квітня 2026.');

    t.clock.advance(30 * DAY);
    await t.app.services.sandbox?.chargeNext(orderId);
    expect(await paymentsOf(payer)).toHaveLength(2);
  });

  it('a declined monthly checkout and a failed charge tell the payer: the restart, and to wait for the retries', async () => {
    const payer = await signUp(t);
    const { token } = payer;
    const declinedOrder = await subscribe(token, 120, 'decline');
    const [declined] = await paymentsOf(payer);
    expect(declined).toMatchObject({
      title: 'Щомісячну підтримку не оформлено',
      link: `/uk/donat/restart/${declinedOrder}`,
    });
    expect(declined.body).toContain('120,00\u00a0₴');

    const orderId = await subscribe(token, 240);
    const failure = (paymentId: string) => ({
      action: 'regular',
      status: 'failure',
      order_id: orderId,
      payment_id: paymentId,
      amount: 240,
      currency: 'UAH',
      end_date: t.clock.now() + 1000,
    });
    await providerCallback(t, failure('failed-1'));
    await providerCallback(t, failure('failed-1')); // the provider repeats a callback
    await providerCallback(t, failure('failed-2')); // and retries the charge: still one notice
    const failed = (await paymentsOf(payer)).filter((n: { title: string }) => n.title.startsWith('Не вдалося'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ link: '/uk/bonus/subscriptions' });
    expect(failed[0].body).toContain('Нову підписку оформлювати не потрібно');
    // The running subscription is not touched by a failed charge (the provider retries it).
    expect((await t.api('GET', `/api/payments/orders/${orderId}`, { token })).body.status).toBe('subscribed');
  });

  it('three days before the next charge, once, at Kyiv midnight exactly; not for a cancelled subscription', async () => {
    // Charged at Kyiv midnight on 31 January: the next charge is a calendar month on.
    const start = kyivTime(2027, 1, 31, 0, 0);
    t.clock.advance(start - t.clock.now());
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 480);
    const cancelled = await signUp(t);
    const cancelledOrder = await subscribe(cancelled.token, 480);
    expect(
      (await t.api('POST', '/api/payments/unsubscribe', { token: cancelled.token, body: { orderId: cancelledOrder } }))
        .status,
    ).toBe(200);
    const next = addMonth(start);
    const due = () =>
      paymentsOf(payer).then((l) => l.filter((n: { title: string }) => n.title.startsWith('Незабаром')));

    t.clock.advance(next - 3 * DAY - MINUTE - t.clock.now());
    await t.app.services.notifications.tick();
    expect(await due()).toEqual([]);

    t.clock.advance(MINUTE);
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    t.clock.advance(DAY);
    await t.app.services.notifications.tick();
    const [reminder, ...more] = await due();
    expect(more).toEqual([]);
    // 31 January plus a calendar month is the last day of February.
    expect(reminder.body).toBe('28-02-2027 буде списано 480,00\u00a0₴.');
    expect((await paymentsOf(cancelled)).filter((n: { title: string }) => n.title.startsWith('Незабаром'))).toEqual([]);

    // The charge comes; the next reminder is a month later, for the next charge.
    t.clock.advance(next - t.clock.now());
    await t.app.services.sandbox?.chargeNext(orderId);
    await t.app.services.notifications.tick();
    expect(await due()).toHaveLength(1);
    t.clock.advance(addMonth(next) - 3 * DAY - t.clock.now());
    await t.app.services.notifications.tick();
    expect(await due()).toHaveLength(2);
  });
});
