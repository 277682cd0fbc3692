import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AdminTask, AuthoredTask } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf, lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const at = Date.UTC(2026, 10, 1);
const gap: AdminTask = {
  task: {
    id: 'l1-gap-protiahom',
    type: 'gap',
    level: 1,
    topic: 'russianisms',
    prompt: 'Вставте пропущене слово.',
    text: 'Я відповім вам ___ дня.',
    answers: ['протягом'],
    options: ['протягом', 'на протязі'],
    explanation: '«Протяг» — це рух повітря.',
  },
  active: true,
  updatedAt: at,
};
const order: AdminTask = {
  task: {
    id: 'l1-order-diakuiu',
    type: 'order',
    level: 1,
    topic: 'grammar',
    prompt: 'Складіть речення.',
    words: ['Щиро', 'дякую', 'вам', 'за', 'допомогу.'],
    alternatives: [['Щиро', 'вам', 'дякую', 'за', 'допомогу.']],
    explanation: 'Дякуємо комусь.',
  },
  active: false,
  updatedAt: at,
};

const LIST = 'GET /api/admin/game/tasks?page=1';
const list =
  (tasks: AdminTask[], totalPages = 1) =>
  () =>
    json({ tasks, totalPages, total: tasks.length });

/** The common fields of a new task. */
async function fillCommon(ui: UserEvent, form: HTMLElement, id: string, type: string) {
  await ui.type(within(form).getByLabelText('id'), id);
  await ui.selectOptions(within(form).getByLabelText('Тип'), type);
  await ui.selectOptions(within(form).getByLabelText('Рівень'), '2');
  await ui.selectOptions(within(form).getByLabelText('Тема'), 'vocabulary');
  await ui.type(within(form).getByLabelText('Завдання (що бачить гравець)'), 'Оберіть правильне.');
  await ui.type(within(form).getByLabelText('Пояснення (після відповіді)'), 'Бо так правильно.');
}

const common = (id: string) => ({
  id,
  level: 2,
  topic: 'vocabulary',
  pool: 'game',
  prompt: 'Оберіть правильне.',
  explanation: 'Бо так правильно.',
});

async function openNew() {
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole('button', { name: 'Нове завдання' }));
  const form = screen.getByRole('form', { name: 'Нове завдання' });
  return { ui, form };
}

