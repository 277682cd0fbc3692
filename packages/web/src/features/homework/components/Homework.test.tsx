import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { commentFixture, exercise, fileOf, learner } from '../../../test/homework';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const PRACTICE = '/uk/learn/c-1/1/practice';
const QUERY = 'GET /api/exercises?courseId=c-1&lessonId=1';

/** The FormData of the last call to `METHOD url`. */
function lastForm(fetchMock: ReturnType<typeof learnerApi>, call: string): FormData {
  const found = fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === call).at(-1);
  const body = found?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`${call}: no multipart body`);
  return body;
}

describe('the practice tab: homework', () => {
  it('hands in the answer with a file as multipart, then shows it waiting with the file', async () => {
    const fetchMock = learnerApi({
      'POST /api/exercises': (init) => {
        const form = init.body as FormData;
        const file = form.get('file') as File;
        return json(
          {
            ...exercise,
            homework: form.get('homework'),
            fileURL: '/api/files/f1?sig=1',
            fileType: file.type,
            fileName: file.name,
          },
          201,
        );
      },
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    expect(await screen.findByText('Завдання уроку 1')).toBeInTheDocument();
    const answer = await screen.findByLabelText('Ваша відповідь');
    expect(answer).not.toHaveAttribute('maxlength');
    expect(answer).toHaveAccessibleDescription('0 з 30\u00a0000 символів');
    await ui.type(answer, 'Добрий ранок');
    expect(answer).toHaveAccessibleDescription('12 з 30\u00a0000 символів');

    const picker = screen.getByLabelText('Файл (необовʼязково)');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    await ui.upload(picker, fileOf('завдання.pdf', 'application/pdf', 2048));
    expect(screen.getByText('Обрано: завдання.pdf (2 КБ)')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Відповідь надіслано куратору.');
    const form = lastForm(fetchMock, 'POST /api/exercises');
    expect(form.get('courseId')).toBe('c-1');
    expect(form.get('lessonId')).toBe('1');
    expect(form.get('homework')).toBe('Добрий ранок');
    expect((form.get('file') as File).name).toBe('завдання.pdf');
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/exercises' && init?.method === 'POST');
    const headers = (call?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer token-1');

    const mine = screen.getByRole('article', { name: 'Моя відповідь' });
    expect(within(mine).getByText('Очікує перевірки')).toBeInTheDocument();
    expect(within(mine).getByText('Добрий ранок')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Завантажити завдання.pdf' })).toHaveAttribute(
      'href',
      '/api/files/f1?sig=1',
    );
    expect(within(mine).queryByText(/Оцінка/)).not.toBeInTheDocument();
  });

  it('an answer handed in with a file forgets its draft: coming back shows the answer, not the form', async () => {
    learnerApi({
      'POST /api/exercises': (init) => {
        const form = init.body as FormData;
        return json({ ...exercise, homework: form.get('homework'), fileURL: '/api/files/f1?sig=1' }, 201);
      },
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Ваша відповідь', {}, { timeout: 8_000 }), 'Добрий ранок');
    await ui.upload(screen.getByLabelText('Файл (необовʼязково)'), fileOf('завдання.pdf', 'application/pdf', 2048));
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));
    // The draft is written while typing; sending with a file must forget it.
    await waitFor(() => expect(drafts()).toHaveLength(1));
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Відповідь надіслано куратору.');
    await waitFor(() => expect(drafts()).toEqual([]));
  });

  it('refuses a file over 10 MiB before uploading, with a Ukrainian message', async () => {
    const fetchMock = learnerApi({ 'POST /api/exercises': () => json({ ...exercise, homework: 'Текст' }, 201) });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Ваша відповідь'), 'Текст');
    const picker = screen.getByLabelText('Файл (необовʼязково)');
    await ui.upload(picker, fileOf('велике.pdf', 'application/pdf', 10_485_761));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Файл завеликий (10,0 МБ): щонайбільше 10 МБ. Оберіть менший файл.',
    );
    expect(screen.queryByText(/Обрано:/)).not.toBeInTheDocument();
    expect((picker as HTMLInputElement).value).toBe('');

    // Exactly 10 MiB is fine.
    await ui.upload(picker, fileOf('рівно.pdf', 'application/pdf', 10_485_760));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Обрано: рівно.pdf (10,0 МБ)')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Прибрати файл' }));
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));
    await screen.findByText('Відповідь надіслано куратору.');
    expect(lastForm(fetchMock, 'POST /api/exercises').has('file')).toBe(false);
  });

  it('a refused upload shows the server message in an alert', async () => {
    learnerApi({
      'POST /api/exercises': () =>
        json({ message: 'Такий файл не приймаємо: додайте зображення, PDF, аудіо або документ' }, 415),
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Ваша відповідь'), 'Текст');
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Такий файл не приймаємо');
    expect(screen.getByLabelText('Ваша відповідь')).toHaveValue('Текст');
  });

  it('an empty answer is not sent', async () => {
    const fetchMock = learnerApi();
    renderApp(PRACTICE);
    await userEvent.click(await screen.findByRole('button', { name: 'Надіслати' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Напишіть відповідь або додайте файл, перш ніж надсилати.');
    expect(callsOf(fetchMock)).not.toContain('POST /api/exercises');
  });

  it('a file alone is an answer too', async () => {
    const fetchMock = learnerApi({
      'POST /api/exercises': (init) => {
        const file = (init.body as FormData).get('file') as File;
        return json(
          { ...exercise, homework: '', fileURL: '/api/files/f2?sig=1', fileType: file.type, fileName: file.name },
          201,
        );
      },
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.upload(await screen.findByLabelText('Файл (необовʼязково)'), fileOf('фото.png', 'image/png', 1024));
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Відповідь надіслано куратору.');
    const form = lastForm(fetchMock, 'POST /api/exercises');
    expect(form.get('homework')).toBe('');
    expect((form.get('file') as File).name).toBe('фото.png');
  });

  it('a file on its way shows its percent in a named bar; «Скасувати» stops it and keeps the text and the file', async () => {
    let sends = 0;
    let cancelledRequest = false;
    learnerApi({
      'POST /api/exercises': (init) => {
        sends += 1;
        init.uploadProgress?.(4_000_000, 9_000_000);
        // The link is slow: no answer comes before the user cancels.
        return new Promise<Response>(() => {});
      },
    });
    const real = XMLHttpRequest.prototype.abort;
    XMLHttpRequest.prototype.abort = function abort(this: XMLHttpRequest) {
      cancelledRequest = true;
      real.call(this);
    };
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Ваша відповідь', {}, { timeout: 8_000 }), 'Моя відповідь');
    await ui.upload(screen.getByLabelText('Файл (необовʼязково)'), fileOf('звіт.pdf', 'application/pdf', 9_000_000));
    await ui.click(screen.getByRole('button', { name: 'Надіслати' }));

    const bar = await screen.findByRole('progressbar', { name: 'Надсилаємо «звіт.pdf»' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '44'));
    // «44 %» (with the no-break space, which the matcher reads as a space).
    expect(screen.getByText('44 %')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Скасувати надсилання «звіт.pdf»' }));

    expect(cancelledRequest).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Надсилання скасовано. Текст і файл лишилися');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Ваша відповідь')).toHaveValue('Моя відповідь');
    expect(screen.getByText('Обрано: звіт.pdf (8,6 МБ)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Надіслати' })).toBeEnabled();
    expect(sends).toBe(1);
  }, 15_000);

  it('opening it with unread curator comments marks them read and clears the badge; shows rating and «Новий»', async () => {
    const rated = {
      ...exercise,
      status: 'inactive' as const,
      rating: 10,
      fileURL: '/api/files/img?sig=1',
      fileType: 'image/png',
      fileName: 'фото.png',
      comments: [
        commentFixture(1, { author: learner, comment: 'Перевірте, будь ласка' }),
        commentFixture(2, {
          isRead: false,
          comment: '<b>Чудово</b>',
          fileURL: '/api/files/a?sig=1',
          fileType: 'audio/mpeg',
          fileName: 'вимова.mp3',
        }),
      ],
    };
    let count = 1;
    const fetchMock = learnerApi({
      [QUERY]: () => json(rated),
      'GET /api/exercises/notifications?limit=1': () => json({ notifications: [], countNotifications: count }),
      'PATCH /api/exercises/status?exerciseId=ex-1': () => {
        count = 0;
        return json({ exerciseId: 'ex-1', countNotifications: 0 });
      },
    });
    renderApp('/uk/learn/c-1/1');
    expect(await screen.findByRole('link', { name: 'Непрочитаних сповіщень: 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Практика' }));

    const mine = await screen.findByRole('article', { name: 'Моя відповідь' });
    expect(within(mine).getByText('Перевірено')).toBeInTheDocument();
    expect(within(mine).getByText('Оцінка: 10 з 12')).toBeInTheDocument();
    expect(within(mine).getByRole('img', { name: 'фото.png' })).toHaveAttribute('src', '/api/files/img?sig=1');

    const fromCurator = screen.getByRole('article', { name: 'Коментар: Марія Куратор' });
    expect(within(fromCurator).getByText('Новий')).toBeInTheDocument();
    expect(within(fromCurator).getByText('Куратор')).toBeInTheDocument();
    expect(within(fromCurator).getByText('<b>Чудово</b>')).toBeInTheDocument();
    expect(within(fromCurator).getByText('04-03-2026 12:02')).toBeInTheDocument();
    expect(within(fromCurator).getByLabelText('вимова.mp3')).toHaveAttribute('src', '/api/files/a?sig=1');
    expect(within(fromCurator).queryByRole('button', { name: 'Редагувати' })).not.toBeInTheDocument();
    const own = screen.getByRole('article', { name: 'Коментар: Олена Коваль' });
    expect(within(own).queryByText('Новий')).not.toBeInTheDocument();

    await waitFor(() => expect(callsOf(fetchMock)).toContain('PATCH /api/exercises/status?exerciseId=ex-1'));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Непрочитаних сповіщень/ })).not.toBeInTheDocument());
  });

  it('nothing unread: opening does not mark anything', async () => {
    const fetchMock = learnerApi({ [QUERY]: () => json({ ...exercise, comments: [commentFixture(1)] }) });
    renderApp(PRACTICE);
    await screen.findByRole('article', { name: 'Моя відповідь' });
    await act(async () => {});
    expect(callsOf(fetchMock).some((c) => c.startsWith('PATCH /api/exercises/status'))).toBe(false);
  });

  it('«Редагувати» replaces the text, keeping the file unless a new one is chosen', async () => {
    const withFile = {
      ...exercise,
      fileURL: '/f?s=1',
      fileType: 'application/pdf',
      fileName: 'стара.pdf',
      status: 'inactive' as const,
    };
    const fetchMock = learnerApi({
      [QUERY]: () => json(withFile),
      'PATCH /api/exercises': (init) =>
        json({ ...withFile, status: 'active', homework: (init.body as FormData).get('homework') }),
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Редагувати' }));
    const answer = screen.getByLabelText('Ваша відповідь');
    expect(answer).toHaveValue(exercise.homework);
    expect(screen.getByLabelText('Новий файл (необовʼязково)')).toHaveAccessibleDescription(
      expect.stringContaining('Якщо не обрати новий файл, залишиться попередній.'),
    );
    await ui.clear(answer);
    await ui.type(answer, 'Нова відповідь');
    await ui.click(screen.getByRole('button', { name: 'Зберегти зміни' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Зміни збережено.');
    const form = lastForm(fetchMock, 'PATCH /api/exercises');
    expect(Object.fromEntries(form)).toEqual({ exerciseId: 'ex-1', homework: 'Нова відповідь' });
    const mine = screen.getByRole('article', { name: 'Моя відповідь' });
    expect(within(mine).getByText('Нова відповідь')).toBeInTheDocument();
    expect(within(mine).getByText('Очікує перевірки')).toBeInTheDocument();
  });

  it('«Видалити файл» removes the file; «Видалити відповідь» asks first, then brings the form back', async () => {
    const withFile = { ...exercise, rating: 8, fileURL: '/f?s=1', fileType: 'application/pdf', fileName: 'стара.pdf' };
    const fetchMock = learnerApi({
      [QUERY]: () => json(withFile),
      'PATCH /api/exercises/file': () => json({ ...withFile, fileURL: '', fileType: '', fileName: '' }),
      'PATCH /api/exercises/homework': () =>
        json({ ...withFile, homework: '', rating: null, status: 'inactive', fileURL: '', fileType: '', fileName: '' }),
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Видалити файл' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Файл видалено.');
    expect(screen.queryByRole('link', { name: /стара\.pdf/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Видалити файл' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Видалити відповідь' }));
    const ask = screen.getByRole('group', { name: /Видалити відповідь\?/ });
    expect(callsOf(fetchMock)).not.toContain('PATCH /api/exercises/homework');
    await ui.click(within(ask).getByRole('button', { name: 'Скасувати' }));
    expect(callsOf(fetchMock)).not.toContain('PATCH /api/exercises/homework');
    await ui.click(screen.getByRole('button', { name: 'Видалити відповідь' }));
    await ui.click(screen.getByRole('button', { name: 'Так, видалити' }));

    expect(await screen.findByText('Відповідь видалено. Можна надіслати нову.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ваша відповідь')).toHaveValue('');
    expect(screen.queryByRole('article', { name: 'Моя відповідь' })).not.toBeInTheDocument();
  });

  it('comments: add one with a file, edit and delete my own', async () => {
    let comments = [commentFixture(1)];
    const fetchMock = learnerApi({
      [QUERY]: () => json({ ...exercise, comments }),
      'POST /api/exercises/comment': (init) => {
        const form = init.body as FormData;
        const added = commentFixture(5, {
          author: learner,
          comment: String(form.get('comment')),
          fileURL: '/api/files/c5?sig=1',
          fileType: 'image/png',
          fileName: (form.get('file') as File).name,
        });
        comments = [...comments, added];
        return json(added, 201);
      },
      'PATCH /api/exercises/comment': (init) =>
        json(commentFixture(5, { author: learner, comment: String((init.body as FormData).get('comment')) })),
      'DELETE /api/exercises/comment?exerciseId=ex-1&commentId=cm-5': () => json({ commentId: 'cm-5' }),
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    const thread = await screen.findByRole('region', { name: 'Коментарі' });
    const text = within(thread).getByLabelText('Коментар');
    expect(text).not.toHaveAttribute('maxlength');
    expect(text).toHaveAccessibleDescription('0 з 3\u00a0000 символів');
    await ui.type(text, 'Дякую!');
    await ui.upload(within(thread).getByLabelText('Файл (необовʼязково)'), fileOf('зошит.png', 'image/png'));
    await ui.click(within(thread).getByRole('button', { name: 'Надіслати коментар' }));

    const mine = await within(thread).findByRole('article', { name: 'Коментар: Олена Коваль' });
    expect(within(mine).getByText('Дякую!')).toBeInTheDocument();
    expect(within(mine).getByRole('img', { name: 'зошит.png' })).toBeInTheDocument();
    const form = lastForm(fetchMock, 'POST /api/exercises/comment');
    expect(form.get('exerciseId')).toBe('ex-1');
    expect((form.get('file') as File).name).toBe('зошит.png');
    expect(text).toHaveValue('');
    const items = within(thread).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Коментар: Марія Куратор',
      'Коментар: Олена Коваль',
    ]);

    await ui.click(within(mine).getByRole('button', { name: 'Редагувати' }));
    const edit = within(mine).getByLabelText('Текст коментаря');
    await ui.clear(edit);
    await ui.type(edit, 'Дякую, зрозуміло');
    await ui.click(within(mine).getByRole('button', { name: 'Зберегти зміни' }));
    expect(await within(mine).findByText('Дякую, зрозуміло')).toBeInTheDocument();
    expect(Object.fromEntries(lastForm(fetchMock, 'PATCH /api/exercises/comment'))).toEqual({
      exerciseId: 'ex-1',
      commentId: 'cm-5',
      comment: 'Дякую, зрозуміло',
    });

    await ui.click(within(mine).getByRole('button', { name: 'Видалити' }));
    await ui.click(within(mine).getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByText('Коментар видалено.')).toBeInTheDocument();
    expect(within(thread).getAllByRole('article')).toHaveLength(1);
    // A learner may not delete a curator's comment.
    expect(within(thread).queryByRole('button', { name: 'Видалити' })).not.toBeInTheDocument();
  });

  it('a refused comment shows the server message in an alert', async () => {
    learnerApi({
      [QUERY]: () => json(exercise),
      'POST /api/exercises/comment': () => json({ message: 'Файл завеликий: щонайбільше 10 МБ' }, 413),
    });
    renderApp(PRACTICE);
    const ui = userEvent.setup();
    const thread = await screen.findByRole('region', { name: 'Коментарі' });
    await ui.type(within(thread).getByLabelText('Коментар'), 'Ось файл');
    await ui.click(within(thread).getByRole('button', { name: 'Надіслати коментар' }));
    expect(await within(thread).findByRole('alert')).toHaveTextContent('Файл завеликий: щонайбільше 10 МБ');
  });
});
