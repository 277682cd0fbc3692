import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club } from '@yedyni/contract';
import { formatLongDate } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { user } from '../../../test/fixtures';
import { callsOf, lastBody, learnerApi } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

/** 18:30 Kyiv, 10 March 2027: still ahead. */
const startsAt = Date.UTC(2027, 2, 10, 16, 30);

const kyiv: Club = {
  _id: 'k',
  title: 'Кава українською',
  description: 'Говоримо про щоденне.',
  city: 'Київ',
  place: 'Бібліотека на Подолі',
  link: '',
  host: 'Тарас Мельник',
  startsAt,
  durationMin: 90,
  capacity: 12,
  seatsLeft: 3,
  signedUp: false,
};
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

  describe('admins', () => {
    const adminApi = (extra: Parameters<typeof learnerApi>[0]) =>
      learnerApi({ 'GET /api/auth/current': () => json({ ...user, role: 'admin' }), ...extra });

    it('create a club: the server’s validation error in an alert, then the club', async () => {
      let clubs = [kyiv];
      const fetchMock = adminApi({
        'GET /api/clubs': () => json({ clubs, cities: ['Київ'] }),
        'POST /api/clubs': (init) => {
          const body = JSON.parse(String(init.body));
          if (!body.link && !body.city) {
            return json({ message: 'Посилання: онлайн-клубу потрібне посилання на зустріч' }, 400);
          }
          const created = { ...online, _id: 'n', title: body.title, seatsLeft: body.capacity };
          clubs = [kyiv, created];
          return json(created, 201);
        },
      });
      renderApp('/uk/clubs');
      const ui = userEvent.setup();
      await ui.click(await screen.findByRole('button', { name: 'Новий клуб' }));
      const form = screen.getByRole('form', { name: 'Новий розмовний клуб' });
      await ui.type(within(form).getByLabelText('Назва'), 'Онлайн-кава');
      await ui.type(within(form).getByLabelText('Ведучий'), 'Ірина Бондаренко');
      await ui.type(within(form).getByLabelText('Початок (за Києвом)'), '2026-03-12T19:00');
      await ui.click(within(form).getByRole('button', { name: 'Створити клуб' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'Посилання: онлайн-клубу потрібне посилання на зустріч',
      );
      await ui.type(within(form).getByLabelText('Посилання на зустріч'), 'https://meet.example.org/kava');
      await ui.click(within(form).getByRole('button', { name: 'Створити клуб' }));
      expect(await within(form).findByRole('status')).toHaveTextContent('Клуб «Онлайн-кава» створено.');
      expect(lastBody(fetchMock, 'POST /api/clubs')).toEqual({
        title: 'Онлайн-кава',
        description: '',
        city: '',
        place: '',
        link: 'https://meet.example.org/kava',
        host: 'Ірина Бондаренко',
        startsAt: Date.UTC(2026, 2, 12, 17),
        durationMin: 60,
        capacity: 12,
      });
      expect(await screen.findByRole('article', { name: 'Онлайн-кава' })).toBeInTheDocument();
    });

    it('edit a club (PUT with the form) and see who signed up', async () => {
      const fetchMock = adminApi({
        'GET /api/clubs': () => json({ clubs: [kyiv], cities: ['Київ'] }),
        'PUT /api/clubs/k': (init) => json({ ...kyiv, ...JSON.parse(String(init.body)) }),
        'GET /api/clubs/k/signups': () =>
          json({
            signups: [
              { _id: 'u-2', first_name: 'Богдан', last_name: 'Шевчук', email: 'bohdan@example.org', date: startsAt },
            ],
          }),
      });
      renderApp('/uk/clubs');
      const ui = userEvent.setup();
      await ui.click(await screen.findByRole('button', { name: 'Хто записався' }));
      const list = await screen.findByRole('region', { name: 'Записані на «Кава українською»' });
      expect(await within(list).findByText('Богдан Шевчук')).toBeInTheDocument();
      expect(within(list).getByRole('link', { name: 'bohdan@example.org' })).toBeInTheDocument();

      await ui.click(screen.getByRole('button', { name: 'Редагувати' }));
      const form = screen.getByRole('form', { name: 'Редагування: Кава українською' });
      expect(within(form).getByLabelText('Місто')).toHaveValue('Київ');
      expect(within(form).getByLabelText('Початок (за Києвом)')).toHaveValue('2027-03-10T18:30');
      await ui.clear(within(form).getByLabelText('Кількість місць'));
      await ui.type(within(form).getByLabelText('Кількість місць'), '20');
      await ui.click(within(form).getByRole('button', { name: 'Зберегти зміни' }));
      expect(await within(card('Кава українською')).findByRole('status')).toHaveTextContent('Зміни збережено.');
      expect(lastBody(fetchMock, 'PUT /api/clubs/k')).toMatchObject({ capacity: 20, startsAt, city: 'Київ' });
    });
  });
});
