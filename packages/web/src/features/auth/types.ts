import type { User } from '@yedyni/contract';

export interface AuthState {
  user: User | null;
  token: string | null;
  isLoggedIn: boolean;
  /** Spec section 4: false while the session is being restored, true once it is settled either way. */
  isRefreshing: boolean;
  isRecovery: boolean;
  isLoading: boolean;
  error: string | null;
}

/** The part of the store this feature reads. */
export interface AuthRootState {
  auth: AuthState;
}
