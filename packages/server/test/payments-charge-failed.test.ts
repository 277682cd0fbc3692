import {
  addMonth,
  CHARGE_RETRY_WINDOW_MS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  formatDate,
  kyivTime,
} from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSandbox, UsageError } from '../src/cli/sandbox.js';
import { loadConfig } from '../src/infra/config.js';
import { LiqPaySigner } from '../src/infra/liqpay/index.js';
import { startTestApp, type TestApp, until } from './support/app.js';
import { DAY, notificationsOf, signIn, signUp, withoutQuietHours } from './support/courses.js';
import { postForm, providerCallback } from './support/liqpay.js';
import { type ReceivedMail, startSmtp } from './support/smtp.js';

// A failed monthly charge (issue 22, item 3): the sandbox's `fail` command through the server's
// callback route, the notices (wait while the provider retries; after that, the restart), and the
// one-click restart: own only, idempotent, never two live subscriptions.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;

/** A monthly subscription of `amount` UAH, paid through the sandbox's checkout (subscribed + first charge). */
async function subscribe(token: string, amount: number, comment?: string): Promise<string> {
  const { body: checkout } = await t.api('POST', '/api/payments/donat', {
    token,
    body: { amount, subscribe: true, offerAccepted: true, ...(comment ? { comment } : {}) },
  });
  expect((await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' })).status).toBe(303);
  return checkout.orderId as string;
}

/** A failed monthly charge as the provider reports it, at `at`. */
const failure = (orderId: string, amount: number, at: number, paymentId = `failed-${at}`) =>
  providerCallback(t, {
    action: 'regular',
    status: 'failure',
    order_id: orderId,
    payment_id: paymentId,
    amount,
    currency: 'UAH',
    err_code: 'limit',
    err_description: 'The limit for the amount or number of customer payments has been exceeded',
    end_date: at,
  });

const order = (orderId: string) =>
  t.app.services.db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const ordersOf = (userId: string) =>
  t.app.services.db
    .selectFrom('payment_orders')
    .select(['order_id', 'status', 'amount_kop', 'info', 'restarted_to'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
/** Whether the sandbox (the provider) has the subscription cancelled. */
const cancelledAtProvider = async (orderId: string) => {
  const row = await t.app.services.db
    .selectFrom('liqpay_sandbox_subscriptions')
    .select('unsubscribed_at')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.unsubscribed_at !== null;
};
const paymentsOf = (payer: Person) => notificationsOf(t, payer, 'payments');
const titled = async (payer: Person, start: string) =>
  (await paymentsOf(payer)).filter((n: { title: string }) => n.title.startsWith(start));
const restart = (token: string, orderId: string) =>
  t.api('POST', `/api/payments/subscriptions/${encodeURIComponent(orderId)}/restart`, { token, body: {} });

const mailsTo = (email: string): ReceivedMail[] =>
  smtp.mails.filter((m) => m.to.includes(email) && !m.text.includes('/confirm-email/'));
async function mailTo(email: string, count: number): Promise<ReceivedMail[]> {
  await until(() => mailsTo(email).length >= count, 10_000);
  expect(mailsTo(email)).toHaveLength(count);
  return mailsTo(email);
}
/** Long enough for the job poller (every second) to have sent anything it was going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe('npm run sandbox -- fail', () => {
  it('posts a signed failed charge to the callback route; the fourth failure in a row ends the subscription', async () => {
    // The command runs on the real clock, as the operator's would: the test's clock is not moved.
    const payer = await signUp(t);
    await withoutQuietHours(t, payer.token);
    const orderId = await subscribe(payer.token, 240, 'Разом');
    const cli = (...args: string[]) => runSandbox(args, loadConfig(t.env));

    await expect(cli('fail')).rejects.toThrow(UsageError);
    await expect(cli('fail', 'sub-nobody')).rejects.toThrow('Пісочниця LiqPay: підписки sub-nobody немає');
    expect(await cli('fail', orderId)).toMatch(new RegExp(`^Невдалу спробу №1 списання підписки ${orderId} надіслано`));

    // It came through the callback route, signed, with the provider's fields; stored raw and applied.
    const [callback] = await t.app.services.db
      .selectFrom('payment_callbacks')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', 'failure')
      .execute();
    expect(callback).toMatchObject({ action: 'regular', outcome: 'failed' });
    expect(LiqPaySigner.decode(callback?.data ?? '')).toMatchObject({
      action: 'regular',
      status: 'failure',
      order_id: orderId,
      amount: 240,
      currency: 'UAH',
      err_code: 'limit',
      err_description: 'The limit for the amount or number of customer payments has been exceeded',
    });
    // The subscription runs on: the provider retries the charge.
    const failing = await order(orderId);
    expect(failing).toMatchObject({ status: 'subscribed' });
    expect(failing.charge_failed_at).toBeGreaterThan(0);

    // Told once, in the app and by mail: wait, do not start again (a retry could then charge twice).
    const [told, ...more] = await titled(payer, 'Не вдалося списати');
    expect(more).toEqual([]);
    expect(told).toMatchObject({ link: '/uk/bonus/subscriptions' });
    expect(told.body).toMatch(/^240,00\u00a0₴: LiqPay спробує ще раз до .+\. Нову підписку оформлювати не потрібно\.$/);
    const [waitMail] = await mailTo(payer.person.email, 1);
    expect(waitMail?.text).toContain('Щомісячний внесок 240,00\u00a0₴ не вдалося списати');
    expect(waitMail?.text).toContain('не оформлюйте поки нову підписку');
    expect(waitMail?.text).not.toContain('/uk/donat/restart/');
    // Nor may it be restarted yet.
    const early = await restart(payer.token, orderId);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^LiqPay ще намагається списати внесок — до /);

    // The provider's three retries fail too; after the last it ends the subscription itself.
    expect(await cli('fail', orderId)).toContain('№2');
    expect(await cli('fail', orderId)).toContain('№3');
    expect(await cli('fail', orderId)).toMatch(/№4 .*; спроби вичерпано — підписку завершено \(unsubscribed\)$/);
    await expect(cli('fail', orderId)).rejects.toThrow(`Пісочниця LiqPay: підписку ${orderId} скасовано`);
    expect(await order(orderId)).toMatchObject({ status: 'unsubscribed' });
    expect(await titled(payer, 'Не вдалося списати')).toHaveLength(1);
    const [ended] = await titled(payer, 'Підписку зупинено');
    expect(ended).toMatchObject({ link: `/uk/donat/restart/${orderId}` });
    expect(ended.body).toBe('240,00\u00a0₴ щомісяця. Відновіть підписку одним кліком — сума й коментар ті самі.');
    const [, endedMail] = await mailTo(payer.person.email, 2);
    expect(endedMail?.text).toContain(`Відновити підписку: ${t.url}/uk/donat/restart/${orderId}`);

    // A charge after that is the operator's mistake, refused like the provider would.
    await expect(cli('charge', orderId)).rejects.toThrow('скасовано');
  });

  it('a charge that goes through resets the count of failures in a row', async () => {
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 80);
    const cli = (...args: string[]) => runSandbox(args, loadConfig(t.env));
    for (let i = 0; i < 3; i += 1) await cli('fail', orderId);
    expect(await cli('charge', orderId)).toContain('Списання №2');
    expect((await order(orderId)).charge_failed_at).toBeNull();
    expect(await cli('fail', orderId)).toContain('№1');
  });
});

describe('a failed charge over time', () => {
  it('a retry that succeeds ends the run, and the reminder counts from it', async () => {
    // First charged today, 15 May 2027, 10:00 Kyiv.
    const start = kyivTime(2027, 5, 15, 10);
    t.clock.advance(start - t.clock.now());
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 480);
    const due = () => titled(payer, 'Незабаром');
    const list = async () =>
      (
        await t.api('GET', '/api/payments/subscriptions', {
          token: await signIn(t, payer.person.email, payer.person.password),
        })
      ).body.subscriptions[0].objSub;

    // The first charge was today: the reminder is three days before the next, a month on, once.
    await t.app.services.notifications.tick();
    expect(await due()).toEqual([]);
    const next = addMonth(start);
    expect((await list()).nextPaymentDate).toBe(next);
    t.clock.advance(next - 3 * DAY - t.clock.now());
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    const [first, ...more] = await due();
    expect(more).toEqual([]);
    expect(first.body).toBe(`${formatDate(next)} буде списано 480,00\u00a0₴.`);

    // The charge fails: no next date while the provider retries, and the reminder is not made for it.
    t.clock.advance(next - t.clock.now());
    await failure(orderId, 480, next);
    expect(await list()).toMatchObject({ nextPaymentDate: null, chargeFailedAt: next, restartable: false });
    // A retry a day later goes through: the run is over, the next charge a month after it.
    const retried = next + DAY;
    t.clock.advance(DAY);
    await providerCallback(t, {
      action: 'regular',
      status: 'success',
      order_id: orderId,
      payment_id: `retry-${orderId}`,
      amount: 480,
      currency: 'UAH',
      end_date: retried,
    });
    expect(await list()).toMatchObject({ nextPaymentDate: addMonth(retried), chargeFailedAt: null });
    // A late report of the failed attempt starts no new run.
    await failure(orderId, 480, next, 'late-report');
    expect((await order(orderId)).charge_failed_at).toBeNull();
    // Nothing ends it: the sweep finds no failing run, whatever the clock says.
    t.clock.advance(CHARGE_RETRY_WINDOW_MS);
    await t.app.services.notifications.tick();
    expect(await order(orderId)).toMatchObject({ status: 'subscribed' });
    t.clock.advance(addMonth(retried) - 3 * DAY - t.clock.now());
    await t.app.services.notifications.tick();
    const reminders = await due();
    expect(reminders).toHaveLength(2);
    expect(reminders[0].body).toBe(`${formatDate(addMonth(retried))} буде списано 480,00\u00a0₴.`);
    expect(await titled(payer, 'Підписку зупинено')).toEqual([]);
  });

  it('past the retries the minute ends it at the provider and offers the restart, by preferences and quiet hours', async () => {
    // 23:00 Kyiv, inside the default quiet hours (22–08); the retries end at midnight 4 days on.
    const failedAt = kyivTime(2027, 9, 1, 23);
    t.clock.advance(failedAt - 35 * DAY - t.clock.now());
    const quiet = await signUp(t);
    const noMail = await signUp(t);
    const off = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      categories: {
        ...DEFAULT_NOTIFICATION_PREFERENCES.categories,
        payments: { inApp: true, email: false, push: true },
      },
    };
    expect((await t.api('PUT', '/api/notifications/preferences', { token: noMail.token, body: off })).status).toBe(200);
    const quietOrder = await subscribe(quiet.token, 160);
    const noMailOrder = await subscribe(noMail.token, 200);

    t.clock.advance(failedAt - t.clock.now());
    await failure(quietOrder, 160, failedAt);
    await failure(noMailOrder, 200, failedAt);
    // The first notice is in the app at once; its mail waits for 08:00.
    expect(await titled(quiet, 'Не вдалося списати')).toHaveLength(1);
    expect(await titled(noMail, 'Не вдалося списати')).toHaveLength(1);
    await settle();
    expect(mailsTo(quiet.person.email)).toHaveLength(0);

    // A minute before the end of the retries: nothing ends.
    t.clock.advance(CHARGE_RETRY_WINDOW_MS - 60_000);
    await t.app.services.notifications.tick();
    expect(await order(quietOrder)).toMatchObject({ status: 'subscribed' });
    t.clock.advance(60_000);
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    for (const [payer, orderId] of [
      [quiet, quietOrder],
      [noMail, noMailOrder],
    ] as const) {
      expect(await order(orderId)).toMatchObject({ status: 'unsubscribed' });
      // Cancelled at the provider: it can never charge beside a restart.
      expect(await cancelledAtProvider(orderId)).toBe(true);
      const ended = await titled(payer, 'Підписку зупинено');
      expect(ended).toHaveLength(1);
      expect(ended[0].link).toBe(`/uk/donat/restart/${orderId}`);
    }
    // Past midnight: the first mail's morning has come, the restart's waits for 08:00.
    const [waited] = await mailTo(quiet.person.email, 1);
    expect(waited?.text).toContain('Щомісячний внесок 160,00\u00a0₴ не вдалося списати');
    await settle();
    expect(mailsTo(quiet.person.email)).toHaveLength(1);
    t.clock.advance(kyivTime(2027, 9, 5, 8, 1) - t.clock.now());
    await t.app.services.notifications.tick();
    const [, restartMail] = await mailTo(quiet.person.email, 2);
    expect(restartMail?.text).toContain('не вдалося списати й після повторних спроб, тому підписку зупинено');
    expect(restartMail?.text).toContain(`${t.url}/uk/donat/restart/${quietOrder}`);
    // Payments' e-mail switched off: in the app only.
    expect(mailsTo(noMail.person.email)).toHaveLength(0);
  });
});

describe('the one-click restart', () => {
  /** A subscription that ended after its failed charge (the provider gave up and said so). */
  async function endedAfterFailure(amount: number, comment?: string) {
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, amount, comment);
    await failure(orderId, amount, t.clock.now() + 1000);
    await providerCallback(t, {
      action: 'unsubscribe',
      status: 'unsubscribed',
      order_id: orderId,
      end_date: t.clock.now() + 2000,
    });
    expect(await order(orderId)).toMatchObject({ status: 'unsubscribed' });
    return { payer, orderId };
  }

  it('is the payer’s own: someone else’s order, a one-off, an unknown one is 404 and nothing changes', async () => {
    const { payer, orderId } = await endedAfterFailure(120);
    const stranger = await signUp(t);
    const before = await ordersOf(payer.user._id);

    const theirs = await restart(stranger.token, orderId);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Підписку не знайдено');
    expect((await restart(payer.token, 'sub-no-such-order')).status).toBe(404);
    expect((await t.api('POST', `/api/payments/subscriptions/${orderId}/restart`, { body: {} })).status).toBe(401);
    const { body: once } = await t.api('POST', '/api/payments/donat', {
      token: payer.token,
      body: { amount: 40, subscribe: false, offerAccepted: true },
    });
    expect((await restart(payer.token, once.orderId)).status).toBe(404);

    expect(await ordersOf(stranger.user._id)).toEqual([]);
    expect((await ordersOf(payer.user._id)).filter((o) => o.order_id !== once.orderId)).toEqual(before);
    // A running subscription with no failed charge has nothing to restart.
    const running = await subscribe(payer.token, 80);
    const refused = await restart(payer.token, running);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Цю підписку не потрібно відновлювати/);
  });

  it('repeated and concurrent, it prepares one checkout with the same amount and comment; once paid, never another', async () => {
    const { payer, orderId } = await endedAfterFailure(360, 'Для Марти');
    const listed = async () =>
      (await t.api('GET', `/api/payments/subscriptions/${orderId}`, { token: payer.token })).body.objSub;
    expect(await listed()).toMatchObject({ isUnsubscribe: true, restartable: true });

    const answers = await Promise.all(Array.from({ length: 6 }, () => restart(payer.token, orderId)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const [checkout] = answers.map((a) => a.body);
    for (const a of answers) expect(a.body).toEqual(checkout);
    expect(checkout).toMatchObject({
      checkoutUrl: `${t.url}/sandbox/liqpay/checkout`,
      amount: 360,
      comment: 'Для Марти',
      restartOf: orderId,
    });
    expect(checkout.orderId).not.toBe(orderId);
    expect(LiqPaySigner.decode(checkout.data)).toMatchObject({
      action: 'subscribe',
      amount: 360,
      info: 'Для Марти',
      order_id: checkout.orderId,
      subscribe: '1',
      subscribe_periodicity: 'month',
      result_url: `${t.url}/uk/donat?order=${checkout.orderId}`,
      customer: payer.user._id,
    });
    // One new order, pending, in the old one's place; a later repeat hands back the same checkout.
    const pending = (await ordersOf(payer.user._id)).filter((o) => o.status === 'pending');
    expect(pending.map((o) => o.order_id)).toEqual([checkout.orderId]);
    expect((await order(orderId)).restarted_to).toBe(checkout.orderId);
    expect((await restart(payer.token, orderId)).body).toEqual(checkout);

    // The donor confirms at the checkout: subscribed again, with the same amount and comment.
    expect((await postForm(t, '/sandbox/liqpay/checkout/complete', { ...checkout, choice: 'pay' })).status).toBe(303);
    expect(await order(checkout.orderId)).toMatchObject({ status: 'subscribed', amount_kop: 36000, info: 'Для Марти' });
    expect(await listed()).toMatchObject({ restartable: false });

    // Restarting again, however often, starts nothing: one live subscription.
    const again = await Promise.all(Array.from({ length: 3 }, () => restart(payer.token, orderId)));
    for (const a of again) {
      expect(a.status).toBe(409);
      expect(a.body.message).toBe('Цю підписку вже відновлено.');
    }
    const live = (await ordersOf(payer.user._id)).filter((o) => o.status === 'subscribed');
    expect(live.map((o) => o.order_id)).toEqual([checkout.orderId]);
  });

  it('a declined restart may be restarted again, from either link, into one pending order', async () => {
    const { payer, orderId } = await endedAfterFailure(40);
    const { body: first } = await restart(payer.token, orderId);
    await postForm(t, '/sandbox/liqpay/checkout/complete', { ...first, choice: 'decline' });
    expect(await order(first.orderId)).toMatchObject({ status: 'failed' });
    // The declined checkout's own notice links to its restart; both links lead to the same new order.
    const [viaOld, viaDeclined] = await Promise.all([
      restart(payer.token, orderId),
      restart(payer.token, first.orderId),
    ]);
    expect(viaOld.status).toBe(200);
    expect(viaDeclined.body).toEqual({ ...viaOld.body, restartOf: first.orderId });
    expect(viaOld.body.orderId).not.toBe(first.orderId);
    const pending = (await ordersOf(payer.user._id)).filter((o) => o.status === 'pending');
    expect(pending.map((o) => o.order_id)).toEqual([viaOld.body.orderId]);
  });

  it('past the retries but before the sweep, the restart ends the old one at the provider itself', async () => {
    const payer = await signUp(t);
    const orderId = await subscribe(payer.token, 120);
    await failure(orderId, 120, t.clock.now() + 1000);
    t.clock.advance(CHARGE_RETRY_WINDOW_MS + HOUR);
    const token = await signIn(t, payer.person.email, payer.person.password);
    const answer = await restart(token, orderId);
    expect(answer.status).toBe(200);
    expect(await order(orderId)).toMatchObject({ status: 'unsubscribed', restarted_to: answer.body.orderId });
    expect(await cancelledAtProvider(orderId)).toBe(true);
    expect(await titled(payer, 'Підписку зупинено')).toHaveLength(1);
  });
});
