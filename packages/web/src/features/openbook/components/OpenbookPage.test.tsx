import { screen, within } from '@testing-library/react';
import type { OpenbookMonth } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { user } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mockApi';
import { renderApp, storeToken } from '../../../test/renderApp';

const february: OpenbookMonth = {
  month: '2027-02',
  previous: '2027-01',
  next: '2027-03',
  hasData: true,
  income: { withheld: null, total: 3960, donations: 600, subscriptions: 3360, donors: 5 },
  expenses: [
    {
      _id: 'e-1',
      date: '2027-02-10',
      category: 'services',
      title: 'Хостинг і резервні копії',
      note: 'Рахунок №17',
      amount: 1234.56,
    },
  ],
  expensesTotal: 1234.56,
  balance: 2725.44,
  learners: 48,
  reviews: 131,
};

const figure = (section: string, term: string) =>
  within(screen.getByRole('region', { name: section })).getByText(term).nextElementSibling;

describe('/zvit (public)', () => {
  it('signed out: the month’s income, expenses, balance and work, and the months next to it; no share', async () => {
    const api = mockApi({ 'GET /api/openbook/2027-02': () => json(february) });
    const { path } = renderApp('/zvit/2027-02');
    expect(await screen.findByRole('heading', { level: 1, name: /Відкритий звіт\s*лютий 2027/ })).toBeInTheDocument();
    expect(figure('Надходження', 'Усього')).toHaveTextContent('3 960,00 ₴');
    expect(figure('Надходження', 'Разові внески')).toHaveTextContent('600,00 ₴');
    expect(figure('Надходження', 'Щомісячні внески')).toHaveTextContent('3 360,00 ₴');
    expect(figure('Надходження', 'Людей підтримали')).toHaveTextContent('5 людей');
    const expenses = screen.getByRole('region', { name: 'Витрати' });
    expect(within(expenses).getByText('Хостинг і резервні копії')).toBeInTheDocument();
    expect(within(expenses).getByText('10-02-2027 · Сервери та сервіси')).toBeInTheDocument();
    expect(within(expenses).getByText('Рахунок №17')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Баланс місяця' })).toHaveTextContent('2 725,44 ₴');
    expect(figure('Що зроблено', 'Учасників навчалося')).toHaveTextContent('48');
    expect(figure('Що зроблено', 'Домашніх завдань перевірено')).toHaveTextContent('131');
    const nav = screen.getByRole('navigation', { name: 'Місяці звіту' });
    expect(within(nav).getByRole('link', { name: '← січень 2027' })).toHaveAttribute('href', '/zvit/2027-01');
    expect(within(nav).getByRole('link', { name: 'березень 2027 →' })).toHaveAttribute('href', '/zvit/2027-03');
    expect(screen.queryByRole('region', { name: 'Ваша частка' })).not.toBeInTheDocument();
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/mine'))).toBe(false);
    expect(path()).toBe('/zvit/2027-02');
  });

  it('says when a month has no data, and what is withheld and why', async () => {
    mockApi({
      'GET /api/openbook': () =>
        json({
          ...february,
          month: '2027-03',
          next: null,
          hasData: false,
          income: { withheld: 'running', total: null, donations: null, subscriptions: null, donors: null },
          expenses: [],
          expensesTotal: 0,
          balance: null,
          learners: 0,
          reviews: 0,
        }),
    });
    renderApp('/zvit');
    expect(
      await screen.findByText('За цей місяць даних немає: ні внесків, ні витрат, ні навчання.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Місяць ще триває/)).toBeInTheDocument();
    expect(figure('Надходження', 'Усього')).toHaveTextContent('не показуємо');
    expect(screen.getByRole('region', { name: 'Баланс місяця' })).toHaveTextContent('не показуємо');
    expect(screen.getByText('Витрат цього місяця не внесено.')).toBeInTheDocument();
    // No month after the current one is offered.
    expect(screen.queryByRole('link', { name: /→/ })).not.toBeInTheDocument();
  });

  it('signed in: the donor’s own gifts and share of the month', async () => {
    storeToken('token-1');
    mockApi({
      'GET /api/auth/current': () => json(user),
      'GET /api/openbook/2027-02': () => json(february),
      'GET /api/openbook/2027-02/mine': () =>
        json({ month: '2027-02', amount: 1360, share: 1360 / 3960, withheld: null }),
    });
    renderApp('/zvit/2027-02');
    const share = await screen.findByRole('region', { name: 'Ваша частка' });
    expect(share).toHaveTextContent('Ваші внески цього місяця: 1 360,00 ₴.');
    expect(share).toHaveTextContent('Це 34,34 % усіх надходжень місяця. Дякуємо!');
  });

  it('an unknown month: the server’s message', async () => {
    mockApi({ 'GET /api/openbook/2099-01': () => json({ message: 'Цей місяць ще не настав' }, 404) });
    renderApp('/zvit/2099-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Цей місяць ще не настав');
  });
});