describe('/uk/admin/game, the game tasks', () => {
  it('lists tasks with Ukrainian type and topic names; filters and search ask the server', async () => {
    const search = new URLSearchParams({ q: 'протягом' }).toString();
    const fetchMock = staffApi({
      [LIST]: list([gap, { ...order, task: { ...order.task, pool: 'olympiad' } }], 2),
      'GET /api/admin/game/tasks?page=2': list([order], 2),
      'GET /api/admin/game/tasks?level=2&page=1': list([gap]),
      'GET /api/admin/game/tasks?level=2&type=gap&page=1': list([gap]),
      'GET /api/admin/game/tasks?level=2&type=gap&topic=russianisms&page=1': list([gap]),
      [`GET /api/admin/game/tasks?level=2&type=gap&topic=russianisms&${search}&page=1`]: list([]),
    });
    renderApp('/uk/admin/game');
    const table = await screen.findByRole('table', { name: 'Завдання' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('l1-gap-protiahom');
    expect(rows[0]).toHaveTextContent('пропуск');
    expect(rows[0]).toHaveTextContent('русизми');
    expect(rows[0]).toHaveTextContent('Вставте пропущене слово.');
    expect(rows[0]).toHaveTextContent('активне');
    expect(rows[1]).toHaveTextContent('порядок слів');
    expect(rows[1]).toHaveTextContent('граматика');
    expect(rows[1]).toHaveTextContent('вимкнене');
    // Which pool each task is in, without filtering by it.
    expect(within(rows[0] as HTMLElement).getByRole('cell', { name: 'гра' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: 'олімпіади' })).toBeInTheDocument();
    expect(screen.getByText('Знайдено завдань: 2')).toBeInTheDocument();

    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: /Наступна/ }));
    expect(await screen.findByText('Сторінка 2 з 2')).toBeInTheDocument();
    await ui.selectOptions(screen.getByLabelText('Рівень'), '2');
    // A new filter starts from the first page.
    await waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/admin/game/tasks?level=2&page=1'));
    await ui.selectOptions(screen.getByLabelText('Тип'), 'пропуск');
    await ui.selectOptions(screen.getByLabelText('Тема'), 'русизми');
    await ui.type(screen.getByLabelText('Пошук'), 'протягом');
    expect(await screen.findByText('Завдань за цим вибором немає.')).toBeInTheDocument();
    // The search waited for the typing to stop: no request for a part of the word.
    const searches = callsOf(fetchMock).filter((call) => call.includes('&q='));
    expect(new Set(searches)).toEqual(
      new Set([`GET /api/admin/game/tasks?level=2&type=gap&topic=russianisms&${search}&page=1`]),
    );
  });

  it.each<[string, (ui: UserEvent, form: HTMLElement) => Promise<void>, Partial<AuthoredTask>]>([
    [
      'вікторина: options and every right one (checkboxes)',
      async (ui, form) => {
        await ui.type(within(form).getByLabelText('Варіант 1'), 'брати участь');
        await ui.type(within(form).getByLabelText('Варіант 2'), 'приймати участь');
        await ui.type(within(form).getByLabelText('Варіант 3'), 'взяти участь');
        await ui.click(within(form).getByRole('checkbox', { name: 'Правильний (варіант 1)' }));
        await ui.click(within(form).getByRole('checkbox', { name: 'Правильний (варіант 3)' }));
      },
      { type: 'quiz', options: ['брати участь', 'приймати участь', 'взяти участь'], answers: [0, 2] },
    ],
    [
      'відповідність: pairs',
      async (ui, form) => {
        await ui.type(within(form).getByLabelText('Пара 1: ліворуч'), 'слідуючий');
        await ui.type(within(form).getByLabelText('Пара 1: праворуч'), 'наступний');
        await ui.type(within(form).getByLabelText('Пара 2: ліворуч'), 'получати');
        await ui.type(within(form).getByLabelText('Пара 2: праворуч'), 'отримувати');
        await ui.click(within(form).getByRole('button', { name: 'Додати пару' }));
        expect(within(form).getByLabelText('Пара 3: ліворуч')).toHaveFocus();
        await ui.click(within(form).getByRole('button', { name: 'Прибрати: Пара 3' }));
        expect(within(form).getByRole('button', { name: 'Прибрати: Пара 2' })).toBeDisabled();
      },
      {
        type: 'match',
        pairs: [
          ['слідуючий', 'наступний'],
          ['получати', 'отримувати'],
        ],
      },
    ],
    [
      'пропуск: the text with ___, accepted answers, optional options',
      async (ui, form) => {
        await ui.type(within(form).getByLabelText('Речення з пропуском'), 'Я відповім ___ дня.');
        await ui.type(within(form).getByLabelText('Відповідь 1'), 'протягом');
        await ui.click(within(form).getByRole('button', { name: 'Додати відповідь' }));
        await ui.type(within(form).getByLabelText('Відповідь 2'), 'упродовж');
        await ui.click(within(form).getByRole('checkbox', { name: 'Дати гравцеві варіанти на вибір' }));
        await ui.type(within(form).getByLabelText('Варіант 1'), 'протягом');
        await ui.type(within(form).getByLabelText('Варіант 2'), 'на протязі');
      },
      {
        type: 'gap',
        text: 'Я відповім ___ дня.',
        answers: ['протягом', 'упродовж'],
        options: ['протягом', 'на протязі'],
      },
    ],
    [
      'порядок слів: the words and another right order',
      async (ui, form) => {
        await ui.type(within(form).getByLabelText('Речення в правильному порядку'), 'Щиро  дякую вам за допомогу.');
        await ui.click(within(form).getByRole('button', { name: 'Додати інший порядок' }));
        await ui.type(within(form).getByLabelText('Інший порядок 1'), 'Щиро вам дякую за допомогу.');
      },
      {
        type: 'order',
        words: ['Щиро', 'дякую', 'вам', 'за', 'допомогу.'],
        alternatives: [['Щиро', 'вам', 'дякую', 'за', 'допомогу.']],
      },
    ],
    [
      'знайди помилку: the words, the wrong one, the correction',
      async (ui, form) => {
        await ui.type(within(form).getByLabelText('Речення з помилкою'), 'Ціна квитка складає двісті гривень.');
        const wrong = within(form).getByRole('group', { name: 'Слово з помилкою' });
        await ui.click(within(wrong).getByRole('radio', { name: 'складає' }));
        await ui.type(within(form).getByLabelText('Як правильно'), 'становить');
      },
      {
        type: 'error',
        words: ['Ціна', 'квитка', 'складає', 'двісті', 'гривень.'],
        wrong: [2],
        correction: 'становить',
      },
    ],
  ])(
    'creates a task of type %s',
    async (_name, fill, fields) => {
      const fetchMock = staffApi({
        [LIST]: list([]),
        'POST /api/admin/game/tasks': (init) => json({ ...JSON.parse(String(init.body)), updatedAt: at }, 201),
      });
      renderApp('/uk/admin/game');
      const { ui, form } = await openNew();
      expect(within(form).getByRole('heading', { name: 'Нове завдання' })).toHaveFocus();
      await fillCommon(ui, form, 'new-task', String(fields.type));
      await fill(ui, form);
      await ui.click(within(form).getByRole('button', { name: 'Створити завдання' }));
      expect(await screen.findByText('Завдання new-task створено.')).toBeInTheDocument();
      expect(lastBody(fetchMock, 'POST /api/admin/game/tasks')).toEqual({
        task: { ...common('new-task'), ...fields },
        active: true,
      });
      expect(screen.queryByRole('form', { name: 'Нове завдання' })).toBeNull();
      // The list is asked again (with the new task in it).
      expect(callsOf(fetchMock).filter((call) => call === LIST).length).toBeGreaterThan(1);
    },
    20_000,
  );

  it('checks what the server cannot word well before sending; a taken id (409) is shown in an alert', async () => {
    const fetchMock = staffApi({
      [LIST]: list([]),
      'POST /api/admin/game/tasks': () => json({ message: 'Завдання з таким id уже існує' }, 409),
    });
    renderApp('/uk/admin/game');
    const { ui, form } = await openNew();
    await fillCommon(ui, form, 'l1-gap-protiahom', 'gap');
    await ui.type(within(form).getByLabelText('Речення з пропуском'), 'Без пропуску.');
    await ui.type(within(form).getByLabelText('Відповідь 1'), 'протягом');
    await ui.click(within(form).getByRole('button', { name: 'Створити завдання' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Речення з пропуском: рівно один пропуск ___.');
    expect(callsOf(fetchMock)).not.toContain('POST /api/admin/game/tasks');

    await ui.clear(within(form).getByLabelText('Речення з пропуском'));
    await ui.type(within(form).getByLabelText('Речення з пропуском'), 'Я відповім ___ дня.');
    // Put right, the sentence's problem goes at once, before any new send (issue 18, item 14).
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await ui.click(within(form).getByRole('button', { name: 'Створити завдання' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Завдання з таким id уже існує'));
    expect(screen.getByRole('form', { name: 'Нове завдання' })).toBeInTheDocument();
  });

  it('edits a task: the id is fixed, PUT carries the task, its pool and «active»; a 400 message is shown', async () => {
    let refuse = true;
    const fetchMock = staffApi({
      [LIST]: list([gap, order]),
      'PUT /api/admin/game/tasks/l1-order-diakuiu': (init) =>
        refuse
          ? json({ message: 'words: не більше 12' }, 400)
          : json({ ...JSON.parse(String(init.body)), updatedAt: at }),
    });
    renderApp('/uk/admin/game');
    const ui = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Редагувати завдання l1-order-diakuiu' });
    await ui.click(opener);
    const form = screen.getByRole('form', { name: 'Завдання l1-order-diakuiu' });
    expect(within(form).queryByLabelText('id')).toBeNull();
    expect(form).toHaveTextContent('id: l1-order-diakuiu');
    expect(within(form).getByLabelText('Речення в правильному порядку')).toHaveValue('Щиро дякую вам за допомогу.');
    expect(within(form).getByLabelText('Інший порядок 1')).toHaveValue('Щиро вам дякую за допомогу.');
    expect(
      within(form).getByRole('checkbox', {
        name: 'Активне: потрапляє в раунди гри чи в олімпіади (за вибором «Для чого»)',
      }),
    ).not.toBeChecked();

    await ui.click(
      within(form).getByRole('checkbox', {
        name: 'Активне: потрапляє в раунди гри чи в олімпіади (за вибором «Для чого»)',
      }),
    );
    expect(within(form).getByLabelText('Для чого')).toHaveValue('game');
    await ui.selectOptions(within(form).getByLabelText('Для чого'), 'olympiad');
    await ui.clear(within(form).getByLabelText('Завдання (що бачить гравець)'));
    await ui.type(within(form).getByLabelText('Завдання (що бачить гравець)'), 'Складіть речення подяки.');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('words: не більше 12');

    refuse = false;
    await ui.click(within(form).getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Завдання l1-order-diakuiu збережено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/admin/game/tasks/l1-order-diakuiu')).toEqual({
      task: { ...order.task, pool: 'olympiad', prompt: 'Складіть речення подяки.' },
      active: true,
    });
    // The focus goes back to the row's «Редагувати».
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Редагувати завдання l1-order-diakuiu' })).toHaveFocus(),
    );
  });

  it('the player’s preview is built from the form, without the server', async () => {
    const fetchMock = staffApi({ [LIST]: list([gap]) });
    renderApp('/uk/admin/game');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Редагувати завдання l1-gap-protiahom' }));
    const form = screen.getByRole('form', { name: 'Завдання l1-gap-protiahom' });
    await ui.click(within(form).getByRole('button', { name: 'Перегляд для гравця' }));
    const preview = within(form).getByRole('region', { name: 'Перегляд для гравця' });
    expect(within(preview).getByRole('heading', { name: 'Вставте пропущене слово.' })).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'на протязі' })).toBeInTheDocument();
    await ui.click(within(preview).getByRole('button', { name: 'протягом' }));
    expect(within(preview).getByRole('button', { name: 'протягом' })).toHaveAttribute('aria-pressed', 'true');
    // A broken gap says what to fix instead.
    await ui.clear(within(form).getByLabelText('Речення з пропуском'));
    expect(within(preview).getByText('Речення з пропуском: рівно один пропуск ___.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([]);
  });
});
