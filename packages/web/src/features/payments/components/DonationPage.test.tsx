import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Checkout, OrderState } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { indicators } from '../../../test/fixtures';
import { signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const checkout: Checkout = {
  checkoutUrl: 'http://localhost/sandbox/liqpay/checkout',
  data: 'eyJhY3Rpb24iOiJwYXkifQ==',
  signature: 'c2lnbmF0dXJl',
  orderId: 'sub-1',
};

/** «480,00 ₴» as the screen writes it (contract formatUah): kopecks, a no-break space before the sign. */
const uah = (amount: number) => `${amount},00\u00a0₴`;

const submitted = () => vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
const amountField = () => screen.getByRole('spinbutton', { name: 'Сума, ₴' });
const preview = () => screen.getByText('Мій новий рівень стабільності підтримки').parentElement as HTMLElement;

describe('/uk/donat: the donation form', () => {
  it('is monthly by default and previews the level after the gift from the indicators', async () => {
    signedInApi();
    renderApp('/uk/donat');
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Підтримати рух' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Щомісяця' })).toBeChecked();
    // (120 + 120) / 40 × (2419200 / 2419200)
    await waitFor(() => expect(within(preview()).getByText('6,00')).toBeInTheDocument());
    expect(within(preview()).getByText('Зараз: 3,00')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: uah(480) }));
    expect(amountField()).toHaveValue(480);
    expect(screen.getByRole('button', { name: uah(480) })).toHaveAttribute('aria-pressed', 'true');
    expect(within(preview()).getByText('15,00')).toBeInTheDocument();

    await ui.clear(amountField());
    await ui.type(amountField(), '100');
    expect(within(preview()).getByText('—')).toBeInTheDocument();
  });

  it('explains a wrong amount and a missing agreement, and sends nothing', async () => {
    const fetchMock = signedInApi();
    renderApp('/uk/donat');
    const ui = userEvent.setup();
    await screen.findByRole('heading', { name: 'Підтримати рух' });
    await ui.clear(amountField());
    await ui.type(amountField(), '100');
    await ui.click(screen.getByRole('button', { name: 'Перейти до оплати' }));

    expect(screen.getByText(/Сума має бути кратною 40,00 ₴ — від 40,00 ₴ до 100 000,00 ₴/)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveFocus();
    expect(screen.getByText('Щоб продовжити, погодьтеся з умовами публічної оферти.')).toBeInTheDocument();
    // The nearest valid amount is one press away.
    await ui.click(screen.getByRole('button', { name: `Обрати ${uah(120)}` }));
    expect(amountField()).toHaveValue(120);
    expect(amountField()).not.toHaveAttribute('aria-invalid');

    await ui.click(screen.getByRole('button', { name: 'Перейти до оплати' }));
    expect(screen.getByRole('checkbox', { name: /публічної оферти/ })).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments/donat')).toBe(false);
  });

  it('posts the order, then submits the signed form to the checkout (a real navigation)', async () => {
    const submit = submitted();
    const fetchMock = signedInApi({ 'POST /api/payments/donat': () => json(checkout) });
    renderApp('/uk/donat');
    const ui = userEvent.setup();
    await screen.findByRole('heading', { name: 'Підтримати рух' });
    await ui.click(screen.getByRole('button', { name: uah(480) }));
    await ui.type(screen.getByLabelText('Коментар (необовʼязково)'), '  Разом сильніші  ');
    expect(screen.getByText('18 з 30 символів')).toBeInTheDocument();
    await ui.click(screen.getByRole('checkbox', { name: 'Я погоджуюся з умовами публічної оферти' }));
    await ui.click(screen.getByRole('button', { name: 'Перейти до оплати' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/payments/donat');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      amount: 480,
      subscribe: true,
      offerAccepted: true,
      comment: 'Разом сильніші',
    });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe(checkout.checkoutUrl);
    expect(Object.fromEntries(new FormData(form))).toEqual({ data: checkout.data, signature: checkout.signature });
    expect(screen.getByRole('button', { name: 'Переходимо до оплати…' })).toBeDisabled();
  });

  it('a one-off gift is sent without subscription; a refused order shows the server message', async () => {
    const fetchMock = signedInApi({
      'POST /api/payments/donat': () => json({ message: 'Публічна оферта: потрібна ваша згода' }, 400),
    });
    renderApp('/uk/donat');
    const ui = userEvent.setup();
    await screen.findByRole('heading', { name: 'Підтримати рух' });
    await ui.click(screen.getByRole('radio', { name: 'Один раз' }));
    await ui.click(screen.getByRole('checkbox', { name: /публічної оферти/ }));
    await ui.click(screen.getByRole('button', { name: 'Перейти до оплати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Публічна оферта: потрібна ваша згода');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/payments/donat');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ amount: 120, subscribe: false, offerAccepted: true });
    expect(screen.getByRole('button', { name: 'Перейти до оплати' })).toBeEnabled();
  });

  it('«публічної оферти» opens the offer in a modal dialog, which closes again', async () => {
    signedInApi();
    const app = renderApp('/uk/donat');
    const ui = userEvent.setup();
    await screen.findByRole('heading', { name: 'Підтримати рух' });
    await ui.click(screen.getByRole('button', { name: 'публічної оферти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Публічна оферта' });
    expect(dialog).toHaveTextContent('безповоротну благодійну допомогу');
    expect(app.store.getState().modal?.isOpenModal).toBe(true);
    // Opening the offer does not tick the agreement.
    expect(screen.getByRole('checkbox', { name: /публічної оферти/ })).not.toBeChecked();
    await ui.click(within(dialog).getByRole('button', { name: 'Закрити' }));
    expect(app.store.getState().modal?.isOpenModal).toBe(false);
  });

  it('?amount=&type= from a gratitude prefills the form', async () => {
    signedInApi();
    renderApp('/uk/donat?amount=1920&type=once');
    await screen.findByRole('heading', { name: 'Підтримати рух' });
    expect(amountField()).toHaveValue(1920);
    expect(screen.getByRole('radio', { name: 'Один раз' })).toBeChecked();
  });
});

describe('/uk/donat?order=: back from the checkout', () => {
  const order = (status: OrderState['status'], subscribe = false): OrderState => ({
    orderId: 'don-1',
    amount: 120,
    subscribe,
    status,
  });

  it('a paid order thanks, and the indicators (the header level too) are fetched again', async () => {
    let calls = 0;
    signedInApi({
      'GET /api/payments/orders/don-1': () => json(order('paid')),
      'GET /api/partners/indicators': () => {
        calls += 1;
        return json(calls === 1 ? indicators : { ...indicators, totalDonat: 240, levelSupport: 6 });
      },
    });
    renderApp('/uk/donat?order=don-1');
    expect(await screen.findByRole('heading', { name: 'Дякуємо!' })).toBeInTheDocument();
    expect(screen.getByText('Внесок 120,00 ₴ зараховано.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('6,00')).toBeInTheDocument();
    // The office menu shows the new level.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Олена' }));
    expect(screen.getByText('Рівень стабільності підтримки').parentElement).toHaveTextContent('6,00');
    expect(screen.getByRole('link', { name: 'Мої внески' })).toHaveAttribute('href', '/uk/bonus/payments');
  });

  it('a subscription says it is active', async () => {
    signedInApi({
      'GET /api/payments/orders/sub-1': () => json({ ...order('subscribed', true), orderId: 'sub-1', amount: 480 }),
    });
    renderApp('/uk/donat?order=sub-1');
    expect(await screen.findByText('Підписку на 480,00 ₴ щомісяця оформлено — вона діє.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Мої підписки' })).toHaveAttribute('href', '/uk/bonus/subscriptions');
  });

  it('a failed payment says so and offers to try again with the same amount and kind', async () => {
    signedInApi({ 'GET /api/payments/orders/don-1': () => json(order('failed')) });
    renderApp('/uk/donat?order=don-1');
    expect(await screen.findByRole('heading', { name: 'Оплату не завершено' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Спробувати ще раз' })).toHaveAttribute(
      'href',
      '/uk/donat?amount=120&type=once',
    );
  });

  it('a pending order is checked again until the provider confirms it', async () => {
    let looks = 0;
    signedInApi({
      'GET /api/payments/orders/don-1': () => {
        looks += 1;
        return json(order(looks < 2 ? 'pending' : 'paid'));
      },
    });
    renderApp('/uk/donat?order=don-1');
    await screen.findByText('Перевіряємо оплату…');
    expect(await screen.findByRole('heading', { name: 'Дякуємо!' })).toBeInTheDocument();
    expect(looks).toBe(2);
  });

  it('an order that is not mine shows the server message', async () => {
    signedInApi({ 'GET /api/payments/orders/x': () => json({ message: 'Замовлення не знайдено' }, 404) });
    renderApp('/uk/donat?order=x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Замовлення не знайдено');
    expect(screen.getByRole('link', { name: 'Спробувати ще раз' })).toHaveAttribute('href', '/uk/donat');
  });
});
