import type { Role } from '@yedyni/contract';
import { user, withRole } from './fixtures';
import { learnerApi } from './learning';
import { json, type mockApi } from './mockApi';

type Routes = Parameters<typeof mockApi>[0];

/** Olena, signed in with `role` (an admin unless told), and the console's answers in `extra`. */
export function staffApi(extra: Routes = {}, role: Role = 'admin') {
  return learnerApi({ 'GET /api/auth/current': () => json(withRole(user, role)), ...extra });
}
