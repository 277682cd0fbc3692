import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { user, withRole } from '../../../test/fixtures';
import { curator, exercise, learner, notificationFixture } from '../../../test/homework';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const PAGE_1 = 'GET /api/exercises/notifications?page=1&limit=10';
const LIST = 'GET /api/notifications?page=1&limit=20';
const curatorUser: User = { ...withRole(user, 'moderator'), ...curator, email: 'curator@example.org' };
const waitingFixture = (n: number) => notificationFixture(n, { from: learner, exerciseId: `ex-${n}` });

/** A curator whose notification list is empty; `extra` adds or overrides answers. */
function curatorApi(extra: Parameters<typeof learnerApi>[0]) {
  return learnerApi({
    'GET /api/auth/current': () => json(curatorUser),
    [LIST]: () => json({ notifications: [], countNotifications: 0 }),
    ...extra,
  });
}

describe('/uk/notifications for a curator: the waiting homework', () => {
  it('stands above the notifications; opening one marks it read, then opens the review screen', async () => {
    const fetchMock = curatorApi({
      [PAGE_1]: () => json({ notifications: [waitingFixture(4)], countNotifications: 1 }),
      'PATCH /api/exercises/status?exerciseId=ex-4': () => json({ exerciseId: 'ex-4', countNotifications: 1 }),
      'GET /api/exercises/ex-4': () =>
        json({ ...exercise, _id: 'ex-4', lessonId: '4', owner: learner, courseTitle: 'Українська щодня' }),
    });
    const app = renderApp('/uk/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сповіщення' })).toBeInTheDocument();
    const waiting = await screen.findByRole('region', { name: 'Чекають на перевірку' });
    expect(within(waiting).getByText('Домашні завдання учнів, що чекають на перевірку.')).toBeInTheDocument();
    const item = await within(waiting).findByRole('link', { name: /Чекає на перевірку: Олена Коваль/ });
    expect(item).toHaveAttribute('href', '/uk/active?exerciseId=ex-4');
    expect(item).toHaveTextContent('«Українська щодня» · Урок 4');
    // The curator's own notifications follow (none here).
    expect(await screen.findByText(/Сповіщень поки немає/)).toBeInTheDocument();

    await userEvent.click(item);
    await waitFor(() => expect(app.path()).toBe('/uk/active?exerciseId=ex-4'));
    // The review screen loads lazily: wait until it has shown the exercise, then check the order.
    expect(await screen.findByRole('heading', { level: 1, name: 'Перевірка завдань' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/exercises/ex-4'));
    const calls = callsOf(fetchMock);
    expect(calls.indexOf('PATCH /api/exercises/status?exerciseId=ex-4')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('PATCH /api/exercises/status?exerciseId=ex-4')).toBeLessThan(
      calls.indexOf('GET /api/exercises/ex-4'),
    );
    // Two screens loaded cold (the notification and review chunks) on a busy machine.
  }, 15_000);

  it('pages through ten at a time until a short page, whatever else the badge counts', async () => {
    // The badge (25) counts the curator's own unread notifications too: 12 homeworks wait.
    const fetchMock = curatorApi({
      [PAGE_1]: () =>
        json({ notifications: Array.from({ length: 10 }, (_, i) => waitingFixture(i + 1)), countNotifications: 25 }),
      'GET /api/exercises/notifications?page=2&limit=10': () =>
        json({ notifications: [waitingFixture(11), waitingFixture(12)], countNotifications: 25 }),
    });
    const app = renderApp('/uk/notifications');
    const pages = await screen.findByRole('navigation', { name: 'Сторінки сповіщень' });
    expect(within(pages).getByText('Сторінка 1')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Попередня' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Наступна' }));
    expect(await screen.findByText('Сторінка 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Чекає на перевірку/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Наступна' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Попередня' })).toBeEnabled();
    expect(app.path()).toBe('/uk/notifications?page=2');
    expect(callsOf(fetchMock)).toContain('GET /api/exercises/notifications?page=2&limit=10');
    expect(callsOf(fetchMock)).not.toContain('GET /api/exercises/notifications?page=3&limit=10');
  });

  it('one short page has no pager, even when the badge counts more than ten', async () => {
    curatorApi({
      [PAGE_1]: () =>
        json({ notifications: Array.from({ length: 3 }, (_, i) => waitingFixture(i + 1)), countNotifications: 40 }),
    });
    renderApp('/uk/notifications');
    const waiting = await screen.findByRole('region', { name: 'Чекають на перевірку' });
    expect(await within(waiting).findAllByRole('link', { name: /Чекає на перевірку/ })).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Сторінки сповіщень' })).not.toBeInTheDocument();
  });

  it('nothing waiting: a calm empty state', async () => {
    curatorApi({ [PAGE_1]: () => json({ notifications: [], countNotifications: 0 }) });
    renderApp('/uk/notifications');
    expect(await screen.findByText('Усі домашні завдання перевірено. Нових робіт поки немає.')).toBeInTheDocument();
  });

  it('a failed load is quiet (no alert)', async () => {
    curatorApi({ [PAGE_1]: () => json({ message: 'Помилка сервера' }, 500) });
    renderApp('/uk/notifications');
    expect(
      await screen.findByText('Не вдалося завантажити сповіщення. Оновіть сторінку трохи згодом.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the unread badge', () => {
  it('is refreshed on every navigation and when the window gets focus', async () => {
    let count = 0;
    const fetchMock = learnerApi({
      'GET /api/exercises/notifications?limit=1': () => json({ notifications: [], countNotifications: count }),
      'GET /api/courses': () => json({ courses: [] }),
    });
    renderApp('/uk');
    const refreshes = () => callsOf(fetchMock).filter((c) => c === 'GET /api/exercises/notifications?limit=1').length;
    await screen.findByRole('heading', { name: 'Вітаємо, Олена!' });
    await waitFor(() => expect(refreshes()).toBeGreaterThan(0));
    await act(async () => {});
    // (StrictMode runs the mount effect twice in tests.)
    const base = refreshes();
    expect(screen.queryByRole('link', { name: /Непрочитаних сповіщень/ })).not.toBeInTheDocument();

    count = 2;
    await userEvent.click(screen.getAllByRole('link', { name: 'Курси' })[0] as HTMLElement);
    await waitFor(() => expect(refreshes()).toBe(base + 1));
    expect(await screen.findByRole('link', { name: 'Непрочитаних сповіщень: 2' })).toBeInTheDocument();

    count = 3;
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(refreshes()).toBe(base + 2));
    expect(await screen.findByRole('link', { name: 'Непрочитаних сповіщень: 3' })).toBeInTheDocument();
  });
});
