import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GameStats, Round, RoundResult } from '@yedyni/contract';
import { formatDate, formatDateTime } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { scoreOfTwo } from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const noStats: GameStats = { best: [], rounds: 0, totalPoints: 0 };
const played: GameStats = { best: [{ score: 10, date: Date.UTC(2026, 2, 3, 10) }], rounds: 1, totalPoints: 10 };
const rating = {
  players: [
    { place: 1, name: 'Тарас М.', best: 60, isMe: false },
    { place: 2, name: 'Олена К.', best: 10, isMe: true },
  ],
};
const round: Round = {
  roundId: 'r-1',
  deadline: Date.now() + 7 * 60_000,
  tasks: [
    { id: 'a', type: 'quiz', level: 1, prompt: 'Як правильно?', options: ['беремо участь', 'приймаємо участь'] },
    { id: 'b', type: 'order', level: 1, prompt: 'Складіть речення.', words: ['справи?', 'Як'] },
  ],
};
const result: RoundResult = {
  roundId: 'r-1',
  ...scoreOfTwo(['беремо участь', 'Участь беруть.'], ['Як справи?', 'Питальне слово — першим.']),
  footprintPoints: 10,
  dailyCapReached: false,
};

describe('/uk/game, «Паляниця»', () => {
  it('the start screen: what the game is, my results (none yet) and the rating with «ви»', async () => {
    learnerApi({ 'GET /api/game/me': () => json(noStats), 'GET /api/game/rating': () => json(rating) });
    renderApp('/uk/game');
    expect(await screen.findByRole('heading', { level: 1, name: 'Паляниця' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Раунд коротко' })).toHaveTextContent('7 завдань7 хвилин70 балів максимум');
    expect(await screen.findByText(/Ви ще не грали/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Десятка найкращих за найкращим раундом' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('2Олена К. (ви)10');
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'До олімпіад' })).toHaveAttribute('href', '/uk/olympiad');
  });

  it('a round: one task at a time with the countdown, then the score with the right answers; stats fetched again', async () => {
    let stats = noStats;
    const fetchMock = learnerApi({
      'GET /api/game/me': () => json(stats),
      'GET /api/game/rating': () => json({ players: [] }),
      'POST /api/game/rounds': () => json(round, 201),
      'POST /api/game/rounds/r-1/answers': () => {
        stats = played;
        return json(result);
      },
    });
    renderApp('/uk/game');
    const ui = userEvent.setup();
    const indicatorCalls = () => callsOf(fetchMock).filter((c) => c === 'GET /api/partners/indicators').length;
    expect(await screen.findByText(/У рейтингу поки порожньо/)).toBeInTheDocument();
    // The frame asks for the header's indicators once the screen is done (when the browser is idle).
    await waitFor(() => expect(indicatorCalls()).toBe(1), { timeout: 3000 });
    await ui.click(screen.getByRole('button', { name: 'Почати раунд' }));

    expect(await screen.findByText('Завдання 1 з 2')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^0[67]:\d\d$/);
    await ui.click(screen.getByRole('radio', { name: 'беремо участь' }));
    await ui.click(screen.getByRole('button', { name: /Далі/ }));
    const words = screen.getByRole('group', { name: 'Слова' });
    await ui.click(within(words).getByRole('button', { name: 'Як' }));
    await ui.click(within(words).getByRole('button', { name: 'справи?' }));
    await ui.click(screen.getByRole('button', { name: 'Завершити' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Раунд завершено' })).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST /api/game/rounds/r-1/answers')).toEqual({
      answers: [{ choices: [0] }, { order: [1, 0] }],
    });
    expect(screen.getByText('10 з 20')).toBeInTheDocument();
    expect(screen.queryByText(/щонайбільше/)).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Відповіді по завданнях' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Правильно · 10 з 10 балів');
    expect(items[1]).toHaveTextContent('Ваша відповідьЯк справи?');
    expect(items[1]).toHaveTextContent('Правильна відповідьЯк справи?');
    expect(items[1]).toHaveTextContent('ПоясненняПитальне слово — першим.');
    // The footprint grew: the indicators are fetched again, and so are the game stats.
    await screen.findByRole('button', { name: 'Ще раунд' });
    expect(indicatorCalls()).toBe(2);

    await ui.click(screen.getByRole('button', { name: 'До початку гри' }));
    const mine = await screen.findByRole('region', { name: 'Ваші результати' });
    expect(await within(mine).findByText('10 з 70')).toBeInTheDocument();
    expect(within(mine).getByText(formatDate(played.best[0]?.date ?? 0))).toBeInTheDocument();
  });

  it('a round that cannot start says why', async () => {
    learnerApi({
      'GET /api/game/me': () => json(noStats),
      'GET /api/game/rating': () => json({ players: [] }),
      'POST /api/game/rounds': () => json({ message: 'Завдань для гри ще немає' }, 404),
    });
    renderApp('/uk/game');
    await userEvent.click(await screen.findByRole('button', { name: 'Почати раунд' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Завдань для гри ще немає');
  });

  it('a round past the daily cap still shows its score and says under it that the footprint got less (or nothing)', async () => {
    let answer: RoundResult = { ...result, footprintPoints: 4, dailyCapReached: true };
    learnerApi({
      'GET /api/game/me': () => json(noStats),
      'GET /api/game/rating': () => json({ players: [] }),
      'POST /api/game/rounds': () => json(round, 201),
      'POST /api/game/rounds/r-1/answers': () => json(answer),
    });
    renderApp('/uk/game');
    const ui = userEvent.setup();
    const play = async (start: string) => {
      await ui.click(await screen.findByRole('button', { name: start }));
      await ui.click(await screen.findByRole('radio', { name: 'беремо участь' }));
      await ui.click(screen.getByRole('button', { name: /Далі/ }));
      const words = screen.getByRole('group', { name: 'Слова' });
      await ui.click(within(words).getByRole('button', { name: 'Як' }));
      await ui.click(within(words).getByRole('button', { name: 'справи?' }));
      await ui.click(screen.getByRole('button', { name: 'Завершити' }));
    };
    await play('Почати раунд');
    expect(await screen.findByText('10 з 20')).toBeInTheDocument();
    const note = screen.getByText(/зараховано 4 з 10 балів цього раунду: за день гра додає щонайбільше 100/);
    // Right under the score, not after seven answers' worth of scrolling on a phone.
    const answers = screen.getByRole('list', { name: 'Відповіді по завданнях' });
    expect(note.compareDocumentPosition(answers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    answer = { ...result, footprintPoints: 0, dailyCapReached: true };
    await play('Ще раунд');
    expect(await screen.findByText(/цей раунд іде лише в рейтинг/)).toBeInTheDocument();
  });
});

describe('/uk/game, «Повторення»', () => {
  const base = { 'GET /api/game/me': () => json(noStats), 'GET /api/game/rating': () => json({ players: [] }) };

  it('shows today’s due cards with «Почати», which opens the session screen', async () => {
    learnerApi({ ...base, 'GET /api/game/repetition': () => json({ due: 3, total: 5, nextDue: Date.now() - 1000 }) });
    renderApp('/uk/game');
    const card = await screen.findByRole('region', { name: 'Повторення: 3 картки на сьогодні' });
    expect(within(card).getByRole('link', { name: 'Почати' })).toHaveAttribute('href', '/uk/game/repetition');
  });

  it('says when the next card is due when none is due today', async () => {
    const next = Date.UTC(2026, 2, 5, 9);
    learnerApi({ ...base, 'GET /api/game/repetition': () => json({ due: 0, total: 2, nextDue: next }) });
    renderApp('/uk/game');
    const card = await screen.findByRole('region', { name: 'Повторення' });
    expect(card).toHaveTextContent(`Карток на сьогодні немає — наступна ${formatDateTime(next)}`);
    expect(within(card).queryByRole('link', { name: 'Почати' })).not.toBeInTheDocument();
  });

  it('plays a session untimed with the game’s task views and shows the result with the footprint', async () => {
    const session = { sessionId: 's-1', tasks: round.tasks };
    const fetchMock = learnerApi({
      'POST /api/game/repetition/sessions': () => json(session, 201),
      'POST /api/game/repetition/sessions/s-1/answers': () =>
        json({ ...result, sessionId: 's-1', footprintPoints: 10, dueLeft: 0 }),
      'GET /api/partners/indicators': () => json({ ukrainianMark: 10 }),
    });
    renderApp('/uk/game/repetition');
    expect(await screen.findByText('Завдання 1 з 2')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'беремо участь' }));
    await userEvent.click(screen.getByRole('button', { name: 'Завершити' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Так, завершити' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Повторення завершено' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('До «Укр.сліду» додано 10 балів.');
    expect(lastBody(fetchMock, 'POST /api/game/repetition/sessions/s-1/answers')).toEqual({
      answers: [{ choices: [0] }, null],
    });
  });
});
