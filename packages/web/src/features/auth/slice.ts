import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { addLoadingState } from '../../shared/lib/loading';
import { userUpdated } from '../../shared/lib/session';
import { demoLogin, login, logout, recovery, refresh, register, reset } from './thunks';
import type { AuthRootState, AuthState } from './types';

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  isLoggedIn: false,
  isRefreshing: false,
  isRecovery: false,
  isLoading: false,
  error: null,
};

const all = [register, login, demoLogin, recovery, reset, logout, refresh] as const;
const signIn = [register.fulfilled, login.fulfilled, demoLogin.fulfilled, reset.fulfilled] as const;

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(recovery.fulfilled, (state) => {
        state.isRecovery = true;
      })
      .addCase(userUpdated, (state, action) => {
        if (state.user) state.user = action.payload;
      })
      .addCase(refresh.pending, (state) => {
        state.isRefreshing = false;
      })
      .addCase(refresh.fulfilled, (state, action) => {
        state.user = action.payload;
        state.isLoggedIn = true;
        state.isRefreshing = true;
      })
      .addCase(refresh.rejected, (state, action) => {
        // Routes render anyway; a token the server refused is dropped. Without a token (another
        // tab signed out: app/tabSync.ts) there is no session either.
        state.isRefreshing = true;
        if (action.meta.status === 401 || !state.token) {
          state.token = null;
          state.user = null;
          state.isLoggedIn = false;
        }
      })
      .addMatcher(isAnyOf(...signIn), (state, { payload }) => {
        // Two-step sign-in asks for the code first: no session yet (the screen keeps the ticket).
        if ('twoStep' in payload) return;
        state.user = payload.user;
        state.token = payload.token;
        state.isLoggedIn = true;
        state.isRecovery = false;
      })
      .addMatcher(isAnyOf(logout.fulfilled, logout.rejected), (state) => {
        state.user = null;
        state.token = null;
        state.isLoggedIn = false;
      });
    addLoadingState(builder, [...all]);
  },
});

export const authReducer = authSlice.reducer;

export const selectUser = (state: AuthRootState) => state.auth.user;
export const selectIsLoggedIn = (state: AuthRootState) => state.auth.isLoggedIn;
export const selectIsRefreshing = (state: AuthRootState) => state.auth.isRefreshing;
export const selectIsLoading = (state: AuthRootState) => state.auth.isLoading;
