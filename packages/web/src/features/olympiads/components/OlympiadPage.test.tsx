import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Olympiad, OlympiadAttempt, OlympiadResults } from '@yedyni/contract';
import { formatDateTime } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { scoreOfTwo, user, withRole } from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const HOUR = 60 * 60 * 1000;

function olympiad(overrides: Partial<Olympiad> = {}): Olympiad {
  const startsAt = Date.now() + 26 * HOUR;
  return {
    _id: 'o-1',
    title: 'Весняна олімпіада',
    description: 'Десять завдань на русизми й наголоси.',
    startsAt,
    endsAt: startsAt + 10 * HOUR,
    durationMs: 20 * 60_000,
    taskCount: 2,
    state: 'upcoming',
    myAttempt: null,
    ...overrides,
  };
}

const previous: OlympiadResults = {
  olympiad: olympiad({ _id: 'o-0', title: 'Зимова олімпіада', state: 'finished', startsAt: Date.UTC(2026, 0, 20, 8) }),
  personal: [
    { place: 1, name: 'Тарас М.', score: 90, isMe: false },
    { place: 2, name: 'Олена К.', score: 71, isMe: true },
  ],
  team: [{ place: 1, name: 'Команда Олена К.', score: 161, members: 2, isMe: true }],
  mine: { ...scoreOfTwo(['приймаю → беру', 'Участь беруть.'], ['Котра година?', 'Про час.']), note: null },
};

const attempt: OlympiadAttempt = {
  olympiadId: 'o-1',
  deadline: Date.now() + 20 * 60_000,
  tasks: [
    { id: 'a', type: 'error', level: 3, prompt: 'Знайдіть помилку.', words: ['Я', 'приймаю', 'участь'] },
    { id: 'b', type: 'gap', level: 3, prompt: 'Впишіть слово.', text: 'Котра ___?' },
  ],
};

