import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { indicators, user, withRole } from '../../../test/fixtures';
import { commentFixture, curator, exercise, learner } from '../../../test/homework';
import { lastBody } from '../../../test/learning';
import { json, mockApi } from '../../../test/mockApi';
import { renderApp, storeToken } from '../../../test/renderApp';

const curatorUser: User = { ...withRole(user, 'moderator'), ...curator, email: 'curator@example.org' };
const reviewed = {
  ...exercise,
  owner: learner,
  courseTitle: 'Українська щодня',
  fileURL: '/api/files/f1?sig=1',
  fileType: 'application/pdf',
  fileName: 'відповідь.pdf',
  // As a curator sees it (the server's abilities): not theirs to change, theirs to rate and moderate.
  canEdit: false,
  canRate: true,
  comments: [commentFixture(1, { author: learner, comment: 'Перевірте, будь ласка', canEdit: false, canDelete: true })],
};

function signedIn(who: User, extra: Parameters<typeof mockApi>[0] = {}) {
  storeToken('token-1');
  return mockApi({
    'GET /api/auth/current': () => json(who),
    'GET /api/partners/indicators': () => json(indicators),
    'GET /api/exercises/notifications?limit=1': () => json({ notifications: [], countNotifications: 2 }),
    ...extra,
  });
}

/** The exercise as the server keeps it, and a rating that changes it. */
function ratingApi(): Parameters<typeof mockApi>[0] {
  let rating: number | null = null;
  return {
    'GET /api/exercises/ex-1': () => json({ ...reviewed, rating }),
    'PATCH /api/exercises/rating': (init) => {
      rating = JSON.parse(String(init.body)).rating;
      return json({ exerciseId: 'ex-1', rating });
    },
  };
}

function queueOf(now: number) {
  const item = (n: number, extra: object) => ({
    exerciseId: `ex-${n}`,
    courseId: 'c-1',
    courseTitle: 'Українська щодня',
    wave: '28',
    lessonId: String(n),
    learner,
    overdue: false,
    claim: null,
    ...extra,
  });
  return {
    items: [
      item(1, { waitingSince: now - 3 * 86_400_000, overdue: true }),
      item(2, {
        waitingSince: now - 2 * 3_600_000,
        claim: { curator: { _id: 'taras', first_name: 'Тарас', last_name: 'Шевчук' }, until: now + 600_000 },
      }),
      item(3, { waitingSince: now - 3_600_000 }),
    ],
    total: 2,
    page: 1,
    pageSize: 20,
  };
}

