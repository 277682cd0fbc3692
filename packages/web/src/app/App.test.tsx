import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countNotificationsSet } from '../features/homework';
import { PREVIOUS_LOCATION_KEY } from '../shared/lib/previousLocation';
import { auth, indicators, user } from '../test/fixtures';
import { deferred, headerOf, json, mockApi } from '../test/mockApi';
import { renderApp, storeToken } from '../test/renderApp';

/** A returning user: a stored token the server accepts. */
function signedInApi(extra: Parameters<typeof mockApi>[0] = {}) {
  storeToken('token-1');
  return mockApi({
    'GET /api/auth/current': () => json(user),
    'GET /api/partners/indicators': () => json(indicators),
    ...extra,
  });
}

describe('session restore', () => {
  it('shows «Оновлення користувача...» while the session is being restored, then the screen', async () => {
    storeToken('token-1');
    const answer = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/auth/current': () => answer.promise,
      'GET /api/partners/indicators': () => json(indicators),
    });
    renderApp('/uk');
    // The token is restored and GET /api/auth/current is pending: still the status, no screen.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Оновлення користувача...');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await act(async () => answer.resolve(json(user)));
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(screen.queryByText('Оновлення користувача...')).not.toBeInTheDocument();
  });

  it('without a stored token renders the routes without calling the server', async () => {
    const fetchMock = mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a successful restore goes to the stored previous location and forgets it', async () => {
    signedInApi();
    localStorage.setItem(PREVIOUS_LOCATION_KEY, '/uk/profile');
    const app = renderApp('/uk');
    expect(await screen.findByRole('heading', { name: 'Профіль' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk/profile');
    expect(localStorage.getItem(PREVIOUS_LOCATION_KEY)).toBeNull();
  });
});

describe('route guards', () => {
  it('a visitor on a protected route lands on /login and the wanted place is remembered', async () => {
    mockApi({});
    const app = renderApp('/uk/profile?tab=invite');
    expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(localStorage.getItem(PREVIOUS_LOCATION_KEY)).toBe('/uk/profile?tab=invite');
  });

  it('a signed-in user on /login goes to the stored location, which is then removed', async () => {
    signedInApi();
    localStorage.setItem(PREVIOUS_LOCATION_KEY, '/uk/profile');
    const app = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Профіль' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk/profile');
    expect(localStorage.getItem(PREVIOUS_LOCATION_KEY)).toBeNull();
  });

  it('a signed-in user on /login without a stored location goes to /uk', async () => {
    signedInApi();
    const app = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk');
  });

  it('an unknown path shows the login screen to a visitor', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
  });

  it('a signed-in user on an address under /uk that names no screen goes home', async () => {
    signedInApi();
    const app = renderApp('/uk/payments');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk');
  });

  it('signing in from /login after being turned away returns the user to the wanted place', async () => {
    mockApi({
      'POST /api/auth/login': () => json(auth),
      'GET /api/partners/indicators': () => json(indicators),
    });
    const app = renderApp('/uk/profile');
    await screen.findByRole('heading', { name: 'Вхід' });
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Електронна пошта'), user.email);
    await ui.type(screen.getByLabelText('Пароль'), 'secret-123');
    await ui.click(screen.getByRole('button', { name: 'Увійти' }));
    expect(await screen.findByRole('heading', { name: 'Профіль' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk/profile');
    expect(localStorage.getItem(PREVIOUS_LOCATION_KEY)).toBeNull();
  });
});

describe('login screen', () => {
  it('shows the server message of a failed login in an alert region, never window.alert', async () => {
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = mockApi({
      'POST /api/auth/login': () => json({ message: 'Неправильна електронна пошта або пароль' }, 401),
    });
    renderApp('/login');
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Електронна пошта'), 'olena@example.com');
    await ui.type(screen.getByLabelText('Пароль'), 'wrong-pass');
    await ui.click(screen.getByRole('button', { name: 'Увійти' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Неправильна електронна пошта або пароль');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'olena@example.com',
      password: 'wrong-pass',
    });
    expect(alertSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
  });

  it('links to recovery and registration', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Забули пароль?' })).toHaveAttribute('href', '/recovery');
    expect(screen.getByRole('link', { name: 'Зареєструватися' })).toHaveAttribute('href', '/register');
  });
});

describe('app layout', () => {
  it('the office menu shows the user, the support level with 2 decimals, and signs out to /login', async () => {
    signedInApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const app = renderApp('/uk');
    const ui = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Олена' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await ui.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Олена Коваль')).toBeVisible();
    expect(screen.getByText('olena@example.com')).toBeVisible();
    const level = screen.getByText('Рівень стабільності підтримки').parentElement as HTMLElement;
    await waitFor(() => expect(within(level).getByText('3,00')).toBeInTheDocument());

    await ui.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();

    await ui.click(trigger);
    await ui.click(screen.getByRole('button', { name: 'Вийти' }));
    expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(app.store.getState().auth).toMatchObject({ token: null, user: null, isLoggedIn: false });
    expect(localStorage.getItem(PREVIOUS_LOCATION_KEY)).toBeNull();
  });

  it('shows the unread count next to the name and in the menu, keeping the entry named «Сповіщення»', async () => {
    signedInApi();
    const app = renderApp('/uk');
    const trigger = await screen.findByRole('button', { name: 'Олена' });
    expect(screen.queryByRole('link', { name: /Непрочитаних сповіщень/ })).not.toBeInTheDocument();

    act(() => {
      app.store.dispatch(countNotificationsSet(3));
    });
    expect(screen.getByRole('link', { name: 'Непрочитаних сповіщень: 3' })).toHaveAttribute(
      'href',
      '/uk/notifications',
    );
    await userEvent.click(trigger);
    const entry = screen.getByRole('link', { name: 'Сповіщення' });
    expect(entry).toHaveAccessibleDescription('Непрочитаних сповіщень: 3');
    expect(entry).toHaveTextContent('3');
  });

  it('a click outside closes the office menu', async () => {
    signedInApi();
    renderApp('/uk');
    const ui = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Олена' });
    await ui.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await ui.click(screen.getByRole('heading', { name: 'Вітаємо, Олена!' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('tabs of one browser share the session', () => {
  /** What the browser tells this tab when another tab rewrites the stored token. */
  function otherTabStores(token: string | null) {
    const oldValue = localStorage.getItem('persist:auth');
    if (token) storeToken(token);
    else
      localStorage.setItem(
        'persist:auth',
        JSON.stringify({ token: 'null', _persist: '{"version":-1,"rehydrated":true}' }),
      );
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'persist:auth',
          oldValue,
          newValue: localStorage.getItem('persist:auth'),
          storageArea: localStorage,
        }),
      );
    });
  }

  it('signing out in another tab signs this one out to /login, without a logout call of its own', async () => {
    const fetchMock = signedInApi();
    const app = renderApp('/uk/profile');
    expect(await screen.findByRole('heading', { name: 'Профіль' })).toBeInTheDocument();

    otherTabStores(null);
    expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(app.store.getState().auth).toMatchObject({ token: null, user: null, isLoggedIn: false });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/logout');
  });

  it('signing in in another tab signs this one in with that token', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/current': () => json(user),
      'GET /api/partners/indicators': () => json(indicators),
    });
    const app = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Вхід' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    otherTabStores('token-2');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(app.path()).toBe('/uk');
    expect(app.store.getState().auth).toMatchObject({ token: 'token-2', isLoggedIn: true });
    const current = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/current'));
    expect(headerOf(current?.[1], 'Authorization')).toBe('Bearer token-2');
  });

  it('a change to another stored item, or the same token written again, changes nothing', async () => {
    signedInApi();
    const app = renderApp('/uk');
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'x', storageArea: localStorage }));
    });
    otherTabStores('token-1');
    expect(screen.getByRole('heading', { name: 'Вітаємо, Олена!' })).toBeInTheDocument();
    expect(app.store.getState().auth).toMatchObject({ token: 'token-1', isLoggedIn: true });
  });
});
