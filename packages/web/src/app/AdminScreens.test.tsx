import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../test/admin';
import { callsOf, learnerApi } from '../test/learning';
import { json } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

const noCourses = { 'GET /api/admin/courses': () => json({ courses: [], canAuthor: false }) };
const noUsers = { 'GET /api/admin/users?page=1&limit=20': () => json({ users: [], totalPages: 0 }) };

describe('/uk/admin, «Керування»', () => {
  it('a learner gets a message and a way home, and nothing is asked of the admin API', async () => {
    const fetchMock = learnerApi();
    const view = renderApp('/uk/admin/users');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Цей розділ лише для кураторів і адміністраторів' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Розділи керування' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'На головну' }));
    expect(view.path()).toBe('/uk');
    expect(callsOf(fetchMock).some((call) => call.includes('/api/admin'))).toBe(false);
  });

  it('a curator sees «Курси» only; an admin-only path says so', async () => {
    staffApi(noCourses, 'moderator');
    const view = renderApp('/uk/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Керування' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Розділи керування' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Курси', 'Аналітика', 'Час відповіді', 'Скарги в чаті']);
    await waitFor(() => expect(view.path()).toBe('/uk/admin/courses'));

    view.unmount();
    staffApi(noCourses, 'moderator');
    renderApp('/uk/admin/payments');
    expect(await screen.findByRole('heading', { level: 2, name: 'Лише для адміністраторів' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'До курсів' })).toHaveAttribute('href', '/uk/admin/courses');
  });

  it('an unknown console path lands on «Курси» once, instead of redirecting forever', async () => {
    staffApi(noCourses);
    const view = renderApp('/uk/admin/nope');
    const nav = await screen.findByRole('navigation', { name: 'Розділи керування' });
    await waitFor(() => expect(view.path()).toBe('/uk/admin/courses'));
    expect(within(nav).getByRole('link', { name: 'Курси' })).toHaveAttribute('aria-current', 'page');
    view.unmount();

    staffApi(noCourses, 'moderator');
    const deep = renderApp('/uk/admin/courses/x/lessons/1/extra');
    await waitFor(() => expect(deep.path()).toBe('/uk/admin/courses'));
  });

  it('an admin has every tab; the current one is marked', async () => {
    staffApi({ ...noCourses, ...noUsers });
    renderApp('/uk/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Розділи керування' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Курси',
      'Аналітика',
      'Час відповіді',
      'Скарги в чаті',
      'Завдання гри',
      'Користувачі',
      'Олімпіади',
      'Клуби',
      'Сертифікати',
      'Внески',
      'Відкритий звіт',
      'Журнал дій',
    ]);
    expect(within(nav).getByRole('link', { name: 'Користувачі' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Користувачі' })).toBeInTheDocument();
  });

  it('the office menu links to «Керування» for curators and admins, not for learners', async () => {
    staffApi({}, 'moderator');
    const view = renderApp('/uk/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Олена' }));
    const office = screen.getByRole('navigation', { name: 'Кабінет' });
    expect(within(office).getByRole('link', { name: 'Керування' })).toHaveAttribute('href', '/uk/admin');
    view.unmount();

    learnerApi();
    renderApp('/uk/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Олена' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Кабінет' })).queryByRole('link', { name: 'Керування' }),
    ).toBeNull();
  });
});