describe('/uk/active: the curator’s review', () => {
  it('shows the learner, course, lesson link, the answer and its file, the thread; rates 1–12', async () => {
    const fetchMock = signedIn(curatorUser, ratingApi());
    renderApp('/uk/active?exerciseId=ex-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Перевірка завдань' })).toBeInTheDocument();
    expect(await screen.findByText('Олена Коваль', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Українська щодня', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Урок 1' })).toHaveAttribute('href', '/uk/learn/c-1/1/practice');
    const answer = screen.getByRole('article', { name: 'Відповідь учня' });
    expect(within(answer).getByText(exercise.homework)).toBeInTheDocument();
    expect(within(answer).getByText('Очікує перевірки')).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: 'Завантажити відповідь.pdf' })).toHaveAttribute(
      'href',
      '/api/files/f1?sig=1',
    );
    expect(screen.getByRole('article', { name: 'Коментар: Олена Коваль' })).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Оцінка' });
    expect(within(panel).getByText('Ще без оцінки')).toBeInTheDocument();
    const scale = within(panel).getByRole('group', { name: 'Поставити оцінку від 1 до 12' });
    const marks = within(scale).getAllByRole('button');
    expect(marks.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(marks.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);

    await userEvent.click(within(scale).getByRole('button', { name: '10' }));
    const toast = await within(panel).findByRole('status');
    expect(toast).toHaveTextContent('Оцінку 10 з 12 виставлено');
    expect(within(toast).getByRole('button', { name: 'Скасувати' })).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH /api/exercises/rating')).toEqual({ exerciseId: 'ex-1', rating: 10 });
    expect(within(panel).getByText('Оцінка: 10 з 12', { selector: 'p' })).toBeInTheDocument();
    expect(within(scale).getByRole('button', { name: '10' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(answer).getByText('Оцінка: 10 з 12')).toBeInTheDocument();
  });

  it('«Скасувати» in the toast withdraws the rating: the rating and the waiting state come back as the server says', async () => {
    const fetchMock = signedIn(curatorUser, {
      ...ratingApi(),
      'DELETE /api/exercises/rating?exerciseId=ex-1': () =>
        json({ exerciseId: 'ex-1', rating: null, status: 'active' }),
    });
    renderApp('/uk/active?exerciseId=ex-1');
    const panel = await screen.findByRole('region', { name: 'Оцінка' });
    const answer = screen.getByRole('article', { name: 'Відповідь учня' });
    await userEvent.click(within(panel).getByRole('button', { name: '4' }));
    const toast = await within(panel).findByRole('status');
    expect(within(answer).queryByText('Очікує перевірки')).not.toBeInTheDocument();

    await userEvent.click(within(toast).getByRole('button', { name: 'Скасувати' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Оцінку скасовано. Учень не отримає про неї сповіщення.',
    );
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toContain(
      'DELETE /api/exercises/rating?exerciseId=ex-1',
    );
    expect(within(panel).getByText('Ще без оцінки')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '4' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(answer).getByText('Очікує перевірки')).toBeInTheDocument();
  });

  it('an undo the server refuses (too late) says why in an alert, and the rating stays', async () => {
    signedIn(curatorUser, {
      'GET /api/exercises/ex-1': () => json({ ...reviewed, rating: null }),
      'PATCH /api/exercises/rating': () => json({ exerciseId: 'ex-1', rating: 9 }),
      'DELETE /api/exercises/rating?exerciseId=ex-1': () =>
        json({ message: 'Оцінку вже не можна скасувати: минуло понад 10 секунд' }, 409),
    });
    renderApp('/uk/active?exerciseId=ex-1');
    const panel = await screen.findByRole('region', { name: 'Оцінка' });
    await userEvent.click(within(panel).getByRole('button', { name: '9' }));
    await userEvent.click(within(await within(panel).findByRole('status')).getByRole('button', { name: 'Скасувати' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Оцінку вже не можна скасувати: минуло понад 10 секунд',
    );
    expect(within(panel).getByRole('button', { name: '9' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).queryByRole('button', { name: 'Скасувати' })).not.toBeInTheDocument();
  });

  it('a refused rating shows the server message in an alert', async () => {
    signedIn(curatorUser, {
      'GET /api/exercises/ex-1': () => json({ ...reviewed, rating: 7 }),
      'PATCH /api/exercises/rating': () => json({ message: 'Оцінювати можуть лише куратори' }, 403),
    });
    renderApp('/uk/active?exerciseId=ex-1');
    const panel = await screen.findByRole('region', { name: 'Оцінка' });
    expect(within(panel).getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(panel).getByRole('button', { name: '3' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Оцінювати можуть лише куратори');
    expect(within(panel).getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('no rating panel where the server says the exercise is not theirs to rate (their own homework)', async () => {
    signedIn(curatorUser, { 'GET /api/exercises/ex-1': () => json({ ...reviewed, canRate: false }) });
    renderApp('/uk/active?exerciseId=ex-1');
    expect(await screen.findByRole('article', { name: 'Відповідь учня' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Оцінка' })).not.toBeInTheDocument();
  });

  it('a curator’s comment (with a file) answers the learner: the exercise is checked', async () => {
    const fetchMock = signedIn(curatorUser, {
      'GET /api/exercises/ex-1': () => json(reviewed),
      'POST /api/exercises/comment': (init) =>
        json(
          commentFixture(7, {
            author: curator,
            comment: String((init.body as FormData).get('comment')),
            fileURL: '/api/files/c7?sig=1',
            fileType: 'image/png',
            fileName: 'позначки.png',
            canEdit: true,
            canDelete: true,
          }),
          201,
        ),
    });
    renderApp('/uk/active?exerciseId=ex-1');
    const ui = userEvent.setup();
    const thread = await screen.findByRole('region', { name: 'Коментарі' });
    await ui.type(within(thread).getByLabelText('Коментар'), 'Гарно! Зверніть увагу на кличний відмінок.');
    await ui.upload(
      within(thread).getByLabelText('Файл (необовʼязково)'),
      new File(['png'], 'позначки.png', { type: 'image/png' }),
    );
    await ui.click(within(thread).getByRole('button', { name: 'Надіслати коментар' }));
    const mine = await within(thread).findByRole('article', { name: 'Коментар: Марія Куратор' });
    expect(within(mine).getByRole('img', { name: 'позначки.png' })).toBeInTheDocument();
    expect(within(mine).getByText('Куратор')).toBeInTheDocument();
    const form = fetchMock.mock.calls.at(-1)?.[1]?.body as FormData;
    expect(form.get('exerciseId')).toBe('ex-1');
    expect((form.get('file') as File).name).toBe('позначки.png');
    expect(within(screen.getByRole('article', { name: 'Відповідь учня' })).getByText('Перевірено')).toBeInTheDocument();
    // Curators may delete anyone’s comment, but edit only their own.
    const learners = screen.getByRole('article', { name: 'Коментар: Олена Коваль' });
    expect(within(learners).getByRole('button', { name: 'Видалити' })).toBeInTheDocument();
    expect(within(learners).queryByRole('button', { name: 'Редагувати' })).not.toBeInTheDocument();
  });

  it('without ?exerciseId shows the queue: oldest first, its age, the count left, overdue and claimed work', async () => {
    const now = Date.now();
    const fetchMock = signedIn(curatorUser, {
      'GET /api/exercises/queue?who=all': () => json(queueOf(now)),
      'GET /api/exercises/queue?who=mine': () => json({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    renderApp('/uk/active');
    expect(await screen.findByText('Лишилося: 2')).toBeInTheDocument();
    const rows = screen.getAllByRole('link', { name: /чекає/ });
    expect(rows[0]).toHaveTextContent('чекає 3 дні');
    expect(rows[0]).toHaveTextContent('понад норму');
    expect(rows[1]).toHaveTextContent('чекає 2 год');
    expect(rows[1]).toHaveTextContent('Тарас переглядає');
    expect(rows[0]).toHaveAttribute('href', '/uk/active?exerciseId=ex-1');
    await userEvent.click(screen.getByRole('button', { name: 'Мої' }));
    expect(await screen.findByText('Лишилося: 0')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/exercises/queue?who=mine');
  });

  it('the course filter asks the queue for that course only, and the address keeps it', async () => {
    const fetchMock = signedIn(curatorUser, {
      'GET /api/exercises/queue?who=all': () => json(queueOf(Date.now())),
      'GET /api/admin/courses': () =>
        json({
          canAuthor: false,
          courses: [
            { _id: 'c-1', title: 'Українська щодня' },
            { _id: 'c-2', title: 'Курс переходу' },
          ],
        }),
      'GET /api/exercises/queue?course=c-2&who=all': () => json({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    const app = renderApp('/uk/active');
    expect(await screen.findByText('Лишилося: 2')).toBeInTheDocument();
    const course = screen.getByLabelText('Курс');
    await screen.findByRole('option', { name: 'Курс переходу' });
    await userEvent.selectOptions(course, 'Курс переходу');
    await userEvent.click(screen.getByRole('button', { name: 'Знайти' }));
    expect(await screen.findByText('Лишилося: 0')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/exercises/queue?course=c-2&who=all');
    expect(app.path()).toBe('/uk/active?course=c-2');
    expect(screen.getByLabelText('Курс')).toHaveValue('c-2');
  });

  it('«Переглянуті» searches the history and shows the mark and the last word', async () => {
    signedIn(curatorUser, {
      'GET /api/exercises/queue?who=all': () => json({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/exercises/reviewed?': () => json({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/exercises/reviewed?q=%D0%9E%D0%BB%D0%B5%D0%BD%D0%B0': () =>
        json({
          items: [
            {
              exerciseId: 'ex-9',
              courseId: 'c-1',
              courseTitle: 'Українська щодня',
              wave: '28',
              lessonId: '3',
              learner,
              reviewedAt: Date.now(),
              rating: 11,
              lastWord: 'Чудово!',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
    });
    renderApp('/uk/active');
    await userEvent.click(await screen.findByRole('button', { name: 'Переглянуті' }));
    await userEvent.type(await screen.findByLabelText('Учень (імʼя або e-mail)'), 'Олена');
    await userEvent.click(screen.getByRole('button', { name: 'Знайти' }));
    expect(await screen.findByText('Знайдено: 1')).toBeInTheDocument();
    expect(screen.getByText(/оцінка 11 · «Чудово!»/)).toBeInTheDocument();
  });

  it('opening claims the homework; someone else’s claim is said plainly', async () => {
    const fetchMock = signedIn(curatorUser, {
      'GET /api/exercises/ex-1': () => json(reviewed),
      'POST /api/exercises/ex-1/claim': () => json({ message: 'Цю роботу зараз переглядає Тарас' }, 409),
    });
    renderApp('/uk/active?exerciseId=ex-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Цю роботу зараз переглядає Тарас');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toContain(
      'POST /api/exercises/ex-1/claim',
    );
  });

  it('the keyboard: a digit rates, - gives 11, J opens the oldest free one, digits in the comment stay text', async () => {
    const fetchMock = signedIn(curatorUser, {
      ...ratingApi(),
      'POST /api/exercises/ex-1/claim': () => json({ curator, until: Date.now() + 900_000 }),
      'DELETE /api/exercises/ex-1/claim': () => json({ exerciseId: 'ex-1' }),
      'GET /api/exercises/queue?who=all': () => json(queueOf(Date.now())),
      'GET /api/exercises/ex-3': () => json({ ...reviewed, _id: 'ex-3', lessonId: '3' }),
    });
    const app = renderApp('/uk/active?exerciseId=ex-1');
    const panel = await screen.findByRole('region', { name: 'Оцінка' });
    const ui = userEvent.setup();
    await ui.keyboard('7');
    expect(await within(panel).findByText('Оцінка: 7 з 12', { selector: 'p' })).toBeInTheDocument();
    await ui.keyboard('-');
    expect(await within(panel).findByText('Оцінка: 11 з 12', { selector: 'p' })).toBeInTheDocument();
    await ui.keyboard('c');
    const field = screen.getAllByRole('textbox').at(-1) as HTMLElement;
    expect(field).toHaveFocus();
    await ui.keyboard('5');
    expect(field).toHaveValue('5');
    expect(lastBody(fetchMock, 'PATCH /api/exercises/rating')).toEqual({ exerciseId: 'ex-1', rating: 11 });
    field.blur();
    await ui.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Клавіші' })).toHaveTextContent('оцінка 10, 11, 12');
    await ui.keyboard('{Escape}');
    await ui.keyboard('j');
    // ex-2 is Тарас's: the next is the oldest one nobody else holds.
    await waitFor(() => expect(app.path()).toBe('/uk/active?exerciseId=ex-3'));
  });

  it('K goes to the previous one in the queue’s order (past another’s claim), not back in the browser', async () => {
    signedIn(curatorUser, {
      ...ratingApi(),
      'POST /api/exercises/ex-3/claim': () => json({ curator, until: Date.now() + 900_000 }),
      'DELETE /api/exercises/ex-3/claim': () => json({ exerciseId: 'ex-3' }),
      'GET /api/exercises/queue?who=all': () => json(queueOf(Date.now())),
      'GET /api/exercises/ex-3': () => json({ ...reviewed, _id: 'ex-3', lessonId: '3' }),
    });
    // Opened straight from a link: the browser has nothing to go back to here.
    const app = renderApp('/uk/active?exerciseId=ex-3');
    await screen.findByRole('link', { name: 'Урок 3' });
    await userEvent.keyboard('k');
    await waitFor(() => expect(app.path()).toBe('/uk/active?exerciseId=ex-1'));
    expect(await screen.findByRole('link', { name: 'Урок 1' })).toBeInTheDocument();
  });

  it('an exercise that is not there (404) says so calmly', async () => {
    signedIn(curatorUser, { 'GET /api/exercises/nope': () => json({ message: 'Завдання не знайдено' }, 404) });
    renderApp('/uk/active?exerciseId=nope');
    expect(await screen.findByText('Завдання не знайдено. Можливо, його видалено.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('learners are told politely that the page is for curators', async () => {
    const fetchMock = signedIn(user);
    renderApp('/uk/active?exerciseId=ex-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ця сторінка — для кураторів' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'До сповіщень' })).toHaveAttribute('href', '/uk/notifications');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/exercises/ex-1');
  });
});
