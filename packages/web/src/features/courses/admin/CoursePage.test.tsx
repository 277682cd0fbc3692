import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatLongDate, kyivTime, lessonOpensAt } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf, lastBody } from '../../../test/learning';
import { headerOf, json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { courseDetail, waveStart } from './fixtures';

const lessonItem = (theme: string) =>
  screen.getByRole('heading', { level: 4, name: theme }).closest('li') as HTMLElement;
const themesInOrder = () =>
  within(screen.getByRole('region', { name: 'Уроки' }))
    .getAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);

describe('/uk/admin/courses/:courseId', () => {
  it('curators: the waves and each lesson’s opening, no authoring controls', async () => {
    staffApi({ 'GET /api/admin/courses/c-1': () => json(courseDetail({ canAuthor: false })) }, 'moderator');
    renderApp('/uk/admin/courses/c-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Українська щодня' })).toBeInTheDocument();
    const waves = screen.getByRole('region', { name: 'Хвилі' });
    expect(waves).toHaveTextContent('Поточна хвиля28');
    expect(waves).toHaveTextContent(`Старт${formatLongDate(waveStart)}`);
    expect(waves).toHaveTextContent('Наступну хвилю ще не оголошено.');
    expect(themesInOrder()).toEqual(['Звуки і літери', 'Привітання', 'Числа']);
    expect(lessonItem('Числа')).toHaveTextContent(`Відкривається ${formatLongDate(lessonOpensAt(waveStart, 3, null))}`);
    expect(lessonItem('Числа')).toHaveTextContent('за правилом хвилі');
    expect(screen.getAllByRole('button', { name: 'Розклад' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Експорт курсу (.zip)' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Редагувати урок/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /вгору/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Додати урок' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Налаштування курсу' })).toBeNull();
  });

  it('announces the next wave (Kyiv date and time), then withdraws it after a confirm', async () => {
    const nextStart = kyivTime(2026, 4, 6, 9, 30);
    const fetchMock = staffApi(
      {
        'GET /api/admin/courses/c-1': () => json(courseDetail({ canAuthor: false })),
        'PATCH /api/courses/next': (init) => {
          const body = JSON.parse(String(init.body));
          return json({ _id: 'c-1', nextWave: body.nextWave, nextStart: body.nextStart });
        },
      },
      'moderator',
    );
    renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    const waves = await screen.findByRole('region', { name: 'Хвилі' });
    await ui.click(within(waves).getByRole('button', { name: 'Оголосити наступну хвилю' }));
    const form = within(waves).getByRole('form', { name: 'Наступна хвиля' });
    expect(within(form).getByLabelText('Номер хвилі')).toHaveFocus();
    // Half a form: said here, nothing sent.
    await ui.type(within(form).getByLabelText('Номер хвилі'), '29');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти оголошення' }));
    expect(within(waves).getByRole('alert')).toHaveTextContent('Вкажіть номер хвилі і дату старту.');
    expect(callsOf(fetchMock)).not.toContain('PATCH /api/courses/next');

    await ui.type(within(form).getByLabelText('Старт (дата і час за Києвом)'), '2026-04-06T09:30');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти оголошення' }));
    expect(await within(waves).findByRole('status')).toHaveTextContent(
      `Оголошено хвилю 29: старт ${formatLongDate(nextStart)}.`,
    );
    expect(lastBody(fetchMock, 'PATCH /api/courses/next')).toEqual({ courseId: 'c-1', nextWave: '29', nextStart });
    expect(waves).toHaveTextContent(`Наступна хвиляХвиля 29, старт ${formatLongDate(nextStart)}`);

    await ui.click(within(waves).getByRole('button', { name: 'Скасувати оголошення' }));
    const confirm = within(waves).getByRole('group', { name: 'Скасувати оголошення наступної хвилі?' });
    await ui.click(within(confirm).getByRole('button', { name: 'Так, скасувати' }));
    expect(await within(waves).findByText('Наступну хвилю ще не оголошено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH /api/courses/next')).toEqual({
      courseId: 'c-1',
      nextWave: null,
      nextStart: null,
    });
    expect(within(waves).getByRole('status')).toHaveTextContent('Оголошення скасовано.');
  });

  it('a lesson’s own opening date, then back to the rule', async () => {
    const at = kyivTime(2026, 3, 10, 18, 0);
    const fetchMock = staffApi(
      {
        'GET /api/admin/courses/c-1': () => json(courseDetail({ canAuthor: false })),
        'PATCH /api/courses/lesson/date': (init) => {
          const body = JSON.parse(String(init.body));
          return json({ lessonId: body.lessonId, scheduledDate: body.scheduledDate });
        },
      },
      'moderator',
    );
    renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    await screen.findByRole('heading', { level: 4, name: 'Числа' });
    const item = lessonItem('Числа');
    await ui.click(within(item).getByRole('button', { name: 'Розклад' }));
    const form = within(item).getByRole('form', { name: 'Коли відкрити урок 3' });
    const field = within(form).getByLabelText('Дата і час відкриття (за Києвом)');
    expect(field).toHaveValue('2026-03-04T00:00');
    expect(within(form).getByRole('button', { name: 'Повернути до правила' })).toBeDisabled();
    await ui.clear(field);
    await ui.type(field, '2026-03-10T18:00');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти дату' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(`Урок 3 відкриється ${formatLongDate(at)}.`);
    expect(lastBody(fetchMock, 'PATCH /api/courses/lesson/date')).toEqual({
      courseId: 'c-1',
      lessonId: '3',
      scheduledDate: at,
    });
    expect(item).toHaveTextContent(`Відкривається ${formatLongDate(at)}`);
    expect(item).toHaveTextContent('за розкладом куратора');

    await ui.click(within(form).getByRole('button', { name: 'Повернути до правила' }));
    expect(await within(form).findByText('Урок 3 знову відкривається за правилом хвилі.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH /api/courses/lesson/date')).toEqual({
      courseId: 'c-1',
      lessonId: '3',
      scheduledDate: null,
    });
    expect(item).toHaveTextContent(`Відкривається ${formatLongDate(lessonOpensAt(waveStart, 3, null))}`);
    expect(item).toHaveTextContent('за правилом хвилі');
  });

  it('admins reorder with the keyboard: the focus follows the lesson, «Зберегти порядок» sends every day', async () => {
    const reordered = courseDetail();
    const fetchMock = staffApi({
      'GET /api/admin/courses/c-1': () => json(courseDetail()),
      'PUT /api/admin/courses/c-1/lessons/order': () =>
        json({
          ...reordered,
          lessons: [reordered.lessons[2], reordered.lessons[0], reordered.lessons[1]].map((lesson, i) => ({
            ...(lesson as (typeof reordered.lessons)[number]),
            day: i + 1,
          })),
        }),
    });
    renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    const up = await screen.findByRole('button', { name: 'Перемістити «Числа» вгору' });
    expect(screen.getByRole('button', { name: 'Перемістити «Звуки і літери» вгору' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Перемістити «Числа» вниз' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Зберегти порядок' })).toBeNull();

    up.focus();
    await ui.keyboard('{Enter}');
    expect(themesInOrder()).toEqual(['Звуки і літери', 'Числа', 'Привітання']);
    expect(screen.getByRole('button', { name: 'Перемістити «Числа» вгору' })).toHaveFocus();
    await ui.keyboard('{Enter}');
    expect(themesInOrder()).toEqual(['Числа', 'Звуки і літери', 'Привітання']);
    // At the top «вгору» is disabled: the focus moves to «вниз» of the same lesson.
    expect(screen.getByRole('button', { name: 'Перемістити «Числа» вниз' })).toHaveFocus();
    expect(screen.getByText('«Числа» тепер 1-й з 3.')).toBeInTheDocument();
    expect(lessonItem('Числа')).toHaveTextContent('День 1');
    expect(lessonItem('Числа')).toHaveTextContent('раніше день 3');
    // Deleting waits until the order is saved.
    expect(within(lessonItem('Привітання')).getByRole('button', { name: 'Видалити' })).toBeDisabled();

    await ui.click(screen.getByRole('button', { name: 'Зберегти порядок' }));
    expect(await screen.findByText('Новий порядок уроків збережено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/admin/courses/c-1/lessons/order')).toEqual({ days: [3, 1, 2] });
    expect(themesInOrder()).toEqual(['Числа', 'Звуки і літери', 'Привітання']);
    expect(screen.queryByRole('button', { name: 'Зберегти порядок' })).toBeNull();
    expect(lessonItem('Числа')).not.toHaveTextContent('раніше день');
  });

  it('«Скасувати» drops an unsaved order', async () => {
    const fetchMock = staffApi({ 'GET /api/admin/courses/c-1': () => json(courseDetail()) });
    renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Перемістити «Звуки і літери» вниз' }));
    expect(themesInOrder()).toEqual(['Привітання', 'Звуки і літери', 'Числа']);
    await ui.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(themesInOrder()).toEqual(['Звуки і літери', 'Привітання', 'Числа']);
    expect(callsOf(fetchMock).some((call) => call.includes('/lessons/order'))).toBe(false);
  });

  it('deleting asks first; a refusal (409) is shown in an alert', async () => {
    let refuse = true;
    const fetchMock = staffApi({
      'GET /api/admin/courses/c-1': () => json(courseDetail()),
      'DELETE /api/admin/courses/c-1/lessons/2': () =>
        refuse
          ? json({ message: 'Урок не можна видалити: учні вже здали домашні завдання чи щоденник' }, 409)
          : json(courseDetail({ lessonCount: 2, lessons: courseDetail().lessons.filter((l) => l.day !== 2) })),
    });
    renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    await screen.findByRole('heading', { level: 4, name: 'Привітання' });
    await ui.click(within(lessonItem('Привітання')).getByRole('button', { name: 'Видалити' }));
    expect(callsOf(fetchMock)).not.toContain('DELETE /api/admin/courses/c-1/lessons/2');
    const confirm = screen.getByRole('group', { name: 'Видалити урок 2 «Привітання»?' });
    await ui.click(within(confirm).getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Урок не можна видалити: учні вже здали домашні завдання чи щоденник',
    );
    expect(themesInOrder()).toEqual(['Звуки і літери', 'Привітання', 'Числа']);

    refuse = false;
    await ui.click(within(lessonItem('Привітання')).getByRole('button', { name: 'Видалити' }));
    await ui.click(screen.getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByText('Урок «Привітання» видалено.')).toBeInTheDocument();
    expect(themesInOrder()).toEqual(['Звуки і літери', 'Числа']);
  });

  it('«Додати урок» creates the next day and opens its editor', async () => {
    const added = {
      day: 4,
      theme: 'Кольори',
      image: '',
      content: '',
      theory: '',
      practice: '',
      audio: [],
      video: [],
      test: [],
      diary: '',
    };
    const fetchMock = staffApi({
      'GET /api/admin/courses/c-1': () => json(courseDetail()),
      'POST /api/admin/courses/c-1/lessons': () => json(added, 201),
      'GET /api/admin/courses/c-1/lessons/4': () => json(added),
    });
    const view = renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Додати урок' });
    await ui.type(within(form).getByLabelText('Тема нового уроку'), 'Кольори');
    await ui.click(within(form).getByRole('button', { name: 'Додати урок' }));
    await waitFor(() => expect(view.path()).toBe('/uk/admin/courses/c-1/lessons/4'));
    expect(lastBody(fetchMock, 'POST /api/admin/courses/c-1/lessons')).toEqual({ theme: 'Кольори' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Урок 4: Кольори' })).toBeInTheDocument();
  });

  it('course settings: PATCH with the changed start and reply target; the export downloads with the token', async () => {
    const newStart = kyivTime(2026, 3, 3, 0, 0);
    const fetchMock = staffApi({
      'GET /api/admin/courses/c-1': () => json(courseDetail()),
      'PATCH /api/admin/courses/c-1': (init) => json({ ...courseDetail(), ...JSON.parse(String(init.body)) }),
      'GET /api/admin/courses/c-1/export': () =>
        new Response(new Blob(['zip']), {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="c.zip"' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:course');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/uk/admin/courses/c-1');
    const ui = userEvent.setup();
    const settings = await screen.findByRole('region', { name: 'Налаштування курсу' });
    // Folded until asked for.
    expect(within(settings).queryByLabelText('Назва')).toBeNull();
    await ui.click(within(settings).getByRole('button', { name: 'Змінити' }));
    expect(within(settings).getByRole('button', { name: 'Згорнути' })).toHaveAttribute('aria-expanded', 'true');
    const title = within(settings).getByLabelText('Назва');
    await ui.clear(title);
    await ui.type(title, 'Українська щодня 2.0');
    await ui.clear(within(settings).getByLabelText('Позиція в списку'));
    await ui.type(within(settings).getByLabelText('Позиція в списку'), '-5');
    const start = within(settings).getByLabelText('Старт поточної хвилі (дата і час за Києвом)');
    expect(start).toHaveValue('2026-03-02T00:00');
    await ui.clear(start);
    await ui.type(start, '2026-03-03T00:00');
    const target = within(settings).getByLabelText('Час відповіді на домашнє завдання (годин)');
    expect(target).toHaveValue(48);
    await ui.clear(target);
    await ui.type(target, '24');
    await ui.click(within(settings).getByRole('button', { name: 'Зберегти' }));
    expect(await within(settings).findByRole('status')).toHaveTextContent('Зміни збережено.');
    expect(lastBody(fetchMock, 'PATCH /api/admin/courses/c-1')).toEqual({
      title: 'Українська щодня 2.0',
      description: 'Щоденні уроки для тих, хто переходить на українську.',
      starter: true,
      position: -5,
      replyTargetHours: 24,
      currentStart: newStart,
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Українська щодня 2.0' })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Експорт курсу (.zip)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/courses/c-1/export');
    expect(headerOf(exportCall?.[1], 'Authorization')).toBe('Bearer token-1');
    expect(createObjectURL).toHaveBeenCalled();
  });
});
