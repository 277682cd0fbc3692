import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { itemFixture } from '../../../test/notifications';
import { renderApp } from '../../../test/renderApp';

const PAGE_1 = 'GET /api/notifications?page=1&limit=20';
const READ = 'POST /api/notifications/read';
const BADGE = 'GET /api/exercises/notifications?limit=1';

describe('/uk/notifications', () => {
  it('lists what happened, newest first: category, title, text, time; the unread ones marked', async () => {
    const fetchMock = learnerApi({
      [PAGE_1]: () =>
        json({
          notifications: [
            itemFixture(1),
            itemFixture(2, { category: 'clubs', title: 'Розмовний клуб за годину', link: '/uk/clubs', read: true }),
          ],
          countNotifications: 1,
        }),
    });
    renderApp('/uk/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сповіщення' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Ваші сповіщення' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/uk/learn/c-1/1/practice');
    expect(first).toHaveTextContent('Домашні завдання');
    expect(first).toHaveTextContent('Нове');
    expect(first).toHaveTextContent('Куратор оцінив домашнє завдання 1');
    expect(first).toHaveTextContent('Оцінка: 10 з 12. Відкрийте, щоб прочитати коментар.');
    expect(first).toHaveTextContent('04-03-2026 13:59');
    expect(second).toHaveAttribute('href', '/uk/clubs');
    expect(second).toHaveTextContent('Розмовні клуби');
    expect(second).not.toHaveTextContent('Нове');
    expect(screen.getByRole('link', { name: /Налаштувати сповіщення/ })).toHaveAttribute(
      'href',
      '/uk/notifications/settings',
    );
    // A learner reviews nobody's homework: no waiting list is asked for.
    expect(callsOf(fetchMock).some((call) => call.startsWith('GET /api/exercises/notifications?page='))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Чекають на перевірку' })).not.toBeInTheDocument();
  });

  it('opening an unread one marks it read, the badge follows, and its link opens', async () => {
    let count = 1;
    const fetchMock = learnerApi({
      [PAGE_1]: () => json({ notifications: [itemFixture(1, { link: '/uk/clubs' })], countNotifications: count }),
      [BADGE]: () => json({ notifications: [], countNotifications: count }),
      [READ]: () => {
        count = 0;
        return json({ countNotifications: 0 });
      },
      'GET /api/clubs': () => json({ clubs: [] }),
    });
    const app = renderApp('/uk/notifications');
    expect(await screen.findByRole('link', { name: 'Непрочитаних сповіщень: 1' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /Куратор оцінив домашнє завдання 1/ }));
    await waitFor(() => expect(app.path()).toBe('/uk/clubs'));
    expect(lastBody(fetchMock, READ)).toEqual({ ids: ['n-1'] });
    expect(callsOf(fetchMock).indexOf(READ)).toBeGreaterThan(-1);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Непрочитаних сповіщень/ })).not.toBeInTheDocument());
    expect(app.store.getState().exercises.countNotifications).toBe(0);
  });

  it('«Позначити всі прочитаними» marks them all and clears the badge', async () => {
    let count = 2;
    const fetchMock = learnerApi({
      [PAGE_1]: () => json({ notifications: [itemFixture(1), itemFixture(2)], countNotifications: count }),
      [BADGE]: () => json({ notifications: [], countNotifications: count }),
      [READ]: () => {
        count = 0;
        return json({ countNotifications: 0 });
      },
    });
    const app = renderApp('/uk/notifications');
    expect(await screen.findByRole('link', { name: 'Непрочитаних сповіщень: 2' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Ваші сповіщення' });
    expect(within(list).getAllByText('Нове')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Позначити всі прочитаними' }));
    expect(await screen.findByText('Усі сповіщення прочитано.')).toBeInTheDocument();
    expect(lastBody(fetchMock, READ)).toEqual({ all: true });
    expect(within(list).queryByText('Нове')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Позначити всі прочитаними' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Непрочитаних сповіщень/ })).not.toBeInTheDocument();
    expect(app.store.getState().exercises.countNotifications).toBe(0);
  });

  it('a full page offers the next one, which is added below', async () => {
    learnerApi({
      [PAGE_1]: () =>
        json({ notifications: Array.from({ length: 20 }, (_, i) => itemFixture(i + 1)), countNotifications: 21 }),
      'GET /api/notifications?page=2&limit=20': () =>
        json({ notifications: [itemFixture(21)], countNotifications: 21 }),
    });
    renderApp('/uk/notifications');
    const list = await screen.findByRole('list', { name: 'Ваші сповіщення' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await within(list).findByRole('link', { name: /домашнє завдання 21/ })).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(21);
    // A short page is the last.
    expect(screen.queryByRole('button', { name: 'Показати ще' })).not.toBeInTheDocument();
  });

  it('nothing yet: a calm empty state', async () => {
    learnerApi({ [PAGE_1]: () => json({ notifications: [], countNotifications: 0 }) });
    renderApp('/uk/notifications');
    expect(await screen.findByText(/Сповіщень поки немає/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Позначити всі прочитаними' })).not.toBeInTheDocument();
  });

  it('a failed load is quiet (no alert)', async () => {
    learnerApi({ [PAGE_1]: () => json({ message: 'Помилка сервера' }, 500) });
    renderApp('/uk/notifications');
    expect(
      await screen.findByText('Не вдалося завантажити сповіщення. Оновіть сторінку трохи згодом.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the office menu links the list and its settings', async () => {
    learnerApi({ [PAGE_1]: () => json({ notifications: [], countNotifications: 0 }) });
    renderApp('/uk/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Олена' }));
    const office = screen.getByRole('navigation', { name: 'Кабінет' });
    expect(within(office).getByRole('link', { name: 'Сповіщення' })).toHaveAttribute('href', '/uk/notifications');
    expect(within(office).getByRole('link', { name: 'Налаштування сповіщень' })).toHaveAttribute(
      'href',
      '/uk/notifications/settings',
    );
  });
});
