import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminExpense } from '@yedyni/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffApi } from '../../../test/admin';
import { lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const LIST = 'GET /api/admin/openbook/expenses?month=2027-03';
const hosting: AdminExpense = {
  _id: 'e-1',
  date: '2027-03-02',
  category: 'services',
  title: 'Хостинг',
  note: 'Рахунок №17',
  amount: 1234.56,
  version: 3,
  createdAt: 1,
  updatedAt: 2,
};
const answer = (expenses: AdminExpense[]) =>
  json({ month: '2027-03', expenses, total: expenses.reduce((s, e) => s + e.amount, 0), today: '2027-03-10' });

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2027, 2, 10, 10), toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

// The console's chunk and a few typed forms: slower than one screen on a busy machine.
describe('/uk/admin/openbook', { timeout: 30_000 }, () => {
  it('lists the month’s expenses, adds one with kopiykas typed the Ukrainian way, edits and deletes', async () => {
    let expenses = [hosting];
    const api = staffApi({
      [LIST]: () => answer(expenses),
      'POST /api/admin/openbook/expenses': () => {
        const made = { ...hosting, _id: 'e-2', title: 'Друк', amount: 1250.5, version: 1 };
        expenses = [...expenses, made];
        return json(made, 201);
      },
      'PUT /api/admin/openbook/expenses/e-1': () => {
        expenses = [{ ...hosting, amount: 1300, version: 4 }, ...expenses.slice(1)];
        return json(expenses[0]);
      },
      'DELETE /api/admin/openbook/expenses/e-1?version=4': () => {
        expenses = expenses.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/uk/admin/openbook');
    const ui = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Хостинг' }, { timeout: 5000 });
    expect(card).toHaveTextContent('1 234,56 ₴');
    expect(card).toHaveTextContent('02-03-2027 · Сервери та сервіси');
    expect(screen.getByRole('link', { name: 'Сторінка звіту за березень 2027' })).toHaveAttribute(
      'href',
      '/zvit/2027-03',
    );

    await ui.click(screen.getByRole('button', { name: 'Нова витрата' }));
    const form = await screen.findByRole('form', { name: 'Нова витрата' });
    // Nothing typed: the form names what is missing and sends nothing.
    await ui.click(within(form).getByRole('button', { name: 'Додати витрату' }));
    expect(await within(form).findAllByText(/Сума:/)).not.toHaveLength(0);
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await ui.type(within(form).getByLabelText('Сума, ₴'), '1 250,50');
    await ui.selectOptions(within(form).getByLabelText('Категорія'), 'materials');
    await ui.type(within(form).getByLabelText('Назва'), 'Друк');
    await ui.click(within(form).getByRole('button', { name: 'Додати витрату' }));
    await screen.findByText('Витрату додано.', {}, { timeout: 5000 });
    const sent = lastBody(api, 'POST /api/admin/openbook/expenses') as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: 1250.5, date: '2027-03-10', category: 'materials', title: 'Друк', note: '' });
    expect(String(sent.key)).toMatch(/^[0-9a-f]{24}$/);

    await ui.click(within(screen.getByRole('article', { name: 'Хостинг' })).getByRole('button', { name: 'Змінити' }));
    const edit = await screen.findByRole('form', { name: 'Зміна витрати «Хостинг»' });
    const amount = within(edit).getByLabelText('Сума, ₴');
    expect(amount).toHaveValue('1234,56');
    await ui.clear(amount);
    await ui.type(amount, '1300');
    await ui.click(within(edit).getByRole('button', { name: 'Зберегти' }));
    await screen.findByText('Зміни збережено.', {}, { timeout: 5000 });
    expect(lastBody(api, 'PUT /api/admin/openbook/expenses/e-1')).toMatchObject({ amount: 1300, version: 3 });

    const updated = await screen.findByRole('article', { name: 'Хостинг' });
    await waitFor(() => expect(updated).toHaveTextContent('1 300,00 ₴'));
    await ui.click(within(updated).getByRole('button', { name: 'Видалити' }));
    await ui.click(await screen.findByRole('button', { name: 'Так, видалити' }));
    await screen.findByText('Витрату видалено.', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Хостинг' })).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    staffApi({
      [LIST]: () => answer([]),
      'POST /api/admin/openbook/expenses': () => json({ message: 'Дата: не пізніше сьогоднішньої (за Києвом)' }, 400),
    });
    renderApp('/uk/admin/openbook');
    const ui = userEvent.setup();
    expect(await screen.findByText('Цього місяця витрат ще не внесено.', {}, { timeout: 5000 })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Нова витрата' }));
    const form = await screen.findByRole('form', { name: 'Нова витрата' });
    await ui.type(within(form).getByLabelText('Сума, ₴'), '99,99');
    await ui.type(within(form).getByLabelText('Назва'), 'Банер');
    await ui.click(within(form).getByRole('button', { name: 'Додати витрату' }));
    expect(
      await within(form).findByText('Дата: не пізніше сьогоднішньої (за Києвом)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Назва')).toHaveValue('Банер');
  });
});
