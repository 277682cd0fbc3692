import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { clubOf, clubStartsAt } from '../../../test/fixtures';
import { lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const startsAt = clubStartsAt;
const kyiv = clubOf({ link: 'https://meet.example.org/kyiv' });
const past: Club = {
  ...kyiv,
  _id: 'p',
  title: 'Осінні читання',
  city: '',
  place: '',
  startsAt: Date.UTC(2025, 9, 1, 15),
  seatsLeft: 12,
};

const card = (title: string) => screen.getByRole('article', { name: title });

describe('/uk/admin/clubs', () => {
  it('every club, past ones marked; seats taken; who signed up', async () => {
    staffApi({
      'GET /api/admin/clubs': () => json({ clubs: [kyiv, past] }),
      'GET /api/admin/clubs/k/signups': () =>
        json({
          signups: [
            {
              _id: 'u-2',
              first_name: 'Богдан',
              last_name: 'Шевчук',
              email: 'bohdan@example.org',
              date: startsAt,
              presentAt: null,
            },
          ],
          started: false,
        }),
      'GET /api/admin/clubs/p/signups': () => json({ signups: [], started: true }),
    });
    renderApp('/uk/admin/clubs');
    const ui = userEvent.setup();
    expect(await screen.findByRole('article', { name: 'Кава українською' })).toHaveTextContent('9 з 12 зайнято');
    expect(card('Кава українською')).not.toHaveTextContent('минула');
    expect(card('Осінні читання')).toHaveTextContent('минула');
    expect(card('Осінні читання')).toHaveTextContent('Онлайн');

    await ui.click(within(card('Кава українською')).getByRole('button', { name: 'Хто записався' }));
    const list = await screen.findByRole('region', { name: 'Записані на «Кава українською»' });
    expect(await within(list).findByText('Богдан Шевчук')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'bohdan@example.org' })).toHaveAttribute(
      'href',
      'mailto:bohdan@example.org',
    );
    // Not started yet: no attendance to mark.
    expect(within(list).getByText('Присутність можна позначити, коли клуб почнеться.')).toBeInTheDocument();
    expect(within(list).queryByRole('checkbox')).toBeNull();
    await ui.click(within(card('Осінні читання')).getByRole('button', { name: 'Хто записався' }));
    expect(await within(card('Осінні читання')).findByText('Ще ніхто не записався.')).toBeInTheDocument();
  });

  it('once a club has started, «Присутні» marks a person present and unmarks them', async () => {
    const person = {
      _id: 'u-2',
      first_name: 'Богдан',
      last_name: 'Шевчук',
      email: 'bohdan@example.org',
      date: startsAt,
      presentAt: null as number | null,
    };
    const fetchMock = staffApi({
      'GET /api/admin/clubs': () => json({ clubs: [past] }),
      'GET /api/admin/clubs/p/signups': () => json({ signups: [person], started: true }),
      'PUT /api/admin/clubs/p/attendance': (init) => {
        const body = JSON.parse(String(init.body));
        person.presentAt = body.present ? startsAt + 1 : null;
        return json({ signups: [person], started: true });
      },
    });
    renderApp('/uk/admin/clubs');
    const ui = userEvent.setup();
    await ui.click(
      within(await screen.findByRole('article', { name: 'Осінні читання' })).getByRole('button', {
        name: 'Хто записався',
      }),
    );
    const box = await screen.findByRole('checkbox', { name: 'Богдан Шевчук: присутні' });
    expect(box).not.toBeChecked();
    await ui.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(lastBody(fetchMock, 'PUT /api/admin/clubs/p/attendance')).toEqual({ userId: 'u-2', present: true });
    await ui.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(lastBody(fetchMock, 'PUT /api/admin/clubs/p/attendance')).toEqual({ userId: 'u-2', present: false });
  });

  it('creates a club: the server’s validation error in the form, then a note and the list again', async () => {
    let clubs = [kyiv];
    const fetchMock = staffApi({
      'GET /api/admin/clubs': () => json({ clubs }),
      'POST /api/admin/clubs': (init) => {
        const body = JSON.parse(String(init.body));
        if (!body.link && !body.city) {
          return json({ message: 'Посилання: онлайн-клубу потрібне посилання на зустріч' }, 400);
        }
        const created = { ...kyiv, ...body, _id: 'n', seatsLeft: body.capacity };
        clubs = [kyiv, created];
        return json(created, 201);
      },
    });
    renderApp('/uk/admin/clubs');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Новий клуб' }));
    const form = screen.getByRole('form', { name: 'Новий розмовний клуб' });
    await ui.type(within(form).getByLabelText('Назва'), 'Онлайн-кава');
    await ui.type(within(form).getByLabelText('Ведучий'), 'Ірина Бондаренко');
    await ui.type(within(form).getByLabelText('Початок (за Києвом)'), '2027-03-12T19:00');
    await ui.click(within(form).getByRole('button', { name: 'Створити клуб' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Посилання: онлайн-клубу потрібне посилання на зустріч',
    );
    await ui.type(within(form).getByLabelText('Посилання на зустріч'), 'https://meet.example.org/kava');
    await ui.click(within(form).getByRole('button', { name: 'Створити клуб' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Клуб «Онлайн-кава» створено.');
    expect(lastBody(fetchMock, 'POST /api/admin/clubs')).toEqual({
      title: 'Онлайн-кава',
      description: '',
      city: '',
      place: '',
      link: 'https://meet.example.org/kava',
      host: 'Ірина Бондаренко',
      startsAt: Date.UTC(2027, 2, 12, 17),
      durationMin: 60,
      capacity: 12,
    });
    expect(await screen.findByRole('article', { name: 'Онлайн-кава' })).toBeInTheDocument();
  });

  it('edits a club in its card (PUT with the form filled in); a refusal stays in the form', async () => {
    let refuse = true;
    const fetchMock = staffApi({
      'GET /api/admin/clubs': () => json({ clubs: [kyiv] }),
      'PUT /api/admin/clubs/k': (init) =>
        refuse
          ? json({ message: 'Місць: не менше, ніж уже записалося (9)' }, 409)
          : json({ ...kyiv, ...JSON.parse(String(init.body)) }),
    });
    renderApp('/uk/admin/clubs');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Редагувати' }));
    const form = screen.getByRole('form', { name: 'Редагування: Кава українською' });
    expect(within(form).getByLabelText('Місто')).toHaveValue('Київ');
    expect(within(form).getByLabelText('Посилання на зустріч')).toHaveValue('https://meet.example.org/kyiv');
    expect(within(form).getByLabelText('Початок (за Києвом)')).toHaveValue('2027-03-10T18:30');
    await ui.clear(within(form).getByLabelText('Кількість місць'));
    await ui.type(within(form).getByLabelText('Кількість місць'), '5');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти зміни' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Місць: не менше, ніж уже записалося (9)');

    refuse = false;
    await ui.clear(within(form).getByLabelText('Кількість місць'));
    await ui.type(within(form).getByLabelText('Кількість місць'), '20');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти зміни' }));
    expect(await within(card('Кава українською')).findByRole('status')).toHaveTextContent(
      'Клуб «Кава українською» збережено.',
    );
    expect(card('Кава українською')).toHaveTextContent('17 з 20 зайнято');
    expect(lastBody(fetchMock, 'PUT /api/admin/clubs/k')).toMatchObject({ capacity: 20, startsAt, city: 'Київ' });
  });
});
