import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonth, formatDate, kyivTime, type Subscription, type SubscriptionDetail } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { subscriptionFixture } from '../../../test/payments';
import { renderApp } from '../../../test/renderApp';

// Issue 22, items 1–3 on the screen: «Змінити суму», «Призупинити», «Відновити», the next charge
// with its amount, and the subscription's changes in its history.

/** «480,00 ₴» as text content reads it (its no-break space normalized) … */
const uah = (amount: number) => `${amount},00 ₴`;
/** … and as a button's accessible name keeps it. */
const uahName = (amount: number) => `${amount},00\u00a0₴`;
const paidAt = kyivTime(2026, 3, 3, 14, 5);
/** A resume date in the future whatever day the tests run. */
const resumeAt = kyivTime(2099, 5, 3, 14, 5);

const subscription = (objSub: Partial<Subscription['objSub']> = {}, amount = 480): Subscription =>
  subscriptionFixture({ amount, paidAt, objSub: { nextPaymentDate: kyivTime(2026, 4, 3, 14, 5), ...objSub } });
const paused = (amount = 480) =>
  subscription({ status: 'paused', pausedUntil: resumeAt, nextPaymentDate: resumeAt }, amount);
const list = (item: Subscription) => () => json({ subscriptions: [item], totalPages: 1 });
const bodyOf = (mock: ReturnType<typeof signedInApi>, key: string) => {
  const call = mock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};
const theItem = async () => within(await screen.findByRole('list', { name: 'Підписки' })).getByRole('listitem');

