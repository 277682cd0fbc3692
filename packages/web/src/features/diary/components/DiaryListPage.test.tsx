import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiaryListItem } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const LIST = 'GET /api/diary/entries?courseId=c-1';

const entries: DiaryListItem[] = [
  {
    lessonId: '1',
    theme: 'Звуки і літери',
    date: '2026-03-03',
    entry: 'Говорила в крамниці.',
    plan: 'Завтра — на роботі.',
    test: 8,
  },
  { lessonId: '2', theme: 'Привітання', date: '2026-03-05', entry: '', plan: '', test: null },
];

describe('«Мій щоденник»: my diary entries of a course', () => {
  it('is reached from the course screen and lists each entry with its date, lesson and self-test score', async () => {
    learnerApi({ [LIST]: () => json({ entries }) });
    renderApp('/uk/learn/c-1');
    await userEvent.click(await screen.findByRole('link', { name: 'Мій щоденник' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Мій щоденник' })).toBeInTheDocument();
    expect(screen.getByText(/в курсі «Українська щодня»/)).toBeInTheDocument();
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Урок 1: Звуки і літери' })).toHaveAttribute(
      'href',
      '/uk/learn/c-1/1/diary',
    );
    expect(within(first).getByText('3 березня 2026')).toHaveAttribute('datetime', '2026-03-03');
    expect(within(first).getByText('8 з 10')).toBeInTheDocument();
    expect(within(first).getByText('Говорила в крамниці.')).toBeInTheDocument();
    expect(within(first).getByText(/Завтра — на роботі\./)).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Урок 2: Привітання' })).toBeInTheDocument();
    expect(within(second).getByText('5 березня 2026')).toBeInTheDocument();
    expect(within(second).getByText('не пройдено')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← До курсу' })).toHaveAttribute('href', '/uk/learn/c-1');
  });

  it('says in Ukrainian how to start when there is no entry yet', async () => {
    learnerApi({ [LIST]: () => json({ entries: [] }) });
    renderApp('/uk/learn/c-1/diary');
    expect(
      await screen.findByText(
        'У цьому курсі ви ще нічого не записали. Відкрийте урок і перейдіть на вкладку «Щоденник» — запис зʼявиться тут.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('a failed load says so and loads again on request', async () => {
    let fail = true;
    learnerApi({
      [LIST]: () => (fail ? json({ message: 'Немає звʼязку з сервером' }, 503) : json({ entries })),
    });
    renderApp('/uk/learn/c-1/diary');
    expect(await screen.findByRole('alert')).toHaveTextContent('Немає звʼязку з сервером');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('link', { name: 'Урок 1: Звуки і літери' })).toBeInTheDocument();
  });
});