describe('/uk/olympiad', () => {
  it('the next olympiad with its Kyiv date and a live countdown; the last one’s personal and team tables', async () => {
    const next = olympiad();
    learnerApi({ 'GET /api/olympiads': () => json({ next, previous }) });
    renderApp('/uk/olympiad');
    expect(await screen.findByRole('heading', { level: 1, name: 'Олімпіади' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Весняна олімпіада' });
    expect(card).toHaveTextContent(`Початок${formatDateTime(next.startsAt)}`);
    expect(card).toHaveTextContent('Час на спробу20 хв');
    expect(within(card).getByRole('timer')).toHaveTextContent(/^1 дн\. 0[12]:\d\d:\d\d$/);
    expect(within(card).queryByRole('button', { name: 'Розпочати' })).toBeNull();

    const personal = screen.getByRole('table', { name: 'Особистий залік' });
    expect(within(personal).getAllByRole('row')[2]).toHaveTextContent('2Олена К. (ви)71');
    const team = screen.getByRole('table', { name: 'Командний залік' });
    expect(within(team).getAllByRole('row')[1]).toHaveTextContent('1Команда Олена К. (ваша команда)2161');
    expect(screen.getByText('Зимова олімпіада')).toBeInTheDocument();
    // It is over: my tasks' right answers and why.
    const mine = screen.getByRole('region', { name: 'Правильні відповіді до ваших завдань' });
    expect(within(mine).getAllByRole('listitem')[1]).toHaveTextContent('Завдання 2: 0 балів. Котра година?Про час.');
    // A learner does not schedule olympiads.
    expect(screen.queryByRole('heading', { name: 'Запланувати олімпіаду' })).toBeNull();
  });

  it('open: «Розпочати» → the timed tasks → the score and when the answers come; then «Ви вже взяли участь»', async () => {
    let next = olympiad({ state: 'open', startsAt: Date.now() - HOUR });
    const fetchMock = learnerApi({
      'GET /api/olympiads': () => json({ next, previous: null }),
      'POST /api/olympiads/o-1/start': () => json(attempt),
      'POST /api/olympiads/o-1/answers': () => {
        next = { ...next, myAttempt: { deadline: attempt.deadline, finished: true, score: 10 } };
        // While it runs, the server keeps the right answers back and says when they come.
        return json({
          score: 10,
          maxScore: 20,
          late: false,
          results: [],
          note: 'Правильні відповіді зʼявляться після завершення.',
        });
      },
    });
    renderApp('/uk/olympiad');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Розпочати' }));
    // The single attempt asks first: once only, and how long.
    let dialog = screen.getByRole('dialog', { name: 'Розпочати олімпіаду?' });
    expect(dialog).toHaveTextContent(
      `Спроба лише одна: після початку у вас буде ${Math.round(next.durationMs / 60_000)} хв на всі завдання.`,
    );
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Розпочати' }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Не зараз' }));
    expect(callsOf(fetchMock)).not.toContain('POST /api/olympiads/o-1/start');

    await ui.click(screen.getByRole('button', { name: 'Розпочати' }));
    dialog = screen.getByRole('dialog', { name: 'Розпочати олімпіаду?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Так, розпочати' }));
    expect(await screen.findByText('Олімпіада «Весняна олімпіада»')).toBeInTheDocument();
    expect(screen.getByText('Завдання 1 з 2')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'приймаю' }));
    await ui.click(screen.getByRole('button', { name: /Далі/ }));
    await ui.type(screen.getByRole('textbox', { name: 'Слово для пропуску' }), 'година');
    await ui.click(screen.getByRole('button', { name: 'Завершити' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Спробу завершено' })).toBeInTheDocument();
    expect(screen.getByText('10 з 20')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Правильні відповіді зʼявляться після завершення.');
    expect(screen.queryByText('Правильна відповідь')).toBeNull();
    expect(lastBody(fetchMock, 'POST /api/olympiads/o-1/answers')).toEqual({
      answers: [{ index: 1 }, { text: 'година' }],
    });
    await ui.click(screen.getByRole('button', { name: 'До олімпіад' }));
    // Coming back while others still play, the learner is told where and when the answers come.
    expect(await screen.findByText(/^Ви вже взяли участь: 10 балів\./)).toHaveTextContent(
      `Ви вже взяли участь: 10 балів. Правильні відповіді до ваших завдань зʼявляться на цій сторінці після завершення олімпіади (${formatDateTime(next.endsAt)}).`,
    );
    expect(screen.queryByRole('button', { name: 'Розпочати' })).toBeNull();
  });

  it('a refused start (taken already) shows the server message', async () => {
    learnerApi({
      'GET /api/olympiads': () => json({ next: olympiad({ state: 'open' }), previous: null }),
      'POST /api/olympiads/o-1/start': () => json({ message: 'Ви вже пройшли цю олімпіаду: спроба лише одна' }, 409),
    });
    renderApp('/uk/olympiad');
    await userEvent.click(await screen.findByRole('button', { name: 'Розпочати' }));
    await userEvent.click(screen.getByRole('button', { name: 'Так, розпочати' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ви вже пройшли цю олімпіаду: спроба лише одна');
  });

  it('an attempt already started resumes at once: there is nothing to ask', async () => {
    const started = olympiad({
      state: 'open',
      myAttempt: { deadline: attempt.deadline, finished: false, score: null },
    });
    learnerApi({
      'GET /api/olympiads': () => json({ next: started, previous: null }),
      'POST /api/olympiads/o-1/start': () => json(attempt),
    });
    renderApp('/uk/olympiad');
    await userEvent.click(await screen.findByRole('button', { name: 'Продовжити спробу' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Олімпіада «Весняна олімпіада»')).toBeInTheDocument();
  });

  it('nothing announced: a friendly note', async () => {
    learnerApi({ 'GET /api/olympiads': () => json({ next: null, previous: null }) });
    renderApp('/uk/olympiad');
    expect(await screen.findByText(/Наступну олімпіаду ще не оголошено/)).toBeInTheDocument();
  });

  it('an admin sees the same page: olympiads are scheduled in «Керування», not here', async () => {
    learnerApi({
      'GET /api/auth/current': () => json(withRole(user, 'admin')),
      'GET /api/olympiads': () => json({ next: olympiad(), previous: null }),
    });
    renderApp('/uk/olympiad');
    expect(await screen.findByRole('article', { name: 'Весняна олімпіада' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Запланувати' })).toBeNull();
  });
});
