import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kyivDateRange, kyivTime, type ReplyTimes } from '@yedyni/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const HOUR = 3_600_000;
const path = (from: string, to: string) =>
  `GET /api/admin/homework/reply-times?from=${kyivDateRange(from).start}&to=${kyivDateRange(to).end}`;

const report: ReplyTimes = {
  curators: [
    {
      curator: { _id: 'u-1', first_name: 'Тарас', last_name: 'Коваль' },
      count: 3,
      medianMs: 2.5 * HOUR,
      p90Ms: 30 * HOUR,
      weeks: { '2026-W10': 2, '2026-W11': 1 },
    },
  ],
  waves: [
    {
      courseId: 'c-1',
      courseTitle: 'Курс переходу',
      wave: '3',
      count: 3,
      medianMs: 2.5 * HOUR,
      p90Ms: 30 * HOUR,
      weeks: { '2026-W11': 3 },
    },
  ],
};

describe('/uk/admin/reply-times, «Час відповіді»', () => {
  beforeEach(() => {
    // Only the clock is fixed (the default period is «the last four weeks» from today).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(kyivTime(2026, 3, 18, 12, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('the last four weeks by default: per curator and per wave, hours in Ukrainian, counts per week', async () => {
    staffApi({ [path('2026-02-19', '2026-03-18')]: () => json(report) }, 'moderator');
    renderApp('/uk/admin/reply-times');
    const curators = await screen.findByRole('table', { name: 'Час відповіді за кураторами' });
    const [row] = within(curators).getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '2,5', '30', '2', '1']);
    expect(within(row as HTMLElement).getByRole('rowheader')).toHaveTextContent('Тарас Коваль');
    expect(within(curators).getByRole('columnheader', { name: '2026-W10' })).toBeInTheDocument();
    const waves = screen.getByRole('table', { name: 'Час відповіді за хвилями' });
    expect(waves).toHaveTextContent('«Курс переходу», хвиля 3');
    expect(screen.getByRole('link', { name: 'Час відповіді' })).toHaveAttribute('aria-current', 'page');
  });

  it('another period asks again; an empty period says so', async () => {
    const fetchMock = staffApi({
      [path('2026-02-19', '2026-03-18')]: () => json(report),
      [path('2026-03-01', '2026-03-18')]: () => json({ curators: [], waves: [] }),
    });
    renderApp('/uk/admin/reply-times');
    await screen.findByRole('table', { name: 'Час відповіді за кураторами' });
    const from = screen.getByLabelText('Від');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    expect(await screen.findByText('За цей період відповідей не було.')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain(path('2026-03-01', '2026-03-18'));
  });
});
