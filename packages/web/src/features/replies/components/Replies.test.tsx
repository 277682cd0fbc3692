import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedReply, User } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { indicators, user, withRole } from '../../../test/fixtures';
import { commentFixture, curator, exercise, learner } from '../../../test/homework';
import { learnerApi } from '../../../test/learning';
import { json, mockApi } from '../../../test/mockApi';
import { renderApp, storeToken } from '../../../test/renderApp';

const curatorUser: User = { ...withRole(user, 'moderator'), ...curator, email: 'curator@example.org' };
const reply = (n: number, overrides: Partial<SavedReply> = {}): SavedReply => ({
  _id: `r-${n}`,
  title: `Шаблон ${n}`,
  text: `Текст шаблону ${n}`,
  tags: [],
  shared: false,
  authorName: 'Марія Куратор',
  mine: true,
  canEdit: true,
  updatedAt: 0,
  ...overrides,
});
const replies = [
  reply(1, { title: 'Русизм «кушати»', text: 'Кажемо «їсти», не «кушати».', tags: ['russianism'] }),
  reply(2, { title: 'Кома при звертанні', text: 'Звертання виділяємо комами.', tags: ['punctuation'], mine: false }),
];

function signedIn(who: User, extra: Parameters<typeof mockApi>[0] = {}) {
  storeToken('token-1');
  return mockApi({
    'GET /api/auth/current': () => json(who),
    'GET /api/partners/indicators': () => json(indicators),
    'GET /api/exercises/notifications?limit=1': () => json({ notifications: [], countNotifications: 0 }),
    ...extra,
  });
}

describe('saved replies in the curator’s comment form', () => {
  it('are found by typing, picked with the keyboard: the text goes into the comment, the tags onto it', async () => {
    const sent: FormData[] = [];
    const fetchMock = signedIn(curatorUser, {
      'GET /api/exercises/ex-1': () =>
        json({ ...exercise, owner: learner, courseTitle: 'Курс', canEdit: false, canRate: true }),
      'GET /api/exercises/replies': () => json({ replies }),
      'POST /api/exercises/comment': (init) => {
        const form = init.body as FormData;
        sent.push(form);
        return json(commentFixture(9, { comment: String(form.get('comment')), tags: ['stress', 'punctuation'] }), 201);
      },
    });
    renderApp('/uk/active?exerciseId=ex-1');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Шаблони' }));
    const search = screen.getByRole('combobox', { name: 'Пошук шаблону' });
    expect(search).toHaveFocus();
    expect(await screen.findByRole('option', { name: /Русизм/ })).toBeInTheDocument();
    await ui.type(search, 'кома');
    expect(screen.queryByRole('option', { name: /Русизм/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Кома при звертанні/ })).toHaveAttribute('aria-selected', 'true');
    await ui.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Шаблони' })).toHaveFocus();
    expect(screen.getByLabelText('Коментар')).toHaveValue('Звертання виділяємо комами.');
    expect(screen.getByRole('button', { name: 'пунктуація' })).toHaveAttribute('aria-pressed', 'true');

    // A tag of one's own beside the reply's.
    await ui.click(screen.getByRole('button', { name: 'наголос' }));
    await ui.click(screen.getByRole('button', { name: 'Надіслати коментар' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('comment')).toBe('Звертання виділяємо комами.');
    expect(sent[0]?.get('tags')).toBe('stress,punctuation');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/exercises/replies')).toHaveLength(1);
    // The form starts over without the tags.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'наголос' })).toHaveAttribute('aria-pressed', 'false'),
    );
  });
});

describe('mistake tags for the learner', () => {
  it('show under the curator’s comment as links to their explanations, and nowhere a form to set them', async () => {
    learnerApi({
      'GET /api/exercises?courseId=c-1&lessonId=1': () =>
        json({ ...exercise, comments: [commentFixture(1, { tags: ['russianism', 'calque'] })] }),
    });
    renderApp('/uk/learn/c-1/1/practice');
    const comment = await screen.findByRole('article', { name: /Марія Куратор/ });
    const tags = within(comment).getByRole('list', { name: 'Помилки' });
    expect(within(tags).getByRole('link', { name: 'русизм' })).toHaveAttribute('href', '/uk/mistakes/russianism');
    expect(within(tags).getByRole('link', { name: 'калька' })).toHaveAttribute('href', '/uk/mistakes/calque');
    expect(screen.queryByRole('button', { name: 'Шаблони' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Мітки помилок' })).not.toBeInTheDocument();
  });

  it('each has a page explaining it, with an example and the others', async () => {
    learnerApi({});
    renderApp('/uk/mistakes/calque');
    expect(await screen.findByRole('heading', { level: 1, name: 'Калька' })).toBeInTheDocument();
    expect(screen.getByText(/дослівно перекладений вислів/)).toBeInTheDocument();
    expect(screen.getByText('брати участь')).toBeInTheDocument();
    const others = screen.getByRole('navigation', { name: 'Інші типові помилки' });
    expect(within(others).getAllByRole('link')).toHaveLength(4);
    expect(within(others).getByRole('link', { name: 'наголос' })).toHaveAttribute('href', '/uk/mistakes/stress');
  });
});
