import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kyivTime, type StatementYear } from '@yedyni/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInApi } from '../../../test/learning';
import { headerOf, json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const paidAt = kyivTime(2026, 3, 3, 14, 5);
const donats = [
  { _id: 'p-2', amount: 480, date: paidAt, description: 'Допомога', info: '', action: 'regular' },
  { _id: 'p-1', amount: 120, date: paidAt, description: 'Допомога', info: '', action: 'pay' },
];
const years: StatementYear[] = [
  { year: 2026, complete: false, count: 2, total: 600 },
  { year: 2025, complete: true, count: 12, total: 5760 },
];
const pdf = (name: string) => () =>
  new Response('%PDF-1.3', {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });

/** What the browser was asked to save: `<file name> <object URL>`. */
function savedFiles(): string[] {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  return saved;
}

describe('a donor’s documents on «Внески»', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    vi.restoreAllMocks();
  });

  it('«Квитанція» of each payment downloads its PDF with the token; a refusal is told in Ukrainian', async () => {
    const fetchMock = signedInApi({
      'GET /api/payments/donats?page=1': () => json({ donats, totalPages: 1 }),
      'GET /api/payments/statements': () => json({ years }),
      'GET /api/payments/donats/p-2/receipt': pdf('receipt-2378456123.pdf'),
      'GET /api/payments/donats/p-1/receipt': () =>
        json({ message: 'Цей внесок повернуто, тому квитанції на нього немає' }, 410),
    });
    const saved = savedFiles();
    renderApp('/uk/bonus/payments');
    const ui = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Внески' });
    const [monthly, once] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    // Each button says which payment's receipt it is, for a screen reader's list of buttons.
    const receipt = within(monthly).getByRole('button', {
      name: 'Квитанція про внесок 480,00\u00a0₴ від 03-03-2026 14:05 (PDF)',
    });
    expect(receipt).toHaveTextContent('Квитанція');
    await ui.click(receipt);
    await vi.waitFor(() => expect(saved).toEqual(['receipt-2378456123.pdf blob:pdf']));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/payments/donats/p-2/receipt');
    expect(headerOf(call?.[1], 'Authorization')).toBe('Bearer token-1');

    // One download at a time: the other receipts wait until this one is saved.
    const other = within(once).getByRole('button', { name: /Квитанція про внесок 120,00/ });
    await vi.waitFor(() => expect(other).toBeEnabled());
    await ui.click(other);
    expect(await screen.findByRole('alert')).toHaveTextContent('Цей внесок повернуто, тому квитанції на нього немає');
    expect(saved).toHaveLength(1);
  });

  it('«Довідка за рік» offers the years I gave in, the last complete one first, the current one as of today', async () => {
    const fetchMock = signedInApi({
      'GET /api/payments/donats?page=1': () => json({ donats, totalPages: 1 }),
      'GET /api/payments/statements': () => json({ years }),
      'GET /api/payments/statements/2025': pdf('statement-2025.pdf'),
      'GET /api/payments/statements/2026': pdf('statement-2026.pdf'),
    });
    const saved = savedFiles();
    renderApp('/uk/bonus/payments');
    const ui = userEvent.setup();
    const block = await screen.findByRole('region', { name: 'Довідка за рік' });
    const year = within(block).getByLabelText('Рік') as HTMLSelectElement;
    expect(year.value).toBe('2025');
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026 (рік триває)', '2025']);
    expect(block).toHaveTextContent('12 внесків на суму 5 760,00 ₴');
    expect(within(block).queryByRole('status')).toBeNull();
    await ui.click(within(block).getByRole('button', { name: 'Завантажити довідку (PDF)' }));
    await vi.waitFor(() => expect(saved).toEqual(['statement-2025.pdf blob:pdf']));

    await ui.selectOptions(year, '2026');
    expect(block).toHaveTextContent('2 внески на суму 600,00 ₴');
    expect(within(block).getByRole('status')).toHaveTextContent('2026 рік ще триває: довідка буде станом на сьогодні.');
    await ui.click(within(block).getByRole('button', { name: 'Завантажити довідку (PDF)' }));
    await vi.waitFor(() => expect(saved).toEqual(['statement-2025.pdf blob:pdf', 'statement-2026.pdf blob:pdf']));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/payments/statements/2026');
    expect(headerOf(call?.[1], 'Authorization')).toBe('Bearer token-1');
  });

  it('no statement block before a first gift', async () => {
    signedInApi({
      'GET /api/payments/donats?page=1': () => json({ donats: [], totalPages: 0 }),
      'GET /api/payments/statements': () => json({ years: [] }),
    });
    renderApp('/uk/bonus/payments');
    expect(await screen.findByText('За цей період внесків немає.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Довідка за рік' })).toBeNull();
  });
});
