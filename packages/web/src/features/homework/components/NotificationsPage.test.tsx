import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { user, withRole } from '../../../test/fixtures';
import { commentFixture, curator, exercise, learner, notificationFixture } from '../../../test/homework';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const PAGE_1 = 'GET /api/exercises/notifications?page=1&limit=10';
const curatorUser: User = { ...withRole(user, 'moderator'), ...curator, email: 'curator@example.org' };

describe('/uk/notifications', () => {
  it('lists the learner’s notifications newest first: course, lesson, who, when', async () => {
    learnerApi({
      [PAGE_1]: () => json({ notifications: [notificationFixture(1), notificationFixture(2)], countNotifications: 2 }),
    });
    renderApp('/uk/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сповіщення' })).toBeInTheDocument();
    const items = await screen.findAllByRole('link', { name: /Українська щодня/ });
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('href', '/uk/learn/c-1/1/practice');
    expect(items[0]).toHaveTextContent('«Українська щодня» · Урок 1');
    expect(items[0]).toHaveTextContent('Новий коментар куратора: Марія Куратор');
    expect(items[0]).toHaveTextContent('04-03-2026 13:59');
    expect(items[1]).toHaveTextContent('04-03-2026 13:58');
    expect(screen.queryByRole('navigation', { name: 'Сторінки сповіщень' })).not.toBeInTheDocument();
  });

  it('opening a learner’s notification lands on the practice tab and marks it read; the badge clears', async () => {
    let count = 1;
    const fetchMock = learnerApi({
      [PAGE_1]: () => json({ notifications: [notificationFixture(1)], countNotifications: count }),
      'GET /api/exercises/notifications?limit=1': () => json({ notifications: [], countNotifications: count }),
      'GET /api/exercises?courseId=c-1&lessonId=1': () =>
        json({
          ...exercise,
          status: 'inactive',
          rating: 10,
          comments: [commentFixture(1, { author: learner }), commentFixture(2, { isRead: count === 0 })],
        }),
      'PATCH /api/exercises/status?exerciseId=ex-1': () => {
        count = 0;
        return json({ exerciseId: 'ex-1', countNotifications: 0 });
      },
    });
    const app = renderApp('/uk/notifications');
    expect(await screen.findByRole('link', { name: 'Непрочитаних сповіщень: 1' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /«Українська щодня» · Урок 1/ }));

    await waitFor(() => expect(app.path()).toBe('/uk/learn/c-1/1/practice'));
    const fromCurator = await screen.findByRole('article', { name: 'Коментар: Марія Куратор' });
    expect(within(fromCurator).getByText('Новий')).toBeInTheDocument();
    expect(screen.getByText('Оцінка: 10 з 12')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('PATCH /api/exercises/status?exerciseId=ex-1'));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Непрочитаних сповіщень/ })).not.toBeInTheDocument());
    expect(app.store.getState().exercises.countNotifications).toBe(0);
  });

  it('a curator’s notification is marked read, then opens the review screen', async () => {
    const fetchMock = learnerApi({
      'GET /api/auth/current': () => json(curatorUser),
      [PAGE_1]: () =>
        json({ notifications: [notificationFixture(4, { from: learner, exerciseId: 'ex-4' })], countNotifications: 1 }),
      'PATCH /api/exercises/status?exerciseId=ex-4': () => json({ exerciseId: 'ex-4', countNotifications: 1 }),
      'GET /api/exercises/ex-4': () =>
        json({ ...exercise, _id: 'ex-4', lessonId: '4', owner: learner, courseTitle: 'Українська щодня' }),
    });
    const app = renderApp('/uk/notifications');
    expect(await screen.findByText('Домашні завдання учнів, що чекають на перевірку.')).toBeInTheDocument();
    const item = await screen.findByRole('link', { name: /Чекає на перевірку: Олена Коваль/ });
    expect(item).toHaveAttribute('href', '/uk/active?exerciseId=ex-4');
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
  });

  it('pages through ten at a time', async () => {
    const fetchMock = learnerApi({
      [PAGE_1]: () =>
        json({
          notifications: Array.from({ length: 10 }, (_, i) => notificationFixture(i + 1)),
          countNotifications: 12,
        }),
      'GET /api/exercises/notifications?page=2&limit=10': () =>
        json({ notifications: [notificationFixture(11), notificationFixture(12)], countNotifications: 12 }),
    });
    const app = renderApp('/uk/notifications');
    const pages = await screen.findByRole('navigation', { name: 'Сторінки сповіщень' });
    expect(within(pages).getByText('Сторінка 1 з 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Попередня' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Наступна' }));
    expect(await screen.findByText('Сторінка 2 з 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Українська щодня/ })).toHaveLength(2);
    expect(app.path()).toBe('/uk/notifications?page=2');
    expect(callsOf(fetchMock)).toContain('GET /api/exercises/notifications?page=2&limit=10');
  });

  it('nothing new: a calm empty state', async () => {
    learnerApi({ [PAGE_1]: () => json({ notifications: [], countNotifications: 0 }) });
    renderApp('/uk/notifications');
    expect(await screen.findByText(/Нових коментарів немає/)).toBeInTheDocument();
  });

  it('a failed load is quiet (no alert)', async () => {
    learnerApi({ [PAGE_1]: () => json({ message: 'Помилка сервера' }, 500) });
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
