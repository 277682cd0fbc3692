import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kyivTime } from '@yedyni/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  course,
  courseItem,
  habitSummary,
  lessonFixture,
  otherCourseItem,
  user,
  waveStart,
} from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const ui = () => userEvent.setup();
const HOUR = 60 * 60 * 1000;

// The fixtures' day: noon on the wave's second day (lessons 1 and 2 open, 3 opens on 5 March).
// Only Date is faked (and it moves on), so a lesson's opening time is in the future, as on the
// real day the server would have said «closed».
beforeEach(() => {
  vi.useFakeTimers({ now: waveStart + 36 * HOUR, toFake: ['Date'], shouldAdvanceTime: true });
});
const curatorCourse = { ...course, canManage: true, lessons: course.lessons.map((l) => ({ ...l, isOpen: true })) };

describe('/uk/learn: the course list', () => {
  it('shows my courses with progress and the ones I can join; «Приєднатися» enrols and refreshes', async () => {
    let joined = false;
    const fetchMock = learnerApi({
      'GET /api/courses': () =>
        json({ courses: [courseItem, { ...otherCourseItem, enrolled: joined, lessonsOpen: joined ? 1 : 0 }] }),
      'POST /api/courses/c-2/enroll': () => {
        joined = true;
        return json({ ...user, courses: [{ _id: 'c-2', title: otherCourseItem.title }] });
      },
    });
    const app = renderApp('/uk/learn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Курси' })).toBeInTheDocument();
    const mine = await screen.findByRole('region', { name: 'Мої курси' });
    expect(within(mine).getByRole('link', { name: 'Українська щодня' })).toHaveAttribute('href', '/uk/learn/c-1');
    expect(within(mine).getByText('Пройдено 1 з 3 уроків')).toBeInTheDocument();
    const bar = within(mine).getByRole('progressbar', { name: 'Поступ курсу «Українська щодня»' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '3');

    const listCalls = () => callsOf(fetchMock).filter((c) => c === 'GET /api/courses').length;
    const before = listCalls();
    const others = screen.getByRole('region', { name: 'Можна приєднатися' });
    expect(within(others).getByText('Хвиля 5 · Старт хвилі: 10-03-2026')).toBeInTheDocument();
    await userEvent.click(within(others).getByRole('button', { name: 'Приєднатися' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Ви приєдналися до курсу «Говоримо вільно».');
    expect(within(screen.getByRole('region', { name: 'Мої курси' })).getByText('Говоримо вільно')).toBeInTheDocument();
    expect(screen.getByText('Ви вже навчаєтеся на всіх курсах руху. Так тримати!')).toBeInTheDocument();
    expect(listCalls()).toBe(before + 1);
    expect(app.store.getState().auth.user?.courses).toEqual([{ _id: 'c-2', title: 'Говоримо вільно' }]);
  });

  it('a failed join shows the server message in an alert', async () => {
    learnerApi({
      'GET /api/courses': () => json({ courses: [otherCourseItem] }),
      'POST /api/courses/c-2/enroll': () => json({ message: 'Курс не знайдено' }, 404),
    });
    renderApp('/uk/learn');
    await userEvent.click(await screen.findByRole('button', { name: 'Приєднатися' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Курс не знайдено');
  });
});

describe('/uk/learn: choosing the wave', () => {
  // Thursday 26 November 2026, 12:00 Kyiv: wave 5 started on Tuesday, wave 6 starts on 7 December.
  const NOW = kyivTime(2026, 11, 26, 12);
  const running = { wave: '5', start: kyivTime(2026, 11, 24), joinUntil: kyivTime(2026, 12, 1) };
  const next = { wave: '6', start: kyivTime(2026, 12, 7), joinUntil: null };

  it('offers the running wave and the next one with their dates, and joins the chosen one', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    try {
      const fetchMock = learnerApi({
        'GET /api/courses': () => json({ courses: [{ ...otherCourseItem, wave: '6', joinWaves: [running, next] }] }),
        'POST /api/courses/c-2/enroll': () =>
          json({ ...user, courses: [{ _id: 'c-2', title: otherCourseItem.title }] }),
      });
      renderApp('/uk/learn');
      const others = await screen.findByRole('region', { name: 'Можна приєднатися' });
      const choice = within(others).getByRole('group', { name: 'Коли почати?' });
      const now = within(choice).getByRole('radio', { name: /Хвиля 5: уже йде/ });
      const later = within(choice).getByRole('radio', { name: /Хвиля 6/ });
      // The running wave, still young, is offered first; the dates are Kyiv days in Ukrainian.
      expect(now).toBeChecked();
      expect(
        within(choice).getByText('Почалася 24 листопада 2026. Приєднатися можна до 30 листопада 2026 включно.'),
      ).toBeInTheDocument();
      expect(within(choice).getByText('Старт 7 грудня 2026.')).toBeInTheDocument();
      // With a choice on the card, no single start line.
      expect(within(others).queryByText(/Старт хвилі:/)).not.toBeInTheDocument();

      await ui().click(later);
      await ui().click(within(others).getByRole('button', { name: 'Приєднатися' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Ви приєдналися до курсу «Говоримо вільно».');
      expect(lastBody(fetchMock, 'POST /api/courses/c-2/enroll')).toEqual({ wave: '6' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no choice when one wave is open, only its start, and joins that wave', async () => {
    const fetchMock = learnerApi({
      'GET /api/courses': () => json({ courses: [otherCourseItem] }),
      'POST /api/courses/c-2/enroll': () => json({ ...user, courses: [{ _id: 'c-2', title: otherCourseItem.title }] }),
    });
    renderApp('/uk/learn');
    const others = await screen.findByRole('region', { name: 'Можна приєднатися' });
    expect(within(others).getByText('Хвиля 5 · Старт хвилі: 10-03-2026')).toBeInTheDocument();
    expect(within(others).queryByRole('radio')).not.toBeInTheDocument();
    await ui().click(within(others).getByRole('button', { name: 'Приєднатися' }));
    await screen.findByRole('status');
    expect(lastBody(fetchMock, 'POST /api/courses/c-2/enroll')).toEqual({ wave: '5' });
  });

  it("a wave closed meanwhile: the server's message in an alert", async () => {
    learnerApi({
      'GET /api/courses': () => json({ courses: [{ ...otherCourseItem, joinWaves: [running, next] }] }),
      'POST /api/courses/c-2/enroll': () =>
        json({ message: 'Хвиля 5: приєднатися можна лише протягом перших 7 днів' }, 409),
    });
    renderApp('/uk/learn');
    await ui().click(await screen.findByRole('button', { name: 'Приєднатися' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Хвиля 5: приєднатися можна лише протягом перших 7 днів',
    );
  });
});

describe('/uk/learn/:courseId: the course', () => {
  it('shows the title, wave, start date and lessons: open ones link, closed ones say when they open', async () => {
    learnerApi();
    renderApp('/uk/learn/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Українська щодня' })).toBeInTheDocument();
    expect(screen.getByText('Хвиля 29')).toBeInTheDocument();
    expect(screen.getByText('Старт: 03-03-2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Урок 1: Звуки і літери' })).toHaveAttribute('href', '/uk/learn/c-1/1');
    expect(screen.getByRole('link', { name: 'Урок 2: Привітання' })).toHaveAttribute('href', '/uk/learn/c-1/2');
    expect(screen.queryByRole('link', { name: 'Урок 3: Числа' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Урок 3: Числа' })).toBeInTheDocument();
    expect(screen.getByText('Відкриється 00:00, 5 березня 2026')).toBeInTheDocument();

    // The chat the app composes in (features/chat/components/ChatPanel.test.tsx tests it).
    expect(screen.getByRole('button', { name: 'Чат курсу' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('curator tools are hidden from learners', async () => {
    learnerApi();
    renderApp('/uk/learn/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Українська щодня' });
    expect(screen.queryByRole('button', { name: 'Запланувати' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Інструменти куратора' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Оголосити наступну хвилю' })).not.toBeInTheDocument();
  });

  it('curator tools show with canManage: «Запланувати» sends Kyiv wall time, «Скинути» clears it', async () => {
    const at = kyivTime(2026, 3, 4, 14, 5);
    const fetchMock = learnerApi(
      {
        'PATCH /api/courses/lesson/date': (init) => {
          const body = JSON.parse(String(init.body));
          return json({ lessonId: body.lessonId, scheduledDate: body.scheduledDate });
        },
      },
      curatorCourse,
    );
    const app = renderApp('/uk/learn/c-1');
    expect(await screen.findByRole('heading', { name: 'Інструменти куратора' })).toBeInTheDocument();
    // The tools come in a chunk of their own (a learner never loads it).
    const buttons = await screen.findAllByRole('button', { name: 'Запланувати' });
    expect(buttons).toHaveLength(3);
    expect(buttons[2]).toHaveAccessibleDescription('Урок 3: Числа');

    const ui = userEvent.setup();
    await ui.click(buttons[2] as HTMLElement);
    const form = screen.getByRole('form', { name: 'Коли відкрити урок 3' });
    const input = within(form).getByLabelText('Дата і час відкриття (за Києвом)');
    expect(input).toHaveValue('2026-03-05T00:00');
    fireEvent.change(input, { target: { value: '2026-03-04T14:05' } });
    await ui.click(within(form).getByRole('button', { name: 'Зберегти' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Урок 3 відкриється 14:05, 4 березня 2026.');
    expect(lastBody(fetchMock, 'PATCH /api/courses/lesson/date')).toEqual({
      courseId: 'c-1',
      lessonId: '3',
      scheduledDate: at,
    });
    expect(app.store.getState().course?.course?.lessons[2]).toMatchObject({ scheduledDate: at, opensAt: at });
    expect(screen.getByText('Відкриється 14:05, 4 березня 2026 · за планом куратора')).toBeInTheDocument();

    await ui.click(within(form).getByRole('button', { name: 'Скинути' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Урок 3 знову відкривається за розкладом хвилі.');
    expect(lastBody(fetchMock, 'PATCH /api/courses/lesson/date')).toMatchObject({ scheduledDate: null });
  });

  it('curators read a lesson learners do not see yet, with a note saying when it opens', async () => {
    const fetchMock = learnerApi({}, { ...course, canManage: true });
    renderApp('/uk/learn/c-1');
    await ui().click(await screen.findByRole('link', { name: 'Урок 3: Числа' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Текст уроку 3' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Учні ще не бачать цей урок: він відкриється 00:00, 5 березня 2026.',
    );
    expect(callsOf(fetchMock)).toContain('GET /api/courses/c-1/lessons/3/content');
  });

  it('«Оголосити наступну хвилю» announces, shows it, and «Скасувати оголошення» withdraws it', async () => {
    const start = kyivTime(2026, 4, 1, 9, 0);
    const fetchMock = learnerApi(
      {
        'PATCH /api/courses/next': (init) => {
          const body = JSON.parse(String(init.body));
          return json({ _id: 'c-1', nextWave: body.nextWave, nextStart: body.nextStart });
        },
      },
      curatorCourse,
    );
    renderApp('/uk/learn/c-1');
    const ui = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Оголосити наступну хвилю' });
    expect(screen.getByText('Наступну хвилю ще не оголошено.')).toBeInTheDocument();
    await ui.type(within(form).getByLabelText('Номер хвилі'), '30');
    fireEvent.change(within(form).getByLabelText('Старт (дата і час за Києвом)'), {
      target: { value: '2026-04-01T09:00' },
    });
    await ui.click(within(form).getByRole('button', { name: 'Оголосити' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Оголошено хвилю 30: старт 09:00, 1 квітня 2026.',
    );
    expect(lastBody(fetchMock, 'PATCH /api/courses/next')).toEqual({
      courseId: 'c-1',
      nextWave: '30',
      nextStart: start,
    });
    await ui.click(screen.getByRole('button', { name: 'Скасувати оголошення' }));
    expect(await screen.findByText('Наступну хвилю ще не оголошено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH /api/courses/next')).toEqual({
      courseId: 'c-1',
      nextWave: null,
      nextStart: null,
    });
  });

  it('a refused course update shows the server message in an alert', async () => {
    learnerApi(
      { 'PATCH /api/courses/next': () => json({ message: 'Наступна хвиля: цей номер уже використано' }, 409) },
      curatorCourse,
    );
    renderApp('/uk/learn/c-1');
    const ui = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Оголосити наступну хвилю' });
    await ui.type(within(form).getByLabelText('Номер хвилі'), '29');
    fireEvent.change(within(form).getByLabelText('Старт (дата і час за Києвом)'), {
      target: { value: '2026-04-01T09:00' },
    });
    await ui.click(within(form).getByRole('button', { name: 'Оголосити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Наступна хвиля: цей номер уже використано');
  });

  it('learners see a curator’s change when the window regains focus', async () => {
    let current = course;
    const fetchMock = learnerApi({ 'GET /api/courses/c-1': () => json(current) });
    renderApp('/uk/learn/c-1');
    await screen.findByText('Відкриється 00:00, 5 березня 2026');
    const courseCalls = () => callsOf(fetchMock).filter((c) => c === 'GET /api/courses/c-1').length;
    const before = courseCalls();
    current = {
      ...course,
      lessons: [course.lessons[0], course.lessons[1], lessonFixture(3, { isOpen: true })].filter(
        (l) => l !== undefined,
      ),
    };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('link', { name: 'Урок 3: Числа' })).toBeInTheDocument();
    expect(courseCalls()).toBe(before + 1);
  });

  it('a course I have not joined says so, without an alert', async () => {
    learnerApi({
      'GET /api/courses/c-1': () =>
        json({ message: 'Цей курс доступний лише його учасникам. Приєднайтеся до курсу на сторінці «Курси».' }, 403),
    });
    renderApp('/uk/learn/c-1');
    expect(await screen.findByText(/доступний лише його учасникам/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'До списку курсів' })).toHaveAttribute('href', '/uk/learn');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/uk/learn/:courseId/:lessonId: the lesson', () => {
  it('shows the theme, the tabs and the content fetched as HTML; previous and next lessons link', async () => {
    learnerApi();
    renderApp('/uk/learn/c-1/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Привітання' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Текст уроку 2' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Розділи уроку' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((a) => a.textContent),
    ).toEqual(['Урок', 'Теорія', 'Практика', 'Аудіо', 'Відео', 'Тест', 'Щоденник']);
    const main = within(tabs).getByRole('tab', { name: 'Урок' });
    expect(main).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Урок' })).toContainElement(
      screen.getByRole('heading', { level: 2, name: 'Текст уроку 2' }),
    );
    const pager = screen.getByRole('navigation', { name: 'Інші уроки' });
    expect(within(pager).getByRole('link', { name: /Урок 1: Звуки і літери/ })).toHaveAttribute(
      'href',
      '/uk/learn/c-1/1',
    );
    expect(within(pager).getByRole('link', { name: /Урок 3: Числа/ })).toHaveAttribute('href', '/uk/learn/c-1/3');
  });

  it('a content load failure shows «Помилка завантаження» and clears the content', async () => {
    let fail = false;
    learnerApi({
      'GET /api/courses/c-1/lessons/1/content': () =>
        fail ? json({ message: 'Помилка сервера' }, 500) : new Response('<p>Перший урок</p>'),
      'GET /api/courses/c-1/lessons/2/content': () => json({ message: 'Помилка сервера' }, 500),
    });
    const app = renderApp('/uk/learn/c-1/1');
    expect(await screen.findByText('Перший урок')).toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole('link', { name: /Урок 2: Привітання/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Помилка завантаження');
    expect(screen.queryByText('Перший урок')).not.toBeInTheDocument();
    expect(app.store.getState().lesson).toMatchObject({ content: '', isLoading: false, error: 'Помилка сервера' });
  });

  it('offline: the frame says so, and a lesson never opened here says it needs the network', async () => {
    learnerApi({
      'GET /api/courses/c-1/lessons/1/content': () => new Response('<p>Перший урок</p>'),
      // What the service worker answers for an API read it never kept (src/sw.ts).
      'GET /api/courses/c-1/lessons/2/content': () => json({ message: 'Немає звʼязку з інтернетом.' }, 503),
    });
    renderApp('/uk/learn/c-1/1');
    expect(await screen.findByText('Перший урок')).toBeInTheDocument();
    expect(screen.queryByText(/Немає інтернету/)).not.toBeInTheDocument();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Немає інтернету. Уроки, які ви вже відкривали на цьому пристрої, можна читати',
    );
    await userEvent.click(screen.getByRole('link', { name: /Урок 2: Привітання/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Цей урок ще не відкривали на цьому пристрої, тож без інтернету він недоступний.',
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/Немає інтернету/)).not.toBeInTheDocument());
  });

  it('a closed lesson says when it opens instead of its content', async () => {
    const fetchMock = learnerApi();
    renderApp('/uk/learn/c-1/3/theory');
    expect(await screen.findByRole('heading', { level: 2, name: 'Урок ще не відкрився' })).toBeInTheDocument();
    expect(screen.getByText('Урок відкриється 00:00, 5 березня 2026. Поверніться трохи згодом!')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Розділи уроку' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /api/courses/c-1/lessons/3/content');
  });

  it('the tabs are a tablist: arrows, Home and End move between tabs and open them', async () => {
    learnerApi();
    const app = renderApp('/uk/learn/c-1/1/theory');
    const tabs = await screen.findByRole('tablist', { name: 'Розділи уроку' });
    const theory = within(tabs).getByRole('tab', { name: 'Теорія' });
    expect(theory).toHaveAttribute('tabindex', '0');
    expect(within(tabs).getByRole('tab', { name: 'Урок' })).toHaveAttribute('tabindex', '-1');
    act(() => theory.focus());
    const keys = ui();
    await keys.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.path()).toBe('/uk/learn/c-1/1/practice'));
    expect(within(tabs).getByRole('tab', { name: 'Практика' })).toHaveFocus();
    expect(within(tabs).getByRole('tab', { name: 'Практика' })).toHaveAttribute('aria-selected', 'true');
    await keys.keyboard('{End}');
    await waitFor(() => expect(app.path()).toBe('/uk/learn/c-1/1/diary'));
    await keys.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.path()).toBe('/uk/learn/c-1/1'));
    expect(within(tabs).getByRole('tab', { name: 'Урок' })).toHaveFocus();
    await keys.keyboard('{ArrowLeft}');
    await waitFor(() => expect(app.path()).toBe('/uk/learn/c-1/1/diary'));
    await keys.keyboard('{Home}');
    await waitFor(() => expect(app.path()).toBe('/uk/learn/c-1/1'));
  });

  it('tabs switch at once: no spinner, and what a tab loaded is kept (no second request)', async () => {
    const fetchMock = learnerApi({ 'GET /api/diary?courseId=c-1&lessonId=1': () => json(null) });
    renderApp('/uk/learn/c-1/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Текст уроку 1' })).toBeInTheDocument();
    const click = ui();
    await click.click(screen.getByRole('tab', { name: 'Щоденник' }));
    expect(await screen.findByLabelText('Запис')).toBeInTheDocument();
    // The sections' chunk came with the lesson: each of these tabs shows its content at once.
    for (const [tab, heading] of [
      ['Теорія', 'Теорія'],
      ['Тест', 'Тест'],
      ['Відео', 'Відео'],
    ] as const) {
      await click.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
      expect(screen.queryByText('Завантаження…')).toBeNull();
    }
    await click.click(screen.getByRole('tab', { name: 'Щоденник' }));
    expect(screen.getByLabelText('Запис')).toBeInTheDocument();
    expect(screen.queryByText('Завантаження…')).toBeNull();
    await click.click(screen.getByRole('tab', { name: 'Урок' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Текст уроку 1' })).toBeInTheDocument();
    // Nothing was asked again on the way: the diary once, the lesson (and its content) with the lesson.
    const calls = callsOf(fetchMock).filter((c) => !c.includes('/notifications') && !c.includes('/partners/'));
    expect(calls.slice(calls.indexOf('GET /api/diary?courseId=c-1&lessonId=1'))).toEqual([
      'GET /api/diary?courseId=c-1&lessonId=1',
    ]);
    // A cold start loads every chunk of the app; on a busy machine that alone takes seconds.
  }, 20_000);

  it('practice and diary: their data is read while the lesson is on screen, so switching asks for nothing', async () => {
    const fetchMock = learnerApi({ 'GET /api/diary?courseId=c-1&lessonId=1': () => json(null) });
    renderApp('/uk/learn/c-1/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Текст уроку 1' })).toBeInTheDocument();
    // Idle (jsdom has no requestIdleCallback: a second later), the two tabs' reads are made.
    await waitFor(
      () => {
        const calls = callsOf(fetchMock);
        expect(calls).toContain('GET /api/exercises?courseId=c-1&lessonId=1');
        expect(calls).toContain('GET /api/diary?courseId=c-1&lessonId=1');
      },
      { timeout: 5000 },
    );
    const before = callsOf(fetchMock).filter((c) => !c.includes('/notifications') && !c.includes('/partners/'));
    const click = ui();
    await click.click(screen.getByRole('tab', { name: 'Щоденник' }));
    expect(await screen.findByLabelText('Запис')).toBeInTheDocument();
    await click.click(screen.getByRole('tab', { name: 'Практика' }));
    expect(await screen.findByLabelText('Ваша відповідь')).toBeInTheDocument();
    const after = callsOf(fetchMock).filter((c) => !c.includes('/notifications') && !c.includes('/partners/'));
    expect(after).toEqual(before);
  }, 20_000);

  it('a lesson whose opening time passes while it is on screen opens; a passed time is never shown as future', async () => {
    const opensAt = Date.now() + 1500;
    let serverOpens = true;
    const closed = { ...course, lessons: [course.lessons[0], course.lessons[1], lessonFixture(3, { opensAt })] };
    const opened = {
      ...course,
      lessons: [
        course.lessons[0],
        course.lessons[1],
        lessonFixture(3, { opensAt, isOpen: true, theory: '<p>Теорія 3</p>' }),
      ],
    };
    const fetchMock = learnerApi({
      'GET /api/courses/c-1': () => json(Date.now() >= opensAt && serverOpens ? opened : closed),
      'GET /api/courses/c-1/lessons/3/content': () => new Response('<h2>Текст уроку 3</h2>'),
    });
    renderApp('/uk/learn/c-1/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Урок ще не відкрився' })).toBeInTheDocument();
    expect(screen.getByText(/^Урок відкриється \d\d:\d\d/)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Текст уроку 3' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Розділи уроку' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c === 'GET /api/courses/c-1').length).toBeGreaterThanOrEqual(2);
    serverOpens = false;
  });

  it('a lesson the server still calls closed after its time says it is opening, not a past time', async () => {
    const opensAt = Date.now() + 1000;
    const closed = { ...course, lessons: [course.lessons[0], course.lessons[1], lessonFixture(3, { opensAt })] };
    learnerApi({ 'GET /api/courses/c-1': () => json(closed) });
    renderApp('/uk/learn/c-1/3');
    expect(await screen.findByText(/^Урок відкриється \d\d:\d\d/)).toBeInTheDocument();
    expect(
      await screen.findByText('Час настав: урок відкривається і за мить зʼявиться тут.', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Урок відкриється/)).toBeNull();
  });

  it('theory and practice render the lesson HTML; practice has the homework under the task', async () => {
    learnerApi();
    renderApp('/uk/learn/c-1/1/theory');
    await screen.findByText('Теорія уроку 1');
    await userEvent.click(screen.getByRole('tab', { name: 'Практика' }));
    expect(await screen.findByText('Завдання уроку 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Домашнє завдання' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Ваша відповідь')).toBeInTheDocument();
  });

  it('audio has a native player per track; video embeds YouTube without cookies; empty lessons say so', async () => {
    const withMedia = {
      ...course,
      lessons: [
        lessonFixture(1, {
          audio: ['/media/a.mp3', '/media/b.mp3'],
          video: [
            { title: 'Вимова', url: 'https://youtu.be/dQw4w9WgXcQ' },
            { title: 'Діалог', url: 'https://cdn.example.org/dialog.mp4' },
            { title: 'Зламане', url: 'javascript:alert(1)' },
          ],
        }),
        lessonFixture(2, { audio: [], video: [] }),
      ],
    };
    learnerApi({}, withMedia);
    const { container } = renderApp('/uk/learn/c-1/1/audio');
    await screen.findByRole('heading', { level: 2, name: 'Аудіо' });
    const players = container.querySelectorAll('audio');
    expect([...players].map((a) => a.getAttribute('src'))).toEqual(['/media/a.mp3', '/media/b.mp3']);
    expect(players[0]).toHaveAttribute('controls');

    await userEvent.click(screen.getByRole('tab', { name: 'Відео' }));
    const frame = await screen.findByTitle('Вимова');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://cdn.example.org/dialog.mp4');
    expect(screen.queryByText('Зламане')).not.toBeInTheDocument();

    // A lesson without media has no audio and video tabs.
    await userEvent.click(screen.getByRole('link', { name: /Урок 2: Привітання/ }));
    const tabs = await screen.findByRole('tablist', { name: 'Розділи уроку' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((a) => a.textContent),
      ).toEqual(['Урок', 'Теорія', 'Практика', 'Тест', 'Щоденник']),
    );
    expect(within(tabs).getByRole('tab', { selected: true })).toHaveTextContent('Урок');
  });

  it('the self-test: «Перевірити» sends the answers, shows «N з 10», right answers and explanations', async () => {
    let checks = 0;
    const fetchMock = learnerApi({
      'POST /api/courses/c-1/lessons/1/test': () =>
        json({
          score: 5,
          // The first complete attempt counts; a retake is shown, not counted.
          counted: ++checks === 1,
          correct: [1, 0],
          explanations: ['Зранку кажемо «Добрий ранок».', 'В абетці 33 літери.'],
        }),
    });
    renderApp('/uk/learn/c-1/1/test');
    const ui = userEvent.setup();
    const first = await screen.findByRole('group', { name: 'Питання 1: Як привітатися зранку?' });
    const second = screen.getByRole('group', { name: 'Питання 2: Скільки літер в українській абетці?' });
    await ui.click(within(first).getByRole('radio', { name: 'Добрий ранок' }));
    await ui.click(within(second).getByRole('radio', { name: '32' }));
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Ваш результат: 5 з 10');
    expect(result).toHaveTextContent('Результат записано у щоденник уроку.');
    expect(within(result).getByRole('link', { name: 'Відкрити щоденник' })).toHaveAttribute(
      'href',
      '/uk/learn/c-1/1/diary',
    );
    expect(lastBody(fetchMock, 'POST /api/courses/c-1/lessons/1/test')).toEqual({ answers: [1, 1] });
    expect(within(first).getByText('✓ Ваша відповідь правильна')).toBeInTheDocument();
    expect(within(first).getByText('Зранку кажемо «Добрий ранок».')).toBeInTheDocument();
    expect(within(second).getByText('✓ Правильна відповідь').closest('label')).toHaveTextContent('33');
    expect(within(second).getByText('✗ Ваша відповідь').closest('label')).toHaveTextContent('32');
    expect(within(second).getByRole('radio', { name: /32/ })).toBeDisabled();

    await ui.click(screen.getByRole('button', { name: 'Пройти ще раз' }));
    expect(within(second).getByRole('radio', { name: '32' })).not.toBeChecked();
    expect(within(second).getByRole('radio', { name: '32' })).toBeEnabled();
    expect(screen.queryByText('Ваш результат: 5 з 10')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перевірити' })).toBeInTheDocument();

    await ui.click(within(first).getByRole('radio', { name: 'Добрий ранок' }));
    await ui.click(within(second).getByRole('radio', { name: '33' }));
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));
    const retake = await screen.findByRole('status');
    expect(retake).toHaveTextContent('Ваш результат: 5 з 10');
    expect(retake).toHaveTextContent(/повторна спроба.*зараховано першу спробу/);
    expect(retake).not.toHaveTextContent('Результат записано у щоденник уроку.');
  });

  it('a refused self-test shows the server message in an alert', async () => {
    learnerApi({ 'POST /api/courses/c-1/lessons/1/test': () => json({ message: 'Тест: надішліть відповіді' }, 400) });
    renderApp('/uk/learn/c-1/1/test');
    const ui = userEvent.setup();
    const first = await screen.findByRole('group', { name: /^Питання 1:/ });
    await ui.click(within(first).getAllByRole('radio')[0] as HTMLElement);
    await ui.click(within(screen.getByRole('group', { name: /^Питання 2:/ })).getAllByRole('radio')[0] as HTMLElement);
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Тест: надішліть відповіді');
  });

  it('«Перевірити» with nothing chosen sends nothing: a blank test is no result', async () => {
    const fetchMock = learnerApi();
    renderApp('/uk/learn/c-1/1/test');
    const ui = userEvent.setup();
    const first = await screen.findByRole('group', { name: /^Питання 1:/ });
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ви ще не обрали жодної відповіді.');
    expect(screen.queryByRole('group', { name: /Перевірити все одно/ })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(callsOf(fetchMock)).not.toContain('POST /api/courses/c-1/lessons/1/test');
    // Choosing an answer puts the warning away.
    await ui.click(within(first).getByRole('radio', { name: 'Добрий ранок' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with a question left it names and marks it and asks first, as the game does; «Так, перевірити» sends', async () => {
    const fetchMock = learnerApi({
      'POST /api/courses/c-1/lessons/1/test': () =>
        json({ score: 5, counted: true, correct: [1, 0], explanations: ['', ''] }),
    });
    renderApp('/uk/learn/c-1/1/test');
    const ui = userEvent.setup();
    const first = await screen.findByRole('group', { name: /^Питання 1:/ });
    const second = screen.getByRole('group', { name: /^Питання 2:/ });
    await ui.click(within(first).getByRole('radio', { name: 'Добрий ранок' }));
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));

    const ask = screen.getByRole('group', { name: /^Без відповіді залишилося питання 2\. Перевірити все одно\?/ });
    expect(within(ask).getByRole('button', { name: 'Так, перевірити' })).toHaveFocus();
    expect(within(second).getByText('Оберіть відповідь на це питання.')).toBeInTheDocument();
    expect(within(first).queryByText('Оберіть відповідь на це питання.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Перевірити' })).toBeDisabled();
    expect(callsOf(fetchMock)).not.toContain('POST /api/courses/c-1/lessons/1/test');

    // «Повернутися до питань» puts it away; asked again, «Так, перевірити» sends the gap as null.
    await ui.click(within(ask).getByRole('button', { name: 'Повернутися до питань' }));
    expect(screen.queryByRole('group', { name: /Перевірити все одно/ })).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));
    await ui.click(screen.getByRole('button', { name: 'Так, перевірити' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ваш результат: 5 з 10');
    expect(lastBody(fetchMock, 'POST /api/courses/c-1/lessons/1/test')).toEqual({ answers: [1, null] });
    expect(within(second).getByText('Ви не обрали відповідь.')).toBeInTheDocument();
  });

  it('answering the questions left while it asks puts the question away', async () => {
    learnerApi();
    renderApp('/uk/learn/c-1/1/test');
    const ui = userEvent.setup();
    const first = await screen.findByRole('group', { name: /^Питання 1:/ });
    await ui.click(within(first).getByRole('radio', { name: 'Добрий ранок' }));
    await ui.click(screen.getByRole('button', { name: 'Перевірити' }));
    expect(screen.getByRole('button', { name: 'Так, перевірити' })).toBeInTheDocument();
    await ui.click(within(screen.getByRole('group', { name: /^Питання 2:/ })).getByRole('radio', { name: '33' }));
    expect(screen.queryByRole('button', { name: 'Так, перевірити' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Перевірити' })).toBeEnabled();
  });
});

describe('/uk: what to do today', () => {
  it('per course: the next open lesson, diary entries to write, and progress', async () => {
    learnerApi({
      'GET /api/courses/today': () =>
        json({
          habit: habitSummary,
          courses: [
            {
              _id: 'c-1',
              title: 'Українська щодня',
              wave: '29',
              nextLesson: { day: '2', theme: 'Привітання', opensAt: 0, isOpen: true },
              diaryMissing: [{ day: '1', theme: 'Звуки і літери' }],
              lessonsTotal: 3,
              lessonsDone: 1,
            },
            {
              _id: 'c-2',
              title: 'Говоримо вільно',
              wave: '5',
              nextLesson: { day: '1', theme: 'Знайомство', opensAt: kyivTime(2026, 3, 10), isOpen: false },
              diaryMissing: [],
              lessonsTotal: 10,
              lessonsDone: 0,
            },
          ],
        }),
    });
    renderApp('/uk');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Що сьогодні' });
    expect(await within(today).findByRole('link', { name: 'Урок 2: Привітання' })).toHaveAttribute(
      'href',
      '/uk/learn/c-1/2',
    );
    expect(within(today).getByRole('link', { name: 'Урок 1: Звуки і літери' })).toHaveAttribute(
      'href',
      '/uk/learn/c-1/1/diary',
    );
    expect(within(today).getByText('Наступний урок відкриється 00:00, 10 березня 2026')).toBeInTheDocument();
    expect(within(today).getByRole('progressbar', { name: 'Поступ курсу «Українська щодня»' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
  });

  it('paints once: until «Що сьогодні» is here, one spinner and none of what comes below it (no layout shift)', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = learnerApi({
      'GET /api/courses/today': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/uk');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/courses/today'));
    // Waiting: neither the habit card above the plan nor the ways on below it take their places yet.
    expect(screen.getByText('Завантаження…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Навчання' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Що сьогодні' })).toBeNull();
    answer(json({ courses: [], habit: habitSummary }));
    expect(await screen.findByRole('region', { name: 'Що сьогодні' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Навчання' })).toBeInTheDocument();
    expect(screen.queryByText('Завантаження…')).toBeNull();
    // One request for all of it: the loader's, taken by the panel.
    expect(callsOf(fetchMock).filter((c) => c === 'GET /api/courses/today')).toHaveLength(1);
  });

  it('without courses it links to the course list', async () => {
    learnerApi({ 'GET /api/courses/today': () => json({ courses: [], habit: habitSummary }) });
    renderApp('/uk');
    const today = await screen.findByRole('region', { name: 'Що сьогодні' });
    await waitFor(() =>
      expect(within(today).getByRole('link', { name: 'Обрати курс' })).toHaveAttribute('href', '/uk/learn'),
    );
  });
});
