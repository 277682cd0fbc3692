import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyGoal, HabitSummary } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { habitSummary } from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const TODAY = 'GET /api/courses/today';
const GOAL = 'PUT /api/habit/goal';

function homeApi(habit: HabitSummary = habitSummary, goalAnswer?: (goal: DailyGoal) => Response) {
  return learnerApi({
    [TODAY]: () => json({ courses: [], habit }),
    [GOAL]: (init) => {
      const goal = JSON.parse(String(init.body)) as DailyGoal;
      return goalAnswer ? goalAnswer(goal) : json(goal);
    },
  });
}

describe('/uk: the habit card', () => {
  it('shows the streak, the week in words, the goal’s progress, cards to repeat and the team, from the one home request', async () => {
    const fetchMock = homeApi();
    renderApp('/uk');
    const card = await screen.findByRole('region', { name: 'Моя серія' });
    expect(await within(card).findByText('3 дні поспіль')).toBeInTheDocument();
    expect(within(card).getByText('Найдовша: 5')).toBeInTheDocument();
    expect(within(card).getByText('Світлих днів лишилося: 2')).toBeInTheDocument();
    expect(within(card).getByText(/^Сьогодні ще немає практики/)).toBeInTheDocument();
    const week = within(card).getByRole('list', { name: 'Останні сім днів' });
    const days = within(week)
      .getAllByRole('listitem')
      .map((day) => day.textContent);
    expect(days).toEqual([
      'пт✕пт, 6 березня 2026: пропущено',
      'сб✓сб, 7 березня 2026: практика була',
      'нд✓нд, 8 березня 2026: практика була',
      'пн✦пн, 9 березня 2026: світлий день, пропуск пробачено',
      'вт✓вт, 10 березня 2026: практика була',
      'ср✓ср, 11 березня 2026: практика була',
      'чт•чт, 12 березня 2026: сьогодні, практики ще не було',
    ]);
    expect(within(card).getByText('Уроки 1 з 1')).toBeInTheDocument();
    expect(within(card).getByText('Повторення 0 з 1')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Повторити 4 картки' })).toHaveAttribute(
      'href',
      '/uk/game/repetition',
    );
    expect(within(card).getByText('Командна серія: 2 дні (у команді 3 людини)')).toBeInTheDocument();
    // No request of its own: the habit came with «Що сьогодні».
    expect(callsOf(fetchMock).filter((call) => call.includes('/habit'))).toEqual([]);
    expect(callsOf(fetchMock).filter((call) => call === TODAY)).toHaveLength(1);
  });

  it('a fresh start: no streak, no cards to repeat, no team line', async () => {
    homeApi({
      ...habitSummary,
      streak: { current: 0, best: 0, todayDone: false, freezesLeft: 2 },
      team: null,
      dueCards: 0,
      done: { lessons: 0, repetitions: 0 },
    });
    renderApp('/uk');
    const card = await screen.findByRole('region', { name: 'Моя серія' });
    expect(await within(card).findByText('Серії ще немає')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Повторити/ })).toBeNull();
    expect(within(card).queryByText(/Командна серія/)).toBeNull();
  });

  it('«Змінити мету»: a preset saves at once and the card shows the new goal', async () => {
    const fetchMock = homeApi();
    renderApp('/uk');
    const ui = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Моя серія' });
    await ui.click(await within(card).findByRole('button', { name: 'Змінити мету' }));
    const dialog = await screen.findByRole('dialog', { name: 'Мета дня' });
    await ui.click(within(dialog).getByRole('button', { name: /^Серйозно/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(fetchMock, GOAL)).toEqual({ lessons: 2, repetitions: 2 });
    expect(within(card).getByText('Уроки 1 з 2')).toBeInTheDocument();
    expect(within(card).getByText('Повторення 0 з 2')).toBeInTheDocument();
  });

  it('own numbers are checked before sending, and the server’s refusal is shown in Ukrainian', async () => {
    const fetchMock = homeApi(habitSummary, () =>
      json(
        {
          message: 'Мета: кількість уроків — ціле число від 0 до 3',
          fields: { lessons: 'Мета: кількість уроків — ціле число від 0 до 3' },
        },
        400,
      ),
    );
    renderApp('/uk');
    const ui = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Моя серія' });
    await ui.click(await within(card).findByRole('button', { name: 'Змінити мету' }));
    const dialog = await screen.findByRole('dialog', { name: 'Мета дня' });
    const lessons = within(dialog).getByLabelText('Уроків (щоденник, тест чи домашнє)');
    const repetitions = within(dialog).getByLabelText('Повторень (гра чи «Повторення»)');
    await ui.clear(lessons);
    await ui.type(lessons, '0');
    await ui.clear(repetitions);
    await ui.type(repetitions, '0');
    await ui.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Оберіть хоча б один урок або одне повторення')).toBeInTheDocument();
    expect(lessons).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(fetchMock)).not.toContain(GOAL);

    await ui.clear(lessons);
    await ui.type(lessons, '2');
    await ui.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    expect(await within(dialog).findByText('Кількість уроків — ціле число від 0 до 3')).toBeInTheDocument();
    expect(within(card).getByText('Уроки 1 з 1')).toBeInTheDocument();
  });
});
