import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kyivDateRange, kyivDayRange, kyivTime, type Subscription } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { setPage, setStart } from '../../../shared/range/slice';
import { signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { subscriptionFixture } from '../../../test/payments';
import { renderApp } from '../../../test/renderApp';

/** «480,00 ₴» as toHaveTextContent sees it (whitespace, the no-break space too, normalized). */
const uah = (amount: number) => `${amount},00 ₴`;
/** 14:05 Kyiv, 3 March 2026. */
const paidAt = kyivTime(2026, 3, 3, 14, 5);
const march3 = kyivDateRange('2026-03-03');

const subscription = (isUnsubscribe = false, failure: Partial<Subscription['objSub']> = {}): Subscription =>
  subscriptionFixture({
    paidAt,
    info: 'Разом сильніші',
    objSub: {
      nextPaymentDate: isUnsubscribe ? null : kyivTime(2026, 4, 3, 14, 5),
      isUnsubscribe,
      status: isUnsubscribe ? 'cancelled' : 'active',
      ...failure,
    },
  });

describe('support programme history', () => {
  it('«Внески» lists the payments of the period with Kyiv dates; the page comes from the range', async () => {
    const fetchMock = signedInApi({
      'GET /api/payments/donats?page=1': () =>
        json({
          donats: [
            { _id: 'p-2', amount: 480, date: paidAt, description: 'Допомога', info: 'Разом', action: 'subscribe' },
            { _id: 'p-1', amount: 120, date: paidAt, description: 'Допомога', info: '', action: 'pay' },
          ],
          totalPages: 2,
        }),
      'GET /api/payments/donats?page=2': () => json({ donats: [], totalPages: 2 }),
      [`GET /api/payments/donats?start=${march3.start}&end=${march3.end}&page=1`]: () =>
        json({ donats: [], totalPages: 0 }),
    });
    const app = renderApp('/uk/bonus/payments');
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Внески' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Внески' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(uah(480));
    expect(first).toHaveTextContent('Щомісячний внесок');
    expect(first).toHaveTextContent('«Разом»');
    expect(first).toHaveTextContent('03-03-2026 14:05');
    expect(second).toHaveTextContent('Разовий внесок');

    await ui.click(screen.getByRole('button', { name: 'Наступна' }));
    await waitFor(() => expect(app.store.getState().range?.page).toBe(2));
    expect(await screen.findByText('Сторінка 2 з 2')).toBeInTheDocument();

    // A Kyiv date: 00:00:00.000 to 23:59:59.999, back to page 1.
    await ui.type(screen.getByLabelText('Від'), '2026-03-03');
    await ui.type(screen.getByLabelText('До'), '2026-03-03');
    expect(await screen.findByText('За цей період внесків немає.')).toBeInTheDocument();
    expect(app.store.getState().range).toEqual({ start: march3.start, end: march3.end, page: 1 });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/payments/donats?start=${march3.start}&end=${march3.end}&page=1`,
    );
  });

  it('«Сьогодні» sets today in Kyiv', async () => {
    signedInApi({
      'GET /api/payments/mark?page=1': () =>
        json({
          mark: [{ _id: 'm-1', date: paidAt, points: 120, comment: 'Разовий внесок', finalValue: 130 }],
          totalPages: 1,
        }),
    });
    const app = renderApp('/uk/bonus/mark');
    const ui = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Український слід' });
    expect(list).toHaveTextContent('+120');
    expect(list).toHaveTextContent('Разовий внесок');
    expect(list).toHaveTextContent('Разом: 130');
    // The list for today's range is not answered here: the range itself is what is checked.
    await ui.click(screen.getByRole('button', { name: 'Сьогодні' }));
    expect(app.store.getState().range).toEqual({ ...kyivDayRange(Date.now()), page: 1 });
  });

  it('a pick from the «Історія» submenu resets the range filter', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': () => json({ subscriptions: [], totalPages: 0 }),
      'GET /api/payments/mark?page=1': () => json({ mark: [], totalPages: 0 }),
    });
    const app = renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    await screen.findByText('За цей період підписок немає.');
    app.store.dispatch(setStart(march3.start));
    app.store.dispatch(setPage(4));
    await ui.click(screen.getByRole('button', { name: 'Історія' }));
    await ui.click(screen.getByRole('link', { name: 'Укр.слід' }));
    expect(await screen.findByText('За цей період балів не нараховано.')).toBeInTheDocument();
    expect(app.store.getState().range).toEqual({ start: null, end: null, page: 1 });
    expect(app.path()).toBe('/uk/bonus/mark');
  });

  it('«Підписки»: amount, dates, status; «Скасувати» asks in a dialog, then marks it cancelled', async () => {
    const fetchMock = signedInApi({
      'GET /api/payments/subscriptions?page=1': () => json({ subscriptions: [subscription()], totalPages: 1 }),
      'POST /api/payments/unsubscribe': () =>
        json({ orderId: 'sub-1', message: 'Підписку скасовано. Дякуємо, що підтримували рух!' }),
    });
    const app = renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = within(await screen.findByRole('list', { name: 'Підписки' })).getByRole('listitem');
    expect(item).toHaveTextContent(`${uah(480)} щомісяця`);
    expect(item).toHaveTextContent('діє');
    expect(item).toHaveTextContent('Початок03-03-2026');
    expect(item).toHaveTextContent('Останнє списання03-03-2026');
    expect(item).toHaveTextContent('Наступне списання03-04-2026');
    // The order id (support and the sandbox's charge command ask for it) is shown and copied whole.
    expect(item).toHaveTextContent('Номер замовленняsub-1');
    await ui.click(within(item).getByRole('button', { name: 'Скопіювати' }));
    expect(await navigator.clipboard.readText()).toBe('sub-1');
    expect(item).toHaveTextContent('Скопійовано');

    // «Ні, залишити» keeps it.
    await ui.click(within(item).getByRole('button', { name: 'Скасувати' }));
    let dialog = await screen.findByRole('dialog', { name: 'Скасувати підписку?' });
    expect(app.store.getState().modal?.isOpenModal).toBe(true);
    await ui.click(within(dialog).getByRole('button', { name: 'Ні, залишити' }));
    expect(app.store.getState().modal?.isOpenModal).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments/unsubscribe')).toBe(false);

    await ui.click(within(item).getByRole('button', { name: 'Скасувати' }));
    dialog = await screen.findByRole('dialog', { name: 'Скасувати підписку?' });
    expect(dialog).toHaveTextContent(`Підписка на ${uah(480)} щомісяця`);
    await ui.click(within(dialog).getByRole('button', { name: 'Так, скасувати' }));
    expect(await within(item).findByText('скасовано')).toBeInTheDocument();
    expect(item).toHaveTextContent('Наступне списання—');
    expect(within(item).queryByRole('button', { name: 'Скасувати' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Підписку скасовано. Дякуємо, що підтримували рух!');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/payments/unsubscribe');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ orderId: 'sub-1' });
  });

  it('a refused cancellation shows the server message in an alert and keeps the subscription', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': () => json({ subscriptions: [subscription()], totalPages: 1 }),
      'POST /api/payments/unsubscribe': () =>
        json({ message: 'Платіжний сервіс зараз не відповідає. Спробуйте пізніше.' }, 502),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = within(await screen.findByRole('list', { name: 'Підписки' })).getByRole('listitem');
    await ui.click(within(item).getByRole('button', { name: 'Скасувати' }));
    const dialog = await screen.findByRole('dialog', { name: 'Скасувати підписку?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Так, скасувати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Платіжний сервіс зараз не відповідає. Спробуйте пізніше.',
    );
    expect(item).toHaveTextContent('діє');
  });

  it('«Списання і зміни» shows the charges of a subscription', async () => {
    signedInApi({
      'GET /api/payments/subscriptions?page=1': () => json({ subscriptions: [subscription(true)], totalPages: 1 }),
      'GET /api/payments/subscriptions/sub-1': () =>
        json({
          ...subscription(true),
          charges: [{ _id: 'p-1', amount: 480, date: paidAt, description: 'Допомога', info: '', action: 'subscribe' }],
          events: [],
        }),
    });
    renderApp('/uk/bonus/subscriptions');
    const ui = userEvent.setup();
    const item = within(await screen.findByRole('list', { name: 'Підписки' })).getAllByRole(
      'listitem',
    )[0] as HTMLElement;
    expect(item).toHaveTextContent('скасовано');
    const toggle = within(item).getByRole('button', { name: 'Списання і зміни' });
    await ui.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const charges = await within(item).findByRole('list', { name: 'Списання' });
    expect(charges).toHaveTextContent(`03-03-2026 14:05${uah(480)}`);
  });
});
