import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { diary } from '../../../test/fixtures';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const DIARY = '/uk/learn/c-1/1/diary';
const QUERY = 'GET /api/diary?courseId=c-1&lessonId=1';
const KEY = 'draft:u-1:diary:c-1:1';

describe('diary drafts', () => {
  it('keeps the entry and the plan across a reload; a save forgets them', async () => {
    learnerApi({
      [QUERY]: () => json(diary),
      'PATCH /api/diary': (init) => json({ ...JSON.parse(String(init.body)), test: null }),
    });
    const ui = userEvent.setup();
    const first = renderApp(DIARY);
    await ui.type(await screen.findByLabelText('Запис'), ' Ще');
    await ui.clear(screen.getByLabelText('План'));
    await ui.type(screen.getByLabelText('План'), 'Нове');
    first.unmount();

    const second = renderApp(DIARY);
    expect(await screen.findByLabelText('Запис')).toHaveValue(`${diary.entry} Ще`);
    expect(screen.getByLabelText('План')).toHaveValue('Нове');
    expect(screen.getByText('Чернетку відновлено.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Оновити запис' }));
    expect(await screen.findByText('Зміни збережено.')).toBeInTheDocument();
    expect(screen.queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
    second.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a draft of another shape (an older version) is ignored', async () => {
    learnerApi({ [QUERY]: () => json(diary) });
    localStorage.setItem(KEY, JSON.stringify({ at: Date.now(), value: 'просто текст' }));
    renderApp(DIARY);
    expect(await screen.findByLabelText('Запис')).toHaveValue(diary.entry);
    expect(screen.queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
  });

  it('a plan over 500 characters is marked and not saved', async () => {
    const fetchMock = learnerApi({ [QUERY]: () => json(null) });
    renderApp(DIARY);
    const plan = await screen.findByLabelText('План');
    fireEvent.change(plan, { target: { value: 'п'.repeat(512) } });
    expect(plan).toHaveAttribute('aria-invalid', 'true');
    expect(plan).toHaveAccessibleDescription(/Задовго: приберіть 12 символів\./);
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти запис' }));
    expect(screen.getByRole('alert')).toHaveTextContent('«План»: текст задовгий, приберіть 12 символів.');
    expect(callsOf(fetchMock)).not.toContain('POST /api/diary');
    expect(plan).toHaveValue('п'.repeat(512));
  });
});
