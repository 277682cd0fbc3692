import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { exercise } from '../../../test/homework';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const PRACTICE = '/uk/learn/c-1/1/practice';
const QUERY = 'GET /api/exercises?courseId=c-1&lessonId=1';
const ANSWER_KEY = 'draft:u-1:homework:c-1:1';

describe('homework drafts', () => {
  it('keeps the typed answer across a reload, and forgets it once sent', async () => {
    learnerApi({ 'POST /api/exercises': () => json({ ...exercise, homework: 'Мій початок' }, 201) });
    const first = renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Ваша відповідь'), 'Мій початок');
    // A reload unmounts the page: what was typed is written at once, before the 300 ms pass.
    first.unmount();
    expect(JSON.parse(localStorage.getItem(ANSWER_KEY) ?? '{}').value).toBe('Мій початок');

    const second = renderApp(PRACTICE);
    expect(await screen.findByLabelText('Ваша відповідь')).toHaveValue('Мій початок');
    expect(screen.getByRole('status')).toHaveTextContent('Чернетку відновлено.');
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));
    expect(await screen.findByText('Відповідь надіслано куратору.')).toBeInTheDocument();
    second.unmount();
    expect(localStorage.getItem(ANSWER_KEY)).toBeNull();

    renderApp(PRACTICE);
    expect(await screen.findByLabelText('Ваша відповідь')).toHaveValue('');
    expect(screen.queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
  });

  it('«Відкинути» throws the draft away', async () => {
    learnerApi();
    localStorage.setItem(ANSWER_KEY, JSON.stringify({ at: Date.now(), value: 'Стара чернетка' }));
    renderApp(PRACTICE);
    const answer = await screen.findByLabelText('Ваша відповідь');
    expect(answer).toHaveValue('Стара чернетка');
    await userEvent.click(screen.getByRole('button', { name: 'Відкинути чернетку' }));
    expect(answer).toHaveValue('');
    expect(screen.queryByText('Чернетку відновлено.')).not.toBeInTheDocument();
    expect(localStorage.getItem(ANSWER_KEY)).toBeNull();
  });

  it('a draft of a handed-in answer opens the form with it', async () => {
    learnerApi({ [QUERY]: () => json(exercise) });
    localStorage.setItem(ANSWER_KEY, JSON.stringify({ at: Date.now(), value: 'Виправлена відповідь' }));
    renderApp(PRACTICE);
    expect(await screen.findByLabelText('Ваша відповідь')).toHaveValue('Виправлена відповідь');
    await userEvent.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(screen.getByRole('article', { name: 'Моя відповідь' })).toHaveTextContent(exercise.homework);
    expect(localStorage.getItem(ANSWER_KEY)).toBeNull();
  });

  it('an answer over 30 000 characters is kept whole, marked, and not sent', async () => {
    const fetchMock = learnerApi();
    renderApp(PRACTICE);
    const answer = await screen.findByLabelText('Ваша відповідь');
    const long = 'а'.repeat(30_005);
    fireEvent.change(answer, { target: { value: long } });
    expect(answer).toHaveValue(long);
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription('30\u00a0005 з 30\u00a0000 символів Задовго: приберіть 5 символів.');
    await userEvent.click(screen.getByRole('button', { name: 'Надіслати' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '«Ваша відповідь»: текст задовгий, приберіть 5 символів. Нічого не надіслано.',
    );
    expect(callsOf(fetchMock)).not.toContain('POST /api/exercises');
    expect(answer).toHaveValue(long);

    fireEvent.change(answer, { target: { value: long.slice(0, 30_000) } });
    expect(answer).not.toHaveAttribute('aria-invalid');
  });

  it('keeps a comment across a reload and clears it when it is added', async () => {
    let comments = exercise.comments;
    learnerApi({
      [QUERY]: () => json({ ...exercise, comments }),
      'POST /api/exercises/comment': (init) => {
        const added = {
          _id: 'cm-9',
          author: { _id: 'u-1', first_name: 'Олена', last_name: 'Коваль' },
          comment: String((init.body as FormData).get('comment')),
          date: Date.now(),
          isRead: true,
          tags: [],
          fileURL: '',
          fileType: '',
          fileName: '',
          canEdit: true,
          canDelete: true,
        };
        comments = [...comments, added];
        return json(added, 201);
      },
    });
    const ui = userEvent.setup();
    const first = renderApp(PRACTICE);
    let thread = await screen.findByRole('region', { name: 'Коментарі' });
    await ui.type(within(thread).getByLabelText('Коментар'), 'Питання до куратора');
    first.unmount();

    renderApp(PRACTICE);
    thread = await screen.findByRole('region', { name: 'Коментарі' });
    const text = within(thread).getByLabelText('Коментар');
    expect(text).toHaveValue('Питання до куратора');
    expect(within(thread).getByText('Чернетку відновлено.')).toBeInTheDocument();
    await ui.click(within(thread).getByRole('button', { name: 'Надіслати коментар' }));
    expect(await within(thread).findByText('Коментар надіслано.')).toBeInTheDocument();
    expect(text).toHaveValue('');
    expect(localStorage.getItem('draft:u-1:comment:new:ex-1')).toBeNull();
  });

  it('a comment over 3 000 characters is refused before sending', async () => {
    const fetchMock = learnerApi({ [QUERY]: () => json(exercise) });
    renderApp(PRACTICE);
    const thread = await screen.findByRole('region', { name: 'Коментарі' });
    const text = within(thread).getByLabelText('Коментар');
    fireEvent.change(text, { target: { value: 'б'.repeat(3_021) } });
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(thread).getByRole('button', { name: 'Надіслати коментар' }));
    expect(within(thread).getByRole('alert')).toHaveTextContent('«Коментар»: текст задовгий, приберіть 21 символ.');
    expect(callsOf(fetchMock)).not.toContain('POST /api/exercises/comment');
  });
});
