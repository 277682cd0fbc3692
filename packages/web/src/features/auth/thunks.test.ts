import { configureStore } from '@reduxjs/toolkit';
import { AUTH_MESSAGES } from '@yedyni/contract';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR, setTokenSource } from '../../shared/api';
import { auth, user } from '../../test/fixtures';
import { headerOf, json, mockApi } from '../../test/mockApi';
import { authReducer, initialAuthState } from './slice';
import { login, logout, recovery, refresh, register } from './thunks';

function makeStore(token: string | null = null) {
  const store = configureStore({
    reducer: { auth: authReducer },
    preloadedState: { auth: { ...initialAuthState, token } },
  });
  setTokenSource(() => store.getState().auth.token);
  return store;
}

describe('auth thunks over the API client', () => {
  it('refresh without a stored token is rejected with «Unable to fetch user» and never calls the server', async () => {
    const fetchMock = mockApi({});
    const store = makeStore(null);
    const result = await store.dispatch(refresh());
    expect(refresh.rejected.match(result)).toBe(true);
    expect(result.payload).toBe('Unable to fetch user');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().auth.isRefreshing).toBe(true);
  });

  it('refresh asks GET /api/auth/current with the Bearer token and signs the user in', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/current': () => json(user) });
    const store = makeStore('token-1');
    await store.dispatch(refresh());
    expect(headerOf(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBe('Bearer token-1');
    expect(store.getState().auth).toMatchObject({ user, isLoggedIn: true, isRefreshing: true, token: 'token-1' });
  });

  it('refresh refused with 401 drops the stored token', async () => {
    mockApi({ 'GET /api/auth/current': () => json({ message: AUTH_MESSAGES.unauthorized }, 401) });
    const store = makeStore('stale');
    await store.dispatch(refresh());
    expect(store.getState().auth).toMatchObject({ token: null, isLoggedIn: false, isRefreshing: true });
  });

  it('a failed login keeps the server message', async () => {
    mockApi({ 'POST /api/auth/login': () => json({ message: AUTH_MESSAGES.wrongCredentials }, 401) });
    const store = makeStore();
    const result = await store.dispatch(login({ email: user.email, password: 'wrong-pass' }));
    expect(result.payload).toBe(AUTH_MESSAGES.wrongCredentials);
    expect(store.getState().auth).toMatchObject({
      error: AUTH_MESSAGES.wrongCredentials,
      isLoading: false,
      isLoggedIn: false,
    });
  });

  it('a network failure is reported in Ukrainian', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const store = makeStore();
    await store.dispatch(recovery({ email: user.email }));
    expect(store.getState().auth.error).toBe(NETWORK_ERROR);
  });

  it('register posts JSON and stores the token', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/register': () => json(auth, 201) });
    const store = makeStore();
    const body = {
      first_name: 'Олена',
      last_name: 'Коваль',
      email: user.email,
      password: 'secret-123',
      inviterId: 'u-9',
      consent: true as const,
    };
    await store.dispatch(register(body));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual(body);
    expect(headerOf(init, 'Content-Type')).toBe('application/json');
    expect(store.getState().auth).toMatchObject({ token: 'token-1', isLoggedIn: true });
  });

  it('logout signs out even when the server call fails', async () => {
    mockApi({ 'POST /api/auth/logout': () => json({ message: 'Помилка' }, 500) });
    const store = makeStore('token-1');
    await store.dispatch(logout());
    expect(store.getState().auth).toMatchObject({ user: null, token: null, isLoggedIn: false });
  });
});
