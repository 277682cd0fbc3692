import { screen, waitFor, within } from '@testing-library/react';
import { CHARGE_RETRY_WINDOW_MS, kyivTime, type RestartCheckout, type Subscription } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { subscriptionFixture } from '../../../test/payments';
import { renderApp } from '../../../test/renderApp';

const checkout: RestartCheckout = {
  checkoutUrl: 'http://localhost/sandbox/liqpay/checkout',
  data: 'eyJhY3Rpb24iOiJzdWJzY3JpYmUifQ==',
  signature: 'c2lnbmF0dXJl',
  orderId: 'sub-new',
  amount: 240,
  comment: 'Для Марти',
  restartOf: 'sub-old',
};
const RESTART = 'POST /api/payments/subscriptions/sub-old/restart';
const submitted = () => vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});

describe('/uk/donat/restart/:orderId: a failed charge’s one-click restart', () => {
  it('asks the server for the checkout and goes straight on to it: amount and comment as before', async () => {
    const submit = submitted();
    const fetchMock = signedInApi({ [RESTART]: () => json(checkout) });
    renderApp('/uk/donat/restart/sub-old');
    expect(await screen.findByRole('heading', { name: 'Відновлюємо підписку' })).toHaveFocus();
    expect(screen.getByText(/^240,00\s₴ щомісяця$/)).toBeInTheDocument();
    expect(screen.getByText('«Для Марти»')).toBeInTheDocument();

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe(checkout.checkoutUrl);
    expect(Object.fromEntries(new FormData(form))).toEqual({ data: checkout.data, signature: checkout.signature });
    // Nothing to retype: the only call is the restart, whose body is empty.
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/payments'));
    expect(calls.length).toBeGreaterThan(0);
    for (const [url, init] of calls) {
      expect(`${init?.method} ${url}`).toBe(RESTART);
      expect(JSON.parse(String(init?.body))).toEqual({});
    }
    // Should the automatic step be held up, one press goes on.
    expect(screen.getByRole('button', { name: 'Перейти до оплати' })).toBeEnabled();
  });

  it('a refusal (someone else’s, still retrying, already restarted) is shown with the ways on, and nothing is submitted', async () => {
    const submit = submitted();
    signedInApi({ [RESTART]: () => json({ message: 'Цю підписку вже відновлено.' }, 409) });
    renderApp('/uk/donat/restart/sub-old');
    expect(await screen.findByRole('heading', { name: 'Не вдалося відновити підписку' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Цю підписку вже відновлено.');
    expect(screen.getByRole('link', { name: 'Мої підписки' })).toHaveAttribute('href', '/uk/bonus/subscriptions');
    expect(screen.getByRole('link', { name: 'Оформити нову підтримку' })).toHaveAttribute('href', '/uk/donat');
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('«Підписки»: a failed charge in its card', () => {
  const failedAt = kyivTime(2026, 4, 3, 14, 5);
  const subscription = (objSub: Partial<Subscription['objSub']>): Subscription =>
    subscriptionFixture({
      orderId: 'sub-old',
      amount: 240,
      paidAt: failedAt,
      objSub: { nextPaymentDate: null, chargeFailedAt: failedAt, ...objSub },
    });

  it('while the provider retries: nothing to do, and no restart', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': () => json({ subscriptions: [subscription({})], totalPages: 1 }),
    });
    renderApp('/uk/bonus/subscriptions');
    const item = within(await screen.findByRole('list', { name: 'Підписки' })).getByRole('listitem');
    const until = new Date(failedAt + CHARGE_RETRY_WINDOW_MS);
    expect(until.getTime()).toBe(kyivTime(2026, 4, 6, 15, 5));
    expect(item).toHaveTextContent(
      'Списання 03-04-2026 14:05 не вдалося. LiqPay спробує ще раз до 06-04-2026 15:05; нову підписку оформлювати не потрібно.',
    );
    expect(within(item).queryByRole('link', { name: 'Відновити підписку' })).toBeNull();
  });

  it('ended after it: «Відновити підписку» leads to the one-click restart', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': () =>
        json({ subscriptions: [subscription({ isUnsubscribe: true, restartable: true })], totalPages: 1 }),
    });
    renderApp('/uk/bonus/subscriptions');
    const item = within(await screen.findByRole('list', { name: 'Підписки' })).getByRole('listitem');
    expect(item).toHaveTextContent('Підписку зупинено: внесок не вдалося списати.');
    expect(within(item).getByRole('link', { name: 'Відновити підписку' })).toHaveAttribute(
      'href',
      '/uk/donat/restart/sub-old',
    );
  });
});
