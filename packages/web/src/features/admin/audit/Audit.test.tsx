import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const byAdmin: AuditEntry = {
  _id: 'a-1',
  date: Date.UTC(2026, 2, 3, 10, 5),
  actor: { _id: 'u-1', first_name: 'Олена', last_name: 'Коваль' },
  action: 'club.create',
  target: 'club:k',
  summary: 'Кава українською',
};
const byCli: AuditEntry = {
  ...byAdmin,
  _id: 'a-2',
  actor: null,
  action: 'user.role',
  target: 'user:u-2',
  summary: 'taras@example.org: учень → адміністратор',
};

describe('/uk/admin/audit', () => {
  it('who did what and when; the command line by name; a filter by action; pages', async () => {
    staffApi({
      'GET /api/admin/audit?page=1': () => json({ entries: [byAdmin, byCli], totalPages: 2 }),
      'GET /api/admin/audit?page=2': () =>
        json({ entries: [{ ...byAdmin, _id: 'a-3', summary: 'Старий клуб' }], totalPages: 2 }),
      'GET /api/admin/audit?action=user.role&page=1': () => json({ entries: [byCli], totalPages: 1 }),
    });
    renderApp('/uk/admin/audit');
    const ui = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Журнал дій' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('03-03-2026 12:05');
    expect(rows[1]).toHaveTextContent('Олена Коваль');
    expect(rows[1]).toHaveTextContent('Новий клуб');
    expect(rows[2]).toHaveTextContent('командний рядок');
    expect(rows[2]).toHaveTextContent('Зміна ролі');
    expect(rows[2]).toHaveTextContent('taras@example.org: учень → адміністратор');

    await ui.click(screen.getByRole('button', { name: /Наступна/ }));
    expect(await screen.findByText('Старий клуб')).toBeInTheDocument();

    await ui.selectOptions(screen.getByLabelText('Дія'), 'Зміна ролі');
    await screen.findByText('командний рядок');
    const filtered = screen.getByRole('table', { name: 'Журнал дій' });
    expect(within(filtered).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('Старий клуб')).toBeNull();
    // One page now: no pager.
    expect(screen.queryByRole('navigation', { name: 'Сторінки списку' })).toBeNull();
  });

  it('nothing logged yet: a note', async () => {
    staffApi({ 'GET /api/admin/audit?page=1': () => json({ entries: [], totalPages: 0 }) });
    renderApp('/uk/admin/audit');
    expect(await screen.findByText('Записів немає.')).toBeInTheDocument();
  });
});
