// The public surface of the auth feature for the app. Screens other than the login screen are
// loaded lazily by path, so they are not re-exported here.
export { LoginPage } from './components/LoginPage';
export { useAuthDispatch, useAuthSelector } from './hooks';
export { authReducer, initialAuthState, selectIsLoggedIn, selectIsRefreshing, selectUser } from './slice';
export { demoLogin, login, logout, NO_TOKEN, recovery, refresh, register, reset } from './thunks';
export type { AuthRootState, AuthState } from './types';
