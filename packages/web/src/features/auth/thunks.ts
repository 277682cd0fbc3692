import { createAsyncThunk } from '@reduxjs/toolkit';
import type {
  AuthResponse,
  LoginAnswer,
  LoginBody,
  RecoveryBody,
  RegisterBody,
  ResetBody,
  TwoStepCodeBody,
  User,
} from '@yedyni/contract';
import { type ApiError, api, errorMessage, errorStatus } from '../../shared/api';
import type { AuthRootState } from './types';

/** The value a refresh is rejected with when no token is stored (spec §6, docs/ARCHITECTURE.md). */
export const NO_TOKEN = 'Unable to fetch user';

const createAuthThunk = createAsyncThunk.withTypes<{
  state: AuthRootState;
  rejectValue: string;
  /** `fields`: each wrong field of a refused body (the server's `fields`), for the form to mark. */
  rejectedMeta: { status: number; fields?: Readonly<Record<string, string>> };
}>();

/** A thunk over one API call: a failure is rejected with the server's message, its HTTP status and wrong fields. */
function authCall<Arg, Result>(type: string, call: (arg: Arg) => Promise<Result>) {
  return createAuthThunk(type, async (arg: Arg, { rejectWithValue }) => {
    try {
      return await call(arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error), { fields: (error as ApiError).fields, status: errorStatus(error) });
    }
  });
}

export const register = authCall('auth/register', (body: RegisterBody) =>
  api.post<AuthResponse>('/auth/register', body),
);

/**
 * Signing in, either step: the password (which signs in, or with two-step sign-in on answers with
 * a ticket), or the ticket with a code from the app or a recovery code. One thunk for both keeps
 * /login's first bytes to what it had.
 */
export const login = authCall('auth/login', (body: LoginBody | TwoStepCodeBody) =>
  api.post<LoginAnswer>('ticket' in body ? '/auth/two-step' : '/auth/login', body),
);

/** The further sign-in action: the demonstration account. */
export const demoLogin = authCall<void, AuthResponse>('auth/demo', () => api.post<AuthResponse>('/auth/demo'));

export const recovery = authCall('auth/recovery', (body: RecoveryBody) =>
  api.post<{ message: string }>('/auth/recovery', body),
);

export const reset = authCall('auth/reset', (body: ResetBody) => api.post<LoginAnswer>('/auth/reset', body));

export const logout = authCall<void, void>('auth/logout', () => api.post<void>('/auth/logout'));

/** Restores the session from the stored token; without one it never calls the server. */
export const refresh = createAuthThunk('auth/refresh', async (_: undefined, { getState, rejectWithValue }) => {
  if (!getState().auth.token) return rejectWithValue(NO_TOKEN, { status: 0 });
  try {
    return await api.get<User>('/auth/current');
  } catch (error) {
    return rejectWithValue(errorMessage(error), { status: errorStatus(error) });
  }
});
