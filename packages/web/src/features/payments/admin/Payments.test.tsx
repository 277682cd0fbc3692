import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayment, AdminSubscription, UnmatchedCallback } from '@yedyni/contract';
import { kyivDateRange } from '@yedyni/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf } from '../../../test/learning';
import { headerOf, json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const payer = { _id: 'u-2', first_name: 'Тарас', last_name: 'Мельник', email: 'taras@example.org' };
const payment = (overrides: Partial<AdminPayment>): AdminPayment => ({
  _id: 'p-1',
  paymentId: '1001',
  orderId: 'o-1',
  user: payer,
  action: 'pay',
  amount: 150,
  date: Date.UTC(2026, 2, 3, 10, 5), // 12:05 Kyiv
  info: 'Дякую!',
  cardMask: '4242****4242',
  reversedAt: null,
  ...overrides,
});
const payments = [
  payment({}),
  payment({ _id: 'p-2', action: 'subscribe', amount: 100, info: '' }),
  payment({ _id: 'p-3', action: 'regular', amount: 100, reversedAt: Date.UTC(2026, 2, 5) }),
];
const months = {
  months: [
    { month: '2026-03', count: 3, amount: 250, refunded: 100, donors: 1 },
    { month: '2026-02', count: 0, amount: 0, refunded: 0, donors: 0 },
  ],
};
const subscription: AdminSubscription = {
  orderId: 's-1',
  user: payer,
  amount: 100,
  status: 'subscribed',
  createdAt: Date.UTC(2026, 1, 1, 10),
  subscribedAt: Date.UTC(2026, 1, 1, 10),
  unsubscribedAt: null,
  charges: 2,
  lastChargeAt: Date.UTC(2026, 2, 1, 10),
};
const callback: UnmatchedCallback = {
  _id: 'cb-1',
  receivedAt: Date.UTC(2026, 2, 4, 8),
  orderId: 'lost-7',
  paymentId: '77',
  action: 'pay',
  status: 'success',
  outcome: 'unknown_order',
  data: '{"order_id":"lost-7","amount":50}',
};

const base = {
  'GET /api/admin/payments/months': () => json(months),
  'GET /api/admin/payments?page=1&limit=20': () => json({ payments, totalPages: 1 }),
};

const row = (table: HTMLElement, index: number) => within(table).getAllByRole('row')[index] as HTMLElement;

describe('/uk/admin/payments', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('monthly totals, then the payments: date, payer, kind in Ukrainian, amount, comment, card, refund mark', async () => {
    staffApi(base);
    renderApp('/uk/admin/payments');
    const totals = await screen.findByRole('table', { name: 'Підсумки за місяцями' });
    expect(row(totals, 1)).toHaveTextContent('березень 2026');
    expect(row(totals, 1)).toHaveTextContent('250,00 ₴');
    expect(row(totals, 1)).toHaveTextContent('100,00 ₴');

    const list = await screen.findByRole('table', { name: 'Внески' });
    expect(row(list, 1)).toHaveTextContent('03-03-2026 12:05');
    expect(row(list, 1)).toHaveTextContent('Тарас Мельник');
    expect(row(list, 1)).toHaveTextContent('разовий');
    expect(row(list, 1)).toHaveTextContent('150,00 ₴');
    expect(row(list, 1)).toHaveTextContent('Дякую!');
    expect(row(list, 1)).toHaveTextContent('4242****4242');
    expect(row(list, 1)).not.toHaveTextContent('повернено');
    expect(row(list, 2)).toHaveTextContent('перший щомісячний');
    expect(row(list, 3)).toHaveTextContent('щомісячний');
    expect(row(list, 3)).toHaveTextContent('повернено');
  });

  it('the Kyiv date range and the payer search become the query; «Експорт CSV» downloads that range with the token', async () => {
    const start = kyivDateRange('2026-03-01').start;
    const end = kyivDateRange('2026-03-31').end;
    const fetchMock = staffApi({
      ...base,
      [`GET /api/admin/payments?start=${start}&page=1&limit=20`]: () => json({ payments, totalPages: 1 }),
      [`GET /api/admin/payments?start=${start}&end=${end}&page=1&limit=20`]: () =>
        json({ payments: payments.slice(0, 1), totalPages: 1 }),
      [`GET /api/admin/payments?start=${start}&end=${end}&q=taras&page=1&limit=20`]: () =>
        json({ payments: [], totalPages: 0 }),
      [`GET /api/admin/payments/export?start=${start}&end=${end}`]: () =>
        new Response('date;payer\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="payments-2026-03.csv"' },
        }),
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderApp('/uk/admin/payments');
    const ui = userEvent.setup();
    await screen.findByRole('table', { name: 'Внески' });
    // The file's own format is said beside the button.
    expect(screen.getByText(/дати й час — за Києвом, суми — з десятковою крапкою/)).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Від'), '2026-03-01');
    await ui.type(screen.getByLabelText('До'), '2026-03-31');
    await within(await screen.findByRole('table', { name: 'Внески' })).findByText('Дякую!');
    await ui.click(screen.getByRole('button', { name: 'Експорт CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['payments-2026-03.csv blob:csv']));
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/export'));
    expect(headerOf(exportCall?.[1], 'Authorization')).toBe('Bearer token-1');

    await ui.type(screen.getByLabelText('Платник'), 'taras');
    expect(await screen.findByText('За цей період внесків немає.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.includes('q='))).toHaveLength(1);
  });

  it('a failed export is an alert', async () => {
    staffApi({
      ...base,
      'GET /api/admin/payments/export': () => json({ message: 'Це можуть робити лише адміністратори' }, 403),
    });
    renderApp('/uk/admin/payments');
    await screen.findByRole('table', { name: 'Внески' });
    await userEvent.click(screen.getByRole('button', { name: 'Експорт CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Це можуть робити лише адміністратори');
  });

  it('«Підписки» with the діє/скасовано filter; «Нерозпізнані» with the outcome and the raw data', async () => {
    staffApi({
      ...base,
      'GET /api/admin/subscriptions?page=1': () => json({ subscriptions: [subscription], totalPages: 1 }),
      'GET /api/admin/subscriptions?status=unsubscribed&page=1': () =>
        json({
          subscriptions: [{ ...subscription, status: 'unsubscribed', unsubscribedAt: Date.UTC(2026, 2, 2, 10) }],
          totalPages: 1,
        }),
      'GET /api/admin/callbacks?page=1': () => json({ callbacks: [callback], totalPages: 1 }),
    });
    renderApp('/uk/admin/payments');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Підписки' }));
    expect(screen.getByRole('button', { name: 'Підписки' })).toHaveAttribute('aria-pressed', 'true');
    const subscriptions = await screen.findByRole('table', { name: 'Підписки' });
    expect(row(subscriptions, 1)).toHaveTextContent('діє');
    expect(row(subscriptions, 1)).toHaveTextContent('01-03-2026');
    // The order id, for the sandbox's charge command and the provider's cabinet, copied whole.
    expect(row(subscriptions, 1)).toHaveTextContent(subscription.orderId);
    await ui.click(within(row(subscriptions, 1)).getByRole('button', { name: 'Скопіювати' }));
    expect(await navigator.clipboard.readText()).toBe(subscription.orderId);
    await ui.selectOptions(screen.getByLabelText('Показати'), 'скасовано');
    expect(await within(subscriptions).findByText('скасовано')).toBeInTheDocument();
    expect(row(subscriptions, 1)).toHaveTextContent('02-03-2026');

    await ui.click(screen.getByRole('button', { name: 'Нерозпізнані' }));
    const callbacks = await screen.findByRole('table', { name: 'Нерозпізнані повідомлення платіжного сервісу' });
    expect(row(callbacks, 1)).toHaveTextContent('lost-7');
    expect(row(callbacks, 1)).toHaveTextContent('success');
    expect(row(callbacks, 1)).toHaveTextContent('невідоме замовлення');
    await ui.click(within(callbacks).getByText('Дані повідомлення', { selector: 'summary' }));
    expect(within(callbacks).getByText(/"amount": 50/)).toBeVisible();
  });
});
