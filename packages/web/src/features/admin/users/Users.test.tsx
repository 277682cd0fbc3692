import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser, AdminUserDetail } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf, lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const taras: AdminUser = {
  _id: 'u-2',
  first_name: 'Тарас',
  last_name: 'Мельник',
  email: 'taras@example.org',
  role: 'user',
  createdAt: Date.UTC(2026, 0, 5, 23, 30), // 6 January in Kyiv
};
const iryna: AdminUser = { ...taras, _id: 'u-3', first_name: 'Ірина', email: 'iryna@example.org', role: 'moderator' };
const detail: AdminUserDetail = {
  ...taras,
  enrollments: [{ courseId: 'c-1', title: 'Українська щодня', wave: '2026-03', enrolledAt: Date.UTC(2026, 2, 1, 9) }],
};

describe('/uk/admin/users', () => {
  it('lists people; the search (after typing stops) and the role filter become the query', async () => {
    const fetchMock = staffApi({
      'GET /api/admin/users?page=1&limit=20': () => json({ users: [taras, iryna], totalPages: 2 }),
      'GET /api/admin/users?page=2&limit=20': () => json({ users: [iryna], totalPages: 2 }),
      'GET /api/admin/users?q=%D1%82%D0%B0%D1%80&page=1&limit=20': () => json({ users: [taras], totalPages: 1 }),
      'GET /api/admin/users?q=%D1%82%D0%B0%D1%80&role=moderator&page=1&limit=20': () =>
        json({ users: [], totalPages: 0 }),
    });
    renderApp('/uk/admin/users');
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Користувачі' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Тарас Мельник');
    expect(rows[1]).toHaveTextContent('taras@example.org');
    expect(rows[1]).toHaveTextContent('учень');
    expect(rows[1]).toHaveTextContent('06-01-2026');
    expect(rows[2]).toHaveTextContent('куратор');

    await ui.click(screen.getByRole('button', { name: /Наступна/ }));
    expect(await screen.findByText('Сторінка 2 з 2')).toBeInTheDocument();

    await ui.type(screen.getByLabelText('Імʼя або пошта'), 'тар');
    // One request for the settled text, not one per letter.
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'iryna@example.org' })).toBeNull());
    expect(callsOf(fetchMock).filter((call) => call.includes('q='))).toEqual([
      'GET /api/admin/users?q=%D1%82%D0%B0%D1%80&page=1&limit=20',
    ]);

    await ui.selectOptions(screen.getByLabelText('Роль'), 'куратор');
    expect(await screen.findByText('Нікого не знайдено.')).toBeInTheDocument();
  });

  it('a person: courses, and a role change that asks first in a dialog naming them and the role', async () => {
    const fetchMock = staffApi({
      'GET /api/admin/users?page=1&limit=20': () => json({ users: [taras], totalPages: 1 }),
      'GET /api/admin/users/u-2': () => json(detail),
      'PATCH /api/admin/users/u-2/role': (init) => json({ ...taras, ...JSON.parse(String(init.body)) }),
    });
    const view = renderApp('/uk/admin/users');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('link', { name: 'Тарас Мельник' }));
    expect(view.path()).toBe('/uk/admin/users/u-2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Тарас Мельник' })).toBeInTheDocument();
    const courses = screen.getByRole('table', { name: 'Курси' });
    expect(within(courses).getAllByRole('row')[1]).toHaveTextContent('Українська щодня2026-0301-03-2026');

    const change = screen.getByRole('button', { name: 'Змінити роль' });
    expect(change).toBeDisabled();
    await ui.selectOptions(screen.getByLabelText('Нова роль'), 'адміністратор');
    await ui.click(screen.getByRole('button', { name: 'Змінити роль' }));
    let dialog = screen.getByRole('dialog', { name: 'Змінити роль' });
    expect(dialog).toHaveTextContent('Змінити роль користувача Тарас Мельник на «адміністратор»?');
    expect(dialog).toHaveTextContent('Зараз: учень.');
    // Escape (the browser's cancel event) and «Скасувати» both leave everything as it was.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Змінити роль' }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('PATCH /api/admin/users/u-2/role');

    await ui.click(screen.getByRole('button', { name: 'Змінити роль' }));
    dialog = screen.getByRole('dialog', { name: 'Змінити роль' });
    await ui.click(within(dialog).getByRole('button', { name: 'Так, змінити' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Тепер Тарас Мельник — адміністратор.');
    expect(lastBody(fetchMock, 'PATCH /api/admin/users/u-2/role')).toEqual({ role: 'admin' });
    expect(screen.getByText('Поточна роль').nextSibling).toHaveTextContent('адміністратор');
  });

  it('the server’s refusal (the last admin) is shown in an alert', async () => {
    staffApi({
      'GET /api/admin/users/u-1': () => json({ ...detail, _id: 'u-1', role: 'admin', enrollments: [] }),
      'PATCH /api/admin/users/u-1/role': () =>
        json({ message: 'Не можна зняти роль з останнього адміністратора' }, 409),
    });
    renderApp('/uk/admin/users/u-1');
    const ui = userEvent.setup();
    expect(await screen.findByText('Ще не записаний на жоден курс.')).toBeInTheDocument();
    await ui.selectOptions(screen.getByLabelText('Нова роль'), 'учень');
    await ui.click(screen.getByRole('button', { name: 'Змінити роль' }));
    await ui.click(screen.getByRole('button', { name: 'Так, змінити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не можна зняти роль з останнього адміністратора');
    expect(screen.getByText('Поточна роль').nextSibling).toHaveTextContent('адміністратор');
  });

  it('a failed load says why and tries again', async () => {
    let fail = true;
    staffApi({
      'GET /api/admin/users?page=1&limit=20': () =>
        fail ? json({ message: 'Сервер зайнятий' }, 503) : json({ users: [taras], totalPages: 1 }),
    });
    renderApp('/uk/admin/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер зайнятий');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('link', { name: 'Тарас Мельник' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