describe('«Підписки»: changing, pausing and resuming', () => {
  it('shows the next charge with its amount; «Змінити суму» checks the amount as the donation form does, then sends it', async () => {
    const api = signedInApi({
      'GET /api/payments/subscriptions?page=1': list(subscription()),
      'PATCH /api/payments/subscriptions/sub-1': () =>
        json({ subscription: subscription({}, 960), message: 'Суму змінено. Наступне списання — з новою сумою.' }),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = await theItem();
    expect(item).toHaveTextContent(`Наступне списання03-04-2026 · ${uah(480)}`);

    await ui.click(within(item).getByRole('button', { name: 'Змінити суму' }));
    const dialog = await screen.findByRole('dialog', { name: 'Змінити суму підписки' });
    expect(dialog).toHaveTextContent(`Зараз ${uah(480)} щомісяця.`);
    const field = within(dialog).getByRole('spinbutton', { name: 'Сума, ₴' });
    expect(field).toHaveValue(480);
    await ui.clear(field);
    await ui.type(field, '100');
    await ui.click(within(dialog).getByRole('button', { name: 'Змінити суму' }));
    expect(dialog).toHaveTextContent('Сума має бути кратною 40,00 ₴');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(api, 'PATCH /api/payments/subscriptions/sub-1')).toBeUndefined();
    // The nearest valid amount, then a quick pick.
    await ui.click(within(dialog).getByRole('button', { name: `Обрати ${uahName(120)}` }));
    expect(field).toHaveValue(120);
    await ui.click(within(dialog).getByRole('button', { name: uahName(960) }));
    await ui.click(within(dialog).getByRole('button', { name: 'Змінити суму' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(api, 'PATCH /api/payments/subscriptions/sub-1')).toEqual({ amount: 960 });
    expect(item).toHaveTextContent(`${uah(960)} щомісяця`);
    expect(item).toHaveTextContent(`03-04-2026 · ${uah(960)}`);
    expect(screen.getByRole('status')).toHaveTextContent('Суму змінено. Наступне списання — з новою сумою.');
  });

  it('a refused change is told inside the dialog and nothing changes on the list', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': list(subscription()),
      'PATCH /api/payments/subscriptions/sub-1': () =>
        json(
          {
            message:
              'Платіжний сервіс не змінив суму підписки. Сума лишається тією ж; спробуйте пізніше або напишіть нам.',
          },
          502,
        ),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = await theItem();
    await ui.click(within(item).getByRole('button', { name: 'Змінити суму' }));
    const dialog = await screen.findByRole('dialog', { name: 'Змінити суму підписки' });
    await ui.click(within(dialog).getByRole('button', { name: uahName(960) }));
    await ui.click(within(dialog).getByRole('button', { name: 'Змінити суму' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Платіжний сервіс не змінив суму підписки.');
    expect(item).toHaveTextContent(`${uah(480)} щомісяця`);
  });

  it('«Призупинити» says what happens and when it resumes; then the list shows the pause, its end and the amount', async () => {
    const api = signedInApi({
      'GET /api/payments/subscriptions?page=1': list(subscription()),
      'POST /api/payments/subscriptions/sub-1/pause': () =>
        json({
          subscription: paused(),
          message: 'Підписку призупинено. До дати відновлення нічого не списуватиметься.',
        }),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = await theItem();
    await ui.click(within(item).getByRole('button', { name: 'Призупинити' }));
    const dialog = await screen.findByRole('dialog', { name: 'Призупинити підписку?' });
    expect(within(dialog).getByRole('radio', { name: '1 місяць' })).toBeChecked();
    // Charged on 3 March: one month skips the April charge; it resumes on 3 May.
    expect(dialog).toHaveTextContent('Ми скасуємо щомісячні списання в LiqPay. 03-05-2026 нагадаємо відновити');
    await ui.click(within(dialog).getByRole('radio', { name: '2 місяці' }));
    expect(dialog).toHaveTextContent(`${formatDate(addMonth(paidAt, 3))} нагадаємо відновити`);
    expect(dialog).toHaveTextContent('Ваш рівень подяк за час паузи зберігається.');
    await ui.click(within(dialog).getByRole('button', { name: 'Так, призупинити' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(api, 'POST /api/payments/subscriptions/sub-1/pause')).toEqual({ months: 2 });
    expect(item).toHaveTextContent('призупинено');
    expect(item).toHaveTextContent(`Наступне списанняпризупинено до 03-05-2099, потім ${uah(480)}`);
    expect(within(item).queryByRole('button', { name: 'Призупинити' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Відновити' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Скасувати' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Підписку призупинено.');
  });

  it('«Відновити» asks first, then sends the signed checkout of the same amount to the provider', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const checkout = {
      checkoutUrl: 'http://localhost/sandbox/liqpay/checkout',
      data: 'ZGF0YQ==',
      signature: 'c2ln',
      orderId: 'sub-2',
    };
    const api = signedInApi({
      'GET /api/payments/subscriptions?page=1': list(paused(240)),
      'POST /api/payments/subscriptions/sub-1/resume': () => json(checkout),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = await theItem();
    await ui.click(within(item).getByRole('button', { name: 'Відновити' }));
    const dialog = await screen.findByRole('dialog', { name: 'Відновити підписку?' });
    expect(dialog).toHaveTextContent(`Відкриємо оплату ${uah(240)} щомісяця в LiqPay.`);
    await ui.click(within(dialog).getByRole('button', { name: 'Ні, залишити' }));
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/resume'))).toBe(false);

    await ui.click(within(item).getByRole('button', { name: 'Відновити' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Перейти до оплати' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe(checkout.checkoutUrl);
    expect(new FormData(form).get('data')).toBe(checkout.data);
    expect(new FormData(form).get('signature')).toBe(checkout.signature);
    submit.mockRestore();
  });

  it('the resume notice’s link opens «Відновити» for that subscription at once', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': list(paused()),
      'GET /api/payments/subscriptions/sub-1': () => json({ ...paused(), charges: [], events: [] }),
    });
    const app = renderApp('/uk/bonus/subscriptions?resume=sub-1');
    const dialog = await screen.findByRole('dialog', { name: 'Відновити підписку?' });
    expect(dialog).toHaveTextContent(`Відкриємо оплату ${uah(480)} щомісяця`);
    await waitFor(() => expect(app.path()).toBe('/uk/bonus/subscriptions'));
  });

  it('«Списання і зміни» lists the changes above the charges; a resumed pause says so', async () => {
    const detail: SubscriptionDetail = {
      ...subscription({ status: 'cancelled', isUnsubscribe: true, nextPaymentDate: null, resumedAs: 'sub-2' }),
      charges: [{ _id: 'p-1', amount: 480, date: paidAt, description: 'Допомога', info: '', action: 'subscribe' }],
      events: [
        {
          _id: 'e-3',
          kind: 'resumed',
          at: kyivTime(2026, 5, 1, 9),
          from: null,
          to: null,
          until: null,
          orderId: 'sub-2',
        },
        {
          _id: 'e-2',
          kind: 'paused',
          at: kyivTime(2026, 3, 20, 9),
          from: null,
          to: null,
          until: kyivTime(2026, 5, 3, 14, 5),
          orderId: null,
        },
        {
          _id: 'e-1',
          kind: 'amount_changed',
          at: kyivTime(2026, 3, 10, 9),
          from: 240,
          to: 480,
          until: null,
          orderId: null,
        },
      ],
    };
    signedInApi({
      'GET /api/payments/subscriptions?page=1': list(detail),
      'GET /api/payments/subscriptions/sub-1': () => json(detail),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = await theItem();
    expect(item).toHaveTextContent('відновлено');
    expect(item).toHaveTextContent('Підписку відновлено після паузи');
    expect(within(item).queryByRole('button', { name: 'Змінити суму' })).not.toBeInTheDocument();
    await ui.click(within(item).getByRole('button', { name: 'Списання і зміни' }));
    const changes = await within(item).findByRole('list', { name: 'Зміни підписки' });
    const rows = within(changes).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '01-05-2026 09:00Відновлено новою підпискою',
      '20-03-2026 09:00Призупинено до 03-05-2026',
      `10-03-2026 09:00Сума: ${uahName(240)} → ${uahName(480)}`,
    ]);
    expect(within(item).getByRole('list', { name: 'Списання' })).toHaveTextContent(`03-03-2026 14:05${uah(480)}`);
  });
});
