import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOlympiad } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf, lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const HOUR = 60 * 60 * 1000;
/** 10:00 Kyiv, 1 June 2027 (UTC+3). */
const june = Date.UTC(2027, 5, 1, 7);

const upcoming: AdminOlympiad = {
  _id: 'o-2',
  title: 'Літня олімпіада',
  description: '',
  startsAt: june,
  endsAt: june + 10 * HOUR,
  durationMs: 20 * 60_000,
  taskCount: 10,
  state: 'upcoming',
  myAttempt: null,
  participants: 0,
};
const finished: AdminOlympiad = {
  ...upcoming,
  _id: 'o-1',
  title: 'Зимова олімпіада',
  startsAt: Date.UTC(2026, 0, 20, 8),
  endsAt: Date.UTC(2026, 0, 20, 18),
  state: 'finished',
  participants: 42,
};

const row = (title: string) => {
  const cell = screen.getByRole('rowheader', { name: title });
  return cell.closest('tr') as HTMLElement;
};

describe('/uk/admin/olympiads', () => {
  it('lists every olympiad: Kyiv times, length, tasks, participants, state; only the upcoming one can change', async () => {
    staffApi({ 'GET /api/admin/olympiads': () => json({ olympiads: [upcoming, finished] }) });
    renderApp('/uk/admin/olympiads');
    expect(await screen.findByRole('table', { name: 'Олімпіади' })).toBeInTheDocument();
    expect(row('Літня олімпіада')).toHaveTextContent('01-06-2027 10:00 – 01-06-2027 20:00');
    expect(row('Літня олімпіада')).toHaveTextContent('20 хв');
    expect(row('Літня олімпіада')).toHaveTextContent('заплановано');
    expect(within(row('Літня олімпіада')).getByRole('button', { name: 'Редагувати' })).toBeInTheDocument();
    expect(row('Зимова олімпіада')).toHaveTextContent('завершено');
    expect(row('Зимова олімпіада')).toHaveTextContent('42');
    expect(within(row('Зимова олімпіада')).queryByRole('button')).toBeNull();
  });

  it('schedules one: the server’s validation error in the form, then a note and the list again', async () => {
    let olympiads = [finished];
    const fetchMock = staffApi({
      'GET /api/admin/olympiads': () => json({ olympiads }),
      'POST /api/admin/olympiads': (init) => {
        const body = JSON.parse(String(init.body));
        if (!body.title) return json({ message: 'Назва: обовʼязкове поле' }, 400);
        olympiads = [{ ...upcoming, title: body.title }, finished];
        return json({ ...upcoming, title: body.title }, 201);
      },
    });
    renderApp('/uk/admin/olympiads');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Нова олімпіада' }));
    const form = screen.getByRole('form', { name: 'Запланувати олімпіаду' });
    await ui.click(within(form).getByRole('button', { name: 'Запланувати' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Назва: обовʼязкове поле');

    await ui.type(within(form).getByLabelText('Назва'), 'Літня олімпіада');
    await ui.type(within(form).getByLabelText('Початок (за Києвом)'), '2027-06-01T10:00');
    await ui.type(within(form).getByLabelText('Завершення (за Києвом)'), '2027-06-01T20:00');
    await ui.clear(within(form).getByLabelText('Кількість завдань'));
    await ui.type(within(form).getByLabelText('Кількість завдань'), '12');
    await ui.click(within(form).getByRole('button', { name: 'Запланувати' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Олімпіаду «Літня олімпіада» заплановано на 01-06-2027 10:00.',
    );
    expect(lastBody(fetchMock, 'POST /api/admin/olympiads')).toEqual({
      title: 'Літня олімпіада',
      description: '',
      startsAt: june,
      endsAt: june + 10 * HOUR,
      durationMin: 20,
      taskCount: 12,
    });
    expect(await screen.findByRole('rowheader', { name: 'Літня олімпіада' })).toBeInTheDocument();
  });

  it('500 tasks: the field is marked with the allowed range, beside every other problem, and nothing is sent (issue 18, items 3 and 13)', async () => {
    const fetchMock = staffApi({ 'GET /api/admin/olympiads': () => json({ olympiads: [finished] }) });
    renderApp('/uk/admin/olympiads');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Нова олімпіада' }));
    const form = screen.getByRole('form', { name: 'Запланувати олімпіаду' });
    const tasks = within(form).getByLabelText('Кількість завдань');
    await ui.clear(tasks);
    await ui.type(tasks, '500');
    await ui.click(within(form).getByRole('button', { name: 'Запланувати' }));

    expect(tasks).toHaveAttribute('aria-invalid', 'true');
    expect(tasks).toHaveAccessibleDescription('Від 3 до 30');
    expect(within(form).getByRole('textbox', { name: 'Назва' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Початок (за Києвом)')).toHaveAccessibleDescription('Дата й час');
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('Кількість завдань: від 3 до 30');
    expect(alert).not.toHaveTextContent('ціле число');
    expect(callsOf(fetchMock)).not.toContain('POST /api/admin/olympiads');

    await ui.clear(tasks);
    await ui.type(tasks, '30');
    expect(tasks).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('alert')).not.toHaveTextContent('Кількість завдань');
  });

  it('edits one that has not started (PUT with the form filled in)', async () => {
    const fetchMock = staffApi({
      'GET /api/admin/olympiads': () => json({ olympiads: [upcoming] }),
      'PUT /api/admin/olympiads/o-2': (init) => json({ ...upcoming, ...JSON.parse(String(init.body)) }),
    });
    renderApp('/uk/admin/olympiads');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Редагувати' }));
    const form = screen.getByRole('form', { name: 'Редагування: Літня олімпіада' });
    expect(within(form).getByLabelText('Початок (за Києвом)')).toHaveValue('2027-06-01T10:00');
    expect(within(form).getByLabelText('Тривалість спроби, хвилин')).toHaveValue(20);
    await ui.clear(within(form).getByLabelText('Назва'));
    await ui.type(within(form).getByLabelText('Назва'), 'Червнева олімпіада');
    await ui.click(within(form).getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Олімпіаду «Червнева олімпіада» збережено.');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Червнева олімпіада' })).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/admin/olympiads/o-2')).toMatchObject({
      title: 'Червнева олімпіада',
      startsAt: june,
      endsAt: june + 10 * HOUR,
      durationMin: 20,
      taskCount: 10,
    });
  });

  it('deletes after a confirmation; a refusal (it has started) is an alert', async () => {
    const fetchMock = staffApi({
      'GET /api/admin/olympiads': () => json({ olympiads: [upcoming, { ...upcoming, _id: 'o-3', title: 'Осіння' }] }),
      'DELETE /api/admin/olympiads/o-2': () => json({ _id: 'o-2' }),
      'DELETE /api/admin/olympiads/o-3': () =>
        json({ message: 'Олімпіада вже почалася: її не можна змінити чи видалити' }, 409),
    });
    renderApp('/uk/admin/olympiads');
    const ui = userEvent.setup();
    await screen.findByRole('table', { name: 'Олімпіади' });
    await ui.click(within(row('Літня олімпіада')).getByRole('button', { name: 'Видалити' }));
    expect(callsOf(fetchMock)).not.toContain('DELETE /api/admin/olympiads/o-2');
    await ui.click(screen.getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Олімпіаду «Літня олімпіада» видалено.');
    expect(screen.queryByRole('rowheader', { name: 'Літня олімпіада' })).toBeNull();

    await ui.click(within(row('Осіння')).getByRole('button', { name: 'Видалити' }));
    await ui.click(screen.getByRole('button', { name: 'Так, видалити' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Олімпіада вже почалася');
  });
});
