import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kyivIsoDate } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { diary } from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const QUERY = 'GET /api/diary?courseId=c-1&lessonId=1';

describe('the lesson’s diary tab', () => {
  it('creates the entry, then edits it', async () => {
    let stored: typeof diary | null = null;
    const fetchMock = learnerApi({
      [QUERY]: () => json(stored),
      'POST /api/diary': (init) => {
        stored = { ...JSON.parse(String(init.body)), test: null };
        return json(stored, 201);
      },
      'PATCH /api/diary': (init) => {
        stored = { ...JSON.parse(String(init.body)), test: null };
        return json(stored);
      },
    });
    renderApp('/uk/learn/c-1/1/diary');
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Щоденник' })).toBeInTheDocument();
    expect(screen.getByText('Що нового ви сьогодні сказали українською?')).toBeInTheDocument();
    const entry = await screen.findByLabelText('Запис');
    expect(screen.getByLabelText('Дата')).toHaveValue(kyivIsoDate(Date.now()));
    expect(entry).not.toHaveAttribute('maxlength');
    expect(entry).toHaveAccessibleDescription(/0 з 500 символів/);

    await ui.type(entry, 'Говорила українською');
    expect(entry).toHaveAccessibleDescription(/20 з 500 символів/);
    await ui.type(screen.getByLabelText('План'), 'Завтра знову');
    await ui.click(screen.getByRole('button', { name: 'Зберегти запис' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Запис збережено.');
    expect(lastBody(fetchMock, 'POST /api/diary')).toEqual({
      courseId: 'c-1',
      lessonId: '1',
      date: kyivIsoDate(Date.now()),
      entry: 'Говорила українською',
      plan: 'Завтра знову',
    });

    const plan = screen.getByLabelText('План');
    await ui.clear(plan);
    await ui.type(plan, 'Розмова з колегами');
    await ui.click(screen.getByRole('button', { name: 'Оновити запис' }));
    expect(await screen.findByText('Зміни збережено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH /api/diary')).toMatchObject({ plan: 'Розмова з колегами' });
    expect(callsOf(fetchMock).filter((c) => c === 'POST /api/diary')).toHaveLength(1);
  });

  it('an existing entry is shown for editing, with the self-test score', async () => {
    learnerApi({ [QUERY]: () => json({ ...diary, test: 7 }) });
    renderApp('/uk/learn/c-1/1/diary');
    expect(await screen.findByText('Результат тесту: 7 з 10')).toBeInTheDocument();
    expect(screen.getByLabelText('Дата')).toHaveValue('2026-03-03');
    expect(screen.getByLabelText('Запис')).toHaveValue(diary.entry);
    expect(screen.getByLabelText('План')).toHaveValue(diary.plan);
    expect(screen.getByRole('button', { name: 'Оновити запис' })).toBeInTheDocument();
  });

  it('a refused save shows the server message in an alert', async () => {
    learnerApi({
      [QUERY]: () => json(null),
      'POST /api/diary': () => json({ message: 'Запис щоденника для цього уроку вже є — відредагуйте його' }, 409),
    });
    renderApp('/uk/learn/c-1/1/diary');
    const form = (await screen.findByRole('button', { name: 'Зберегти запис' })).closest('form') as HTMLElement;
    await userEvent.click(within(form).getByRole('button', { name: 'Зберегти запис' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Запис щоденника для цього уроку вже є');
  });
});
