import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsOf, lastBody } from '../../../test/learning';
import { json, mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const TOKEN = 'u-1.lessons.c2lnbmF0dXJl';
const POST = `POST /api/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`;

describe('/unsubscribe?token=', () => {
  it('signed out: one button unsubscribes, and the page says from what and for which address', async () => {
    const fetchMock = mockApi({ [POST]: () => json({ category: 'lessons', email: 'olena@example.com' }) });
    renderApp(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Відписка від листів' })).toBeInTheDocument();
    // Opening the page changes nothing: mail scanners open links.
    expect(callsOf(fetchMock)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Відписатися' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Готово: листів «Урок дня» на olena@example.com більше не буде.',
    );
    expect(lastBody(fetchMock, POST)).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Відписатися' })).not.toBeInTheDocument();
  });

  it('a bad link: the server’s message, the button stays for another try', async () => {
    mockApi({ [POST]: () => json({ message: 'Посилання для відписки недійсне або застаріле' }, 400) });
    renderApp(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Відписатися' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Посилання для відписки недійсне або застаріле');
    expect(screen.getByRole('button', { name: 'Відписатися' })).toBeEnabled();
  });

  it('no token in the link: says so, no button', async () => {
    mockApi({});
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('У посиланні немає ключа відписки.');
    expect(screen.queryByRole('button', { name: 'Відписатися' })).not.toBeInTheDocument();
  });
});
