import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { adminLesson, courseDetail } from './fixtures';

const LESSON = '/api/admin/courses/c-1/lessons/2';
const PAGE = '/uk/admin/courses/c-1/lessons/2';
const KEY = 'draft:u-1:lesson:c-1:2';

function editorApi(extra: Parameters<typeof staffApi>[0] = {}) {
  return staffApi({
    [`GET ${LESSON}`]: () => json(adminLesson()),
    'GET /api/admin/courses/c-1': () => json(courseDetail()),
    'POST /api/admin/preview': () => json({ html: '<p>…</p>' }),
    ...extra,
  });
}

async function openEditor() {
  const view = renderApp(PAGE);
  await screen.findByRole('heading', { level: 2, name: /^Урок 2:/ });
  return view;
}

describe('lesson editor drafts', () => {
  it('keeps every unsaved field across a reload; saving forgets the draft', async () => {
    const fetchMock = editorApi({ [`PUT ${LESSON}`]: (init) => json({ day: 2, ...JSON.parse(String(init.body)) }) });
    const ui = userEvent.setup();
    const first = await openEditor();
    await ui.type(screen.getByLabelText('Тема'), '!');
    await ui.type(screen.getByRole('textbox', { name: /^Практика/ }), 'Нова');
    first.unmount();

    const second = await openEditor();
    expect(screen.getByLabelText('Тема')).toHaveValue('Привітання!');
    expect(screen.getByRole('textbox', { name: /^Практика/ })).toHaveValue(`${adminLesson().practice}Нова`);
    expect(screen.getByText('Чернетку відновлено.')).toBeInTheDocument();
    // The server has not got it yet.
    expect(screen.getByText('Є незбережені зміни.')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain(`PUT ${LESSON}`);

    await ui.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Усе збережено.')).toBeInTheDocument();
    expect(screen.queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
    second.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('«Відкинути» brings back the lesson as saved', async () => {
    editorApi();
    const ui = userEvent.setup();
    const first = await openEditor();
    await ui.type(screen.getByLabelText('Тема'), '?');
    first.unmount();
    await openEditor();
    await ui.click(screen.getByRole('button', { name: 'Відкинути чернетку' }));
    expect(screen.getByLabelText('Тема')).toHaveValue('Привітання');
    expect(screen.getByText('Усе збережено.')).toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a draft of another shape is ignored', async () => {
    editorApi();
    localStorage.setItem(KEY, JSON.stringify({ at: Date.now(), value: { theme: 'Стара', audio: 'не список' } }));
    await openEditor();
    expect(screen.getByLabelText('Тема')).toHaveValue('Привітання');
    expect(screen.queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
  });

  it('over-long fields are marked, never cut, and the lesson is not saved', async () => {
    const fetchMock = editorApi();
    await openEditor();
    const theme = screen.getByLabelText('Тема');
    fireEvent.change(theme, { target: { value: 'т'.repeat(203) } });
    expect(theme).toHaveValue('т'.repeat(203));
    expect(theme).toHaveAttribute('aria-invalid', 'true');
    expect(theme).toHaveAccessibleDescription('203 з 200 символів Задовго: приберіть 3 символи.');
    const theory = screen.getByRole('textbox', { name: 'Теорія' });
    fireEvent.change(theory, { target: { value: 'х'.repeat(200_001) } });
    expect(theory).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.getByRole('alert')).toHaveTextContent('«Тема»: текст задовгий, приберіть 3 символи.');
    expect(callsOf(fetchMock)).not.toContain(`PUT ${LESSON}`);
    fireEvent.change(theme, { target: { value: 'Тема' } });
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.getByRole('alert')).toHaveTextContent('«Теорія»: текст задовгий, приберіть 1 символ.');
    expect(callsOf(fetchMock)).not.toContain(`PUT ${LESSON}`);
  });
});
