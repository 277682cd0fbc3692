import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club } from '@yedyni/contract';
import { formatLongDate } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { clubOf, clubStartsAt, user, withRole } from '../../../test/fixtures';
import { callsOf, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const startsAt = clubStartsAt;
const kyiv = clubOf();
const online: Club = {
  ...kyiv,
  _id: 'o',
  title: 'Вечірня практика',
  city: '',
  place: '',
  link: 'https://meet.example.org/yedyni',
  seatsLeft: 0,
};

const card = (title: string) => screen.getByRole('article', { name: title });

describe('/uk/clubs, «Розмовні клуби»', () => {
  it('cards: city or «Онлайн», Kyiv date and time, duration, host, place or link, seats left', async () => {
    learnerApi({ 'GET /api/clubs': () => json({ clubs: [kyiv, online], cities: ['Київ', 'Львів'] }) });
    renderApp('/uk/clubs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Розмовні клуби' })).toBeInTheDocument();
    const city = await screen.findByRole('article', { name: 'Кава українською' });
    expect(city).toHaveTextContent('Київ');
    expect(city).toHaveTextContent(`Коли${formatLongDate(startsAt)}`);
    expect(city).toHaveTextContent('Тривалість90 хв');
    expect(city).toHaveTextContent('ВедучийТарас Мельник');
    expect(city).toHaveTextContent('МісцеБібліотека на Подолі');
    expect(city).toHaveTextContent('Залишилось місць: 3');
    const remote = card('Вечірня практика');
    expect(remote).toHaveTextContent('Онлайн');
    expect(within(remote).getByRole('link', { name: 'Посилання на зустріч' })).toHaveAttribute(
      'href',
      'https://meet.example.org/yedyni',
    );
    expect(remote).toHaveTextContent('Місць немає');
    expect(within(remote).queryByRole('button', { name: 'Записатися' })).toBeNull();
    // Learners neither create nor edit.
    expect(screen.queryByRole('button', { name: 'Новий клуб' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Редагувати' })).toBeNull();
  });

  it('the filter: all, «Онлайн», «Мої» and every city, each a query of its own', async () => {
    const fetchMock = learnerApi({
      'GET /api/clubs': () => json({ clubs: [kyiv, online], cities: ['Київ', 'Львів'] }),
      'GET /api/clubs?city=online': () => json({ clubs: [online], cities: ['Київ', 'Львів'] }),
      'GET /api/clubs?mine=true': () => json({ clubs: [], cities: ['Київ', 'Львів'] }),
      'GET /api/clubs?city=%D0%9B%D1%8C%D0%B2%D1%96%D0%B2': () => json({ clubs: [], cities: ['Київ', 'Львів'] }),
    });
    renderApp('/uk/clubs');
    const ui = userEvent.setup();
    const filter = await screen.findByRole('group', { name: 'Показати клуби' });
    expect(within(filter).getByRole('button', { name: 'Усі' })).toHaveAttribute('aria-pressed', 'true');
    await ui.click(within(filter).getByRole('button', { name: 'Онлайн' }));
    expect(within(filter).getByRole('button', { name: 'Онлайн' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByText('Кава українською')).toBeNull());
    expect(screen.getByRole('article', { name: 'Вечірня практика' })).toBeInTheDocument();
    await ui.click(within(filter).getByRole('button', { name: 'Мої' }));
    expect(await screen.findByText(/Ви ще не записалися на жоден клуб/)).toBeInTheDocument();
    await ui.click(within(filter).getByRole('button', { name: 'Львів' }));
    expect(await screen.findByText('За цим вибором найближчих зустрічей немає.')).toBeInTheDocument();
    // (The first load may run twice under StrictMode.)
    expect([...new Set(callsOf(fetchMock).filter((c) => c.startsWith('GET /api/clubs')))]).toEqual([
      'GET /api/clubs',
      'GET /api/clubs?city=online',
      'GET /api/clubs?mine=true',
      'GET /api/clubs?city=%D0%9B%D1%8C%D0%B2%D1%96%D0%B2',
    ]);
  });

  it('«Записатися» takes a seat; «Скасувати запис» asks first, then gives it back', async () => {
    const fetchMock = learnerApi({
      'GET /api/clubs': () => json({ clubs: [kyiv], cities: ['Київ'] }),
      'POST /api/clubs/k/signup': () => json({ ...kyiv, seatsLeft: 2, signedUp: true }),
      'DELETE /api/clubs/k/signup': () => json(kyiv),
    });
    renderApp('/uk/clubs');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Записатися' }));
    expect(await within(card('Кава українською')).findByText('Залишилось місць: 2')).toBeInTheDocument();
    expect(card('Кава українською')).toHaveTextContent('Ви записані');
    expect(within(card('Кава українською')).getByRole('status')).toHaveTextContent('Ви записалися. До зустрічі!');

    await ui.click(screen.getByRole('button', { name: 'Скасувати запис' }));
    expect(screen.getByRole('group', { name: 'Скасувати ваш запис на цю зустріч?' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('DELETE /api/clubs/k/signup');
    await ui.click(screen.getByRole('button', { name: 'Так, скасувати' }));
    expect(await within(card('Кава українською')).findByText('Залишилось місць: 3')).toBeInTheDocument();
    expect(within(card('Кава українською')).getByRole('status')).toHaveTextContent('Запис скасовано.');
    expect(screen.getByRole('button', { name: 'Записатися' })).toBeInTheDocument();
  });

  it('a refused sign-up shows the server message in an alert', async () => {
    learnerApi({
      'GET /api/clubs': () => json({ clubs: [kyiv], cities: ['Київ'] }),
      'POST /api/clubs/k/signup': () => json({ message: 'Місць уже немає' }, 409),
    });
    renderApp('/uk/clubs');
    await userEvent.click(await screen.findByRole('button', { name: 'Записатися' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Місць уже немає');
  });

  it('a meeting under way takes no more sign-ups', async () => {
    learnerApi({ 'GET /api/clubs': () => json({ clubs: [{ ...kyiv, startsAt: Date.now() - 60_000 }], cities: [] }) });
    renderApp('/uk/clubs');
    expect(await screen.findByText('Зустріч уже почалася — запис закрито.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Записатися' })).toBeNull();
  });

  it('nothing scheduled: a friendly note', async () => {
    learnerApi({ 'GET /api/clubs': () => json({ clubs: [], cities: [] }) });
    renderApp('/uk/clubs');
    expect(await screen.findByText(/Найближчих зустрічей поки немає/)).toBeInTheDocument();
  });

  it('an admin sees the learner page: clubs are created and edited in «Керування», not here', async () => {
    learnerApi({
      'GET /api/auth/current': () => json(withRole(user, 'admin')),
      'GET /api/clubs': () => json({ clubs: [kyiv], cities: ['Київ'] }),
    });
    renderApp('/uk/clubs');
    expect(await screen.findByRole('article', { name: 'Кава українською' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Новий клуб' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Редагувати' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Хто записався' })).toBeNull();
  });
});
