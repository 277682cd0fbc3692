import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECOVERY_ANSWER } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { auth, indicators, user, withRole } from '../../../test/fixtures';
import { deferred, json, mockApi } from '../../../test/mockApi';
import { renderApp, storeToken } from '../../../test/renderApp';

describe('account screens', () => {
  it('register with ?ref= says who is inviting and sends the inviterId', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/register': () => json(auth, 201),
      'GET /api/partners/indicators': () => json(indicators),
    });
    const app = renderApp('/register?ref=u-9');
    const ui = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Реєстрація' })).toBeInTheDocument();
    expect(screen.getByText('Вас запросили до команди')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Імʼя'), 'Олена');
    await ui.type(screen.getByLabelText('Прізвище'), 'Коваль');
    await ui.type(screen.getByLabelText('Електронна пошта'), user.email);
    await ui.type(screen.getByLabelText('Пароль'), 'secret-123');
    await ui.click(screen.getByRole('checkbox', { name: /погоджуюся/ }));
    await ui.click(screen.getByRole('button', { name: 'Зареєструватися' }));

    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({
      first_name: 'Олена',
      last_name: 'Коваль',
      email: user.email,
      password: 'secret-123',
      inviterId: 'u-9',
      consent: true,
    });
  });

  it('register shows the server message of a failure in an alert', async () => {
    mockApi({ 'POST /api/auth/register': () => json({ message: 'Ця електронна пошта вже зареєстрована' }, 409) });
    renderApp('/register');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Імʼя'), 'Олена');
    await ui.type(screen.getByLabelText('Прізвище'), 'Коваль');
    await ui.type(screen.getByLabelText('Електронна пошта'), user.email);
    await ui.type(screen.getByLabelText('Пароль'), 'secret-123');
    await ui.click(screen.getByRole('checkbox', { name: /погоджуюся/ }));
    await ui.click(await screen.findByRole('button', { name: 'Зареєструватися' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ця електронна пошта вже зареєстрована');
    expect(screen.queryByText('Вас запросили до команди')).not.toBeInTheDocument();
  });

  it('register marks every wrong field at once, each with its message, and sends nothing (issue 18, item 3)', async () => {
    const fetchMock = mockApi({});
    renderApp('/register');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Прізвище'), 'К');
    await ui.type(screen.getByLabelText('Електронна пошта'), 'olena@');
    await ui.type(screen.getByLabelText('Пароль'), 'short');
    await ui.click(screen.getByRole('button', { name: 'Зареєструватися' }));

    const named = (label: string) => screen.getByRole('textbox', { name: label });
    for (const field of [
      named('Імʼя'),
      named('Прізвище'),
      named('Електронна пошта'),
      screen.getByLabelText('Пароль'),
      screen.getByRole('checkbox', { name: /погоджуюся/ }),
    ]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByRole('checkbox', { name: /погоджуюся/ })).toHaveAccessibleDescription(
      'Щоб зареєструватися, погодьтеся з тим, як ми зберігаємо ваші дані',
    );
    expect(named('Імʼя')).toHaveAccessibleDescription(
      'Від 2 до 30 літер (українських або латинських), можна апостроф, дефіс і пробіл',
    );
    expect(named('Прізвище')).toHaveAccessibleDescription(
      'Від 2 до 30 літер (українських або латинських), можна апостроф, дефіс і пробіл',
    );
    expect(named('Електронна пошта')).toHaveAccessibleDescription('Введіть адресу на кшталт name@example.com');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(/Щонайменше 8 символів$/);
    expect(screen.getByRole('alert')).toHaveTextContent('Пароль: щонайменше 8 символів');
    expect(named('Імʼя')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // A field put right loses its mark at once; the others keep theirs.
    await ui.type(named('Імʼя'), 'Олена');
    expect(named('Імʼя')).not.toHaveAttribute('aria-invalid');
    expect(named('Імʼя')).not.toHaveAccessibleDescription();
    expect(named('Прізвище')).toHaveAttribute('aria-invalid', 'true');
  });

  it('login names every wrong field at once in its alert and marks each field (issue 18, item 3)', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(
          {
            message: 'Електронна пошта: обовʼязкове поле',
            fields: { email: 'Електронна пошта: обовʼязкове поле', password: 'Пароль: обовʼязкове поле' },
          },
          400,
        ),
    });
    renderApp('/login');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Увійти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Електронна пошта: обовʼязкове поле. Пароль: обовʼязкове поле',
    );
    expect(screen.getByLabelText('Електронна пошта')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('aria-invalid', 'true');
  });

  it('recovery shows the server answer in a status region', async () => {
    mockApi({ 'POST /api/auth/recovery': () => json({ message: RECOVERY_ANSWER }) });
    const app = renderApp('/recovery');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Електронна пошта'), 'someone@example.com');
    await ui.click(screen.getByRole('button', { name: 'Надіслати посилання' }));
    expect(await screen.findByText(RECOVERY_ANSWER)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(RECOVERY_ANSWER);
    expect(app.store.getState().auth.isRecovery).toBe(true);
  });

  it('reset sends the token from the link and signs the user in', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/reset': () => json(auth),
      'GET /api/partners/indicators': () => json(indicators),
    });
    const app = renderApp('/reset/abc123');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Новий пароль'), 'new-secret-1');
    await ui.click(screen.getByRole('button', { name: 'Змінити пароль' }));
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      token: 'abc123',
      password: 'new-secret-1',
    });
  });

  it('reset shows the server message for a used link', async () => {
    mockApi({ 'POST /api/auth/reset': () => json({ message: 'Посилання недійсне' }, 400) });
    renderApp('/reset/used');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Новий пароль'), 'new-secret-1');
    await ui.click(screen.getByRole('button', { name: 'Змінити пароль' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Посилання недійсне');
  });

  it('/resume signs in to the demo account once', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/demo': () => json(auth),
      'GET /api/partners/indicators': () => json(indicators),
    });
    renderApp('/resume');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/demo')).toHaveLength(1);
  });

  it('/resume shows the reason when the demo is switched off', async () => {
    const answer = deferred<Response>();
    mockApi({ 'POST /api/auth/demo': () => answer.promise });
    renderApp('/resume');
    expect(await screen.findByText('Входимо до демонстраційного кабінету…')).toBeInTheDocument();
    await act(async () => answer.resolve(json({ message: 'Демонстраційний вхід вимкнено' }, 404)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Демонстраційний вхід вимкнено');
  });

  it('profile shows the user, the role in Ukrainian, the date, «Рух Єдині» and copies the invitation link', async () => {
    storeToken('token-1');
    mockApi({
      'GET /api/auth/current': () => json(withRole(user, 'moderator')),
      'GET /api/partners/indicators': () => json(indicators),
      'GET /api/auth/sessions': () => json({ sessions: [], idleDays: 14 }),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/uk/profile');
    expect(await screen.findByRole('heading', { name: 'Профіль' })).toBeInTheDocument();
    expect(screen.getByText('куратор')).toBeInTheDocument();
    expect(screen.getByText('03-03-2026')).toBeInTheDocument();
    expect(screen.getByText('Рух Єдині')).toBeInTheDocument();
    const link = `${window.location.origin}/register?ref=u-1`;
    expect(screen.getByLabelText('Ваше посилання-запрошення')).toHaveValue(link);
    await userEvent.click(screen.getByRole('button', { name: 'Скопіювати' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Посилання скопійовано.')).toBeInTheDocument();
  });

  it('profile lists where I am signed in; «Вийти тут» ends another session, «Вийти всюди, і тут теж» signs out here', async () => {
    storeToken('token-1');
    const phone = {
      _id: 's-phone',
      device: 'Chrome 126 · Android 14',
      deviceKind: 'mobile',
      place: '203.0.x.x',
      createdAt: Date.UTC(2026, 2, 1, 8, 0),
      lastSeenAt: Date.UTC(2026, 2, 3, 12, 5),
      current: false,
    };
    const here = { ...phone, _id: 's-here', device: 'Firefox 128 · Windows 10', deviceKind: 'desktop', current: true };
    let sessions = [here, phone];
    const fetchMock = mockApi({
      'GET /api/auth/current': () => json(user),
      'GET /api/partners/indicators': () => json(indicators),
      'GET /api/auth/sessions': () => json({ sessions, idleDays: 14 }),
      'DELETE /api/auth/sessions/s-phone': () => {
        sessions = [here];
        return new Response(null, { status: 204 });
      },
      'POST /api/auth/sessions/end': () => json({ ended: 1 }),
      'POST /api/auth/logout': () => json({ message: 'Увійдіть, щоб продовжити' }, 401),
    });
    const app = renderApp('/uk/profile');
    const ui = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Де я увійшов' });
    expect(await within(section).findByText('Chrome 126 · Android 14')).toBeInTheDocument();
    expect(within(section).getByText('телефон · мережа 203.0.x.x')).toBeInTheDocument();
    expect(within(section).getByText('Цей пристрій')).toBeInTheDocument();
    expect(within(section).getByText(/Востаннє: 14:05, 3 березня 2026/)).toBeInTheDocument();

    const leavePhone = within(section).getAllByRole('button', { name: 'Вийти тут' })[1] as HTMLElement;
    expect(leavePhone).toHaveAccessibleDescription('Chrome 126 · Android 14');
    await ui.click(leavePhone);
    await ui.click(within(section).getByRole('button', { name: 'Вийти' }));
    expect(await within(section).findByText('Ви вийшли на тому пристрої.')).toBeInTheDocument();
    expect(within(section).queryByText('Chrome 126 · Android 14')).not.toBeInTheDocument();
    // With no other session left, only «everywhere» remains.
    expect(within(section).queryByRole('button', { name: 'Вийти з усіх інших' })).not.toBeInTheDocument();

    await ui.click(within(section).getByRole('button', { name: 'Вийти всюди, і тут теж' }));
    await ui.click(within(section).getByRole('button', { name: 'Вийти' }));
    await vi.waitFor(() => expect(app.path()).toBe('/login'));
    const end = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/auth/sessions/end' && init?.method === 'POST',
    );
    expect(JSON.parse(String(end?.[1]?.body))).toEqual({ includingThis: true });
  });
});
