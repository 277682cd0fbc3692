import { screen, within } from '@testing-library/react';
import { kyivTime } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const mine = {
  certificates: [
    {
      id: 'AB12CD34EF',
      name: 'Олена Гнатюк',
      course: 'Альфа',
      wave: '28',
      issuedAt: kyivTime(2026, 3, 2),
      revoked: null,
    },
  ],
  progress: [
    {
      courseId: 'c-2',
      course: 'Бета',
      wave: '29',
      endsAt: kyivTime(2026, 4, 30),
      criteria: { diaryDays: 20, allHomework: true, selfTests: 0 },
      diaryDays: 12,
      homework: { done: 7, total: 7 },
      selfTests: 3,
    },
  ],
};

describe('«Мої сертифікати» on /uk/progress', () => {
  it('lists my certificates with their check page and PDF, and what is left in a running wave', async () => {
    signedInApi({
      'GET /api/certificates/mine': () => json(mine),
      'GET /api/progress': () =>
        json({ today: '2026-04-02', streak: { current: 0, best: 0, freezesLeft: 0 }, courses: [], footprint: [] }),
    });
    renderApp('/uk/progress');
    expect(await screen.findByRole('heading', { level: 2, name: 'Мої сертифікати' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Сторінка перевірки' })).toHaveAttribute(
      'href',
      '/certificates/AB12CD34EF',
    );
    expect(screen.getByRole('link', { name: 'Завантажити PDF' })).toHaveAttribute(
      'href',
      '/api/certificates/AB12CD34EF/pdf',
    );
    const running = screen.getByRole('heading', { name: 'До сертифіката: «Бета», хвиля 29' }).closest('article');
    if (!running) throw new Error('no running wave');
    const items = within(running)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Self-tests are not asked for (0): not shown. Homework is done.
    expect(items).toEqual(['Щоденник: 12 з 20 днів', 'Домашні: 7 з 7 — виконано ✓']);
    expect(within(running).getByText('Хвиля закінчується 30 квітня 2026')).toBeInTheDocument();
  });
});
