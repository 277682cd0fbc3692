import { describe, expect, it } from 'vitest';
import { auth, user } from '../../test/fixtures';
import { authReducer, initialAuthState } from './slice';
import { demoLogin, login, logout, NO_TOKEN, recovery, refresh, register, reset } from './thunks';
import type { AuthState } from './types';

const signedIn: AuthState = {
  ...initialAuthState,
  user,
  token: 'token-1',
  isLoggedIn: true,
  isRefreshing: true,
};

const loginBody = { email: user.email, password: 'secret-123' };

describe('auth slice (spec §4, docs/ARCHITECTURE.md)', () => {
  it('starts signed out, with the session not yet restored', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({
      user: null,
      token: null,
      isLoggedIn: false,
      isRefreshing: false,
      isRecovery: false,
      isLoading: false,
      error: null,
    });
  });

  it.each([
    [
      'register',
      register.fulfilled(auth, 'r', { ...loginBody, first_name: 'Олена', last_name: 'Коваль', consent: true }),
    ],
    ['login', login.fulfilled(auth, 'r', loginBody)],
    ['the demo sign-in', demoLogin.fulfilled(auth, 'r')],
    ['a password reset', reset.fulfilled(auth, 'r', { token: 'reset', password: 'secret-123' })],
  ])('%s sets the user, the token and isLoggedIn, and clears isRecovery', (_, action) => {
    const before: AuthState = { ...initialAuthState, isRecovery: true, isLoading: true };
    const state = authReducer(before, action);
    expect(state.user).toEqual(user);
    expect(state.token).toBe('token-1');
    expect(state.isLoggedIn).toBe(true);
    expect(state.isRecovery).toBe(false);
    expect(state.isLoading).toBe(false);
  });

  it('a recovery request sets isRecovery', () => {
    const state = authReducer(initialAuthState, recovery.fulfilled({ message: 'ok' }, 'r', { email: user.email }));
    expect(state.isRecovery).toBe(true);
    expect(state.isLoggedIn).toBe(false);
  });

  it('logout clears the user and the token', () => {
    const state = authReducer(signedIn, logout.fulfilled(undefined, 'r'));
    expect(state.user).toBeNull();
    expect(state.token).toBeNull();
    expect(state.isLoggedIn).toBe(false);
  });

  it('logout clears the user and the token also when the server call fails', () => {
    const state = authReducer(signedIn, logout.rejected(null, 'r', undefined, 'Немає звʼязку', { status: 0 }));
    expect(state.user).toBeNull();
    expect(state.token).toBeNull();
    expect(state.isLoggedIn).toBe(false);
  });

  it('refresh pending sets isRefreshing false', () => {
    const state = authReducer({ ...initialAuthState, token: 't', isRefreshing: true }, refresh.pending('r', undefined));
    expect(state.isRefreshing).toBe(false);
    expect(state.isLoading).toBe(true);
  });

  it('refresh fulfilled sets the user, isLoggedIn and isRefreshing', () => {
    const state = authReducer({ ...initialAuthState, token: 't' }, refresh.fulfilled(user, 'r', undefined));
    expect(state.user).toEqual(user);
    expect(state.isLoggedIn).toBe(true);
    expect(state.isRefreshing).toBe(true);
    expect(state.token).toBe('t');
  });

  it('refresh rejected sets isRefreshing true so that routes render, keeping a token the server did not refuse', () => {
    const state = authReducer(
      { ...initialAuthState, token: 't' },
      refresh.rejected(null, 'r', undefined, 'Сервер не відповів', { status: 503 }),
    );
    expect(state.isRefreshing).toBe(true);
    expect(state.isLoggedIn).toBe(false);
    expect(state.token).toBe('t');
    expect(state.error).toBe('Сервер не відповів');
  });

  it('refresh rejected with 401 drops the token', () => {
    const state = authReducer(
      { ...initialAuthState, token: 't' },
      refresh.rejected(null, 'r', undefined, 'Увійдіть, щоб продовжити', { status: 401 }),
    );
    expect(state.isRefreshing).toBe(true);
    expect(state.token).toBeNull();
  });

  it('refresh without a token is rejected with «Unable to fetch user»', () => {
    const state = authReducer(initialAuthState, refresh.rejected(null, 'r', undefined, NO_TOKEN, { status: 0 }));
    expect(state.isRefreshing).toBe(true);
    expect(state.error).toBe('Unable to fetch user');
  });

  it('a loading action sets isLoading, then clears it and keeps the failure message in error', () => {
    const pending = authReducer({ ...initialAuthState, error: 'old' }, login.pending('r', loginBody));
    expect(pending.isLoading).toBe(true);
    expect(pending.error).toBeNull();

    const failed = authReducer(
      pending,
      login.rejected(null, 'r', loginBody, 'Неправильна електронна пошта або пароль', { status: 401 }),
    );
    expect(failed.isLoading).toBe(false);
    expect(failed.error).toBe('Неправильна електронна пошта або пароль');
    expect(failed.isLoggedIn).toBe(false);
  });
});
