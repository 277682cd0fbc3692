import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDay, type WaveAnalytics } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const start = Date.UTC(2026, 2, 1, -2);
// A nudge stands for 3 days from now (the screen's clock is the browser's).
const justNow = Date.now() - 60_000;
const waves = [{ courseId: 'c1', title: 'Курс переходу', waves: [{ label: '2026-03', start }] }];
const analytics: WaveAnalytics = {
  courseId: 'c1',
  courseTitle: 'Курс переходу',
  wave: '2026-03',
  waveStart: start,
  size: 12,
  days: Array.from({ length: 28 }, (_, i) => ({
    day: i + 1,
    opened: i === 0 ? 10 : 0,
    selfTest: i === 0 ? 8 : 0,
    diary: i === 0 ? 7 : 0,
    homework: i === 0 ? 5 : 0,
  })),
  inactive: [
    { userId: 'u1', name: 'Олена Коваль', lastActive: null, nudgedAt: null },
    { userId: 'u2', name: 'Тарас Мельник', lastActive: '2026-03-02', nudgedAt: null },
  ],
  inactiveTotal: 2,
};

describe('/uk/admin/analytics', () => {
  it('shows the wave day by day as a table beside the chart, and nudges: one, then the rest, with the refusal said', async () => {
    const fetchMock = staffApi(
      {
        'GET /api/analytics/waves': () => json(waves),
        'GET /api/analytics/waves/c1/2026-03': () => json(analytics),
        'POST /api/analytics/waves/c1/2026-03/nudges': (init) => {
          const { userIds } = JSON.parse(String(init?.body));
          return json({
            results: userIds.map((userId: string) =>
              userId === 'u1'
                ? { userId, nudged: true, nudgedAt: justNow }
                : { userId, nudged: false, nudgedAt: Date.UTC(2026, 2, 4, 8), reason: 'Уже нагадували 4 березня 2026' },
            ),
          });
        },
      },
      'moderator',
    );
    renderApp('/uk/admin/analytics');
    const ui = userEvent.setup();
    expect(await screen.findByText('У хвилі 12 учасників.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Аналітика' })).toHaveAttribute('aria-current', 'page');
    await ui.click(screen.getByText('Показати таблицю'));
    const table = screen.getByRole('table', { name: 'Уроки хвилі день за днем' });
    const first = within(table).getByRole('row', { name: /^1 / });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '8', '7', '5']);

    const rows = () => within(screen.getByRole('region', { name: /Неактивні учасники/ })).getAllByRole('row');
    expect(rows()[1]).toHaveTextContent('ще не починав');
    expect(rows()[2]).toHaveTextContent('2 березня 2026');
    await ui.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Нагадати' }));
    expect(lastBody(fetchMock, 'POST /api/analytics/waves/c1/2026-03/nudges')).toEqual({ userIds: ['u1'] });
    expect(await within(rows()[1] as HTMLElement).findByText(`Нагадали ${formatDay(justNow)}`)).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Нагадати всім' }));
    expect(lastBody(fetchMock, 'POST /api/analytics/waves/c1/2026-03/nudges')).toEqual({ userIds: ['u2'] });
    expect(await within(rows()[2] as HTMLElement).findByText('Уже нагадували 4 березня 2026')).toBeInTheDocument();
    expect(screen.getByText(/Надіслано нагадувань: 0\. Не надіслано: 1/)).toBeInTheDocument();
    // The console's chunk loads first, then every click: more than the default 5 s on a busy machine.
  }, 20_000);
});
