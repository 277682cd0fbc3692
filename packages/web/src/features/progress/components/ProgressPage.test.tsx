import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addIsoDays, type CalendarState, type Progress } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { learnerApi, signedInApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

// A wave that started on Monday 2 March 2026; today is Friday 6 March.
const START = '2026-03-02';
const STATES: CalendarState[] = ['done', 'frozen', 'missed', 'done', 'today'];
const progress: Progress = {
  today: '2026-03-06',
  streak: { current: 2, best: 3, freezesLeft: 1 },
  courses: [
    {
      _id: 'c-1',
      title: 'Українська щодня',
      wave: '29',
      start: Date.parse('2026-03-01T22:00:00Z'),
      lessonsTotal: 3,
      lessonsDone: 2,
      diaryDays: 1,
      selfTestAverage: 7.5,
      homeworkHandedIn: 2,
      ratingAverage: 9,
      lessons: [
        {
          day: '1',
          theme: 'Звуки і літери',
          isOpen: true,
          diaryDate: '2026-03-02',
          selfTest: 6,
          homeworkHandedIn: true,
          rating: 9,
        },
        {
          day: '2',
          theme: 'Привітання',
          isOpen: true,
          diaryDate: '2026-03-05',
          selfTest: 9,
          homeworkHandedIn: true,
          rating: null,
        },
        {
          day: '3',
          theme: 'Числа',
          isOpen: false,
          diaryDate: null,
          selfTest: null,
          homeworkHandedIn: false,
          rating: null,
        },
      ],
      calendar: Array.from({ length: 28 }, (_, i) => ({
        date: addIsoDays(START, i),
        state: STATES[i] ?? 'future',
      })),
    },
  ],
  footprint: Array.from({ length: 90 }, (_, i) => ({ date: addIsoDays('2025-12-07', i), total: i < 80 ? 10 : 35 })),
};

describe('«Мій прогрес»', () => {
  it('is reached from the course page and shows the figures, each lesson and the streak', async () => {
    learnerApi({ 'GET /api/progress': () => json(progress) });
    renderApp('/uk/learn/c-1');
    await userEvent.click(await screen.findByRole('link', { name: 'Мій прогрес' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Мій прогрес' })).toBeInTheDocument();

    const course = await screen.findByRole('article', { name: /Українська щодня/ });
    const figure = (term: string) => within(course).getByText(term).nextElementSibling?.textContent;
    expect(figure('Уроків пройдено')).toBe('2 з 3');
    expect(figure('Середній бал тесту')).toBe('7,5 з 10');
    expect(figure('Домашніх здано')).toBe('2');
    expect(figure('Середня оцінка ДЗ')).toBe('9 з 12');
    expect(figure('Днів у щоденнику')).toBe('1');
    expect(screen.getByText('Серія').nextElementSibling).toHaveTextContent('2 дні');
    expect(screen.getByText('Найдовша').nextElementSibling).toHaveTextContent('3 дні');

    const lessons = within(course)
      .getAllByRole('listitem')
      .filter((li) => li.textContent?.startsWith('Урок'));
    expect(lessons).toHaveLength(3);
    const [first, second, third] = lessons as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Урок 1. Звуки і літери' })).toHaveAttribute(
      'href',
      '/uk/learn/c-1/1',
    );
    expect(first).toHaveTextContent('Щоденник2 березня 2026');
    expect(first).toHaveTextContent('Тест6 з 10');
    expect(first).toHaveTextContent('ДЗ9 з 12');
    expect(second).toHaveTextContent('ДЗздано, чекає оцінки');
    expect(third).toHaveTextContent('Урок 3. Числа (ще закритий)');
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names every calendar day and its state in words, with a legend, in 7 columns from Monday', async () => {
    signedInApi({ 'GET /api/progress': () => json(progress) });
    renderApp('/uk/progress');
    const calendar = await screen.findByRole('list', { name: 'Календар хвилі: Українська щодня' });
    const days = within(calendar).getAllByRole('listitem');
    expect(days).toHaveLength(28);
    expect(days.slice(0, 6).map((d) => d.textContent)).toEqual([
      '2✓2 березня 2026: практика була',
      '3✦3 березня 2026: світлий день, пропуск пробачено',
      '4✕4 березня 2026: пропущено',
      '5✓5 березня 2026: практика була',
      '6•6 березня 2026: сьогодні, практики ще не було',
      '77 березня 2026: попереду',
    ]);
    // The marks are for the eye; the words are what a screen reader says.
    expect(within(days[0] as HTMLElement).getByText('✓')).toHaveAttribute('aria-hidden', 'true');
    const legend = screen.getByRole('list', { name: 'Позначки календаря' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓Практика', '•Сьогодні', '✦Світлий день', '✕Пропущено', 'Попереду']);
    expect(calendar).toHaveAccessibleDescription('Практика Сьогодні Світлий день Пропущено Попереду');
  });

  it('says what the footprint chart shows in a sentence, which stays while the chart cannot be drawn', async () => {
    signedInApi({ 'GET /api/progress': () => json(progress) });
    renderApp('/uk/progress');
    const chart = await screen.findByRole('figure', { name: 'З 7 грудня 2025 слід зріс з 10 до 35 балів.' });
    expect(within(chart).getByText('З 7 грудня 2025 слід зріс з 10 до 35 балів.')).toBeInTheDocument();
  });

  it('a learner without courses is told where to find one; a failed load offers to try again', async () => {
    let fail = true;
    signedInApi({
      'GET /api/progress': () =>
        fail ? json({ message: 'Сервер недоступний' }, 503) : json({ ...progress, courses: [] }),
    });
    renderApp('/uk/progress');
    expect(await screen.findByText('Не вдалося завантажити прогрес. Сервер недоступний')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText(/Ви ще не приєдналися до жодного курсу/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'До курсів' })).toHaveAttribute('href', '/uk/learn');
  });

  it('is linked from home', async () => {
    signedInApi({ 'GET /api/courses/today': () => json({ courses: [] }) });
    renderApp('/uk');
    expect(await screen.findByRole('link', { name: 'Переглянути прогрес' })).toHaveAttribute('href', '/uk/progress');
  });
});
