import type { AuthResponse, Indicators, User } from '@yedyni/contract';

export const user: User = {
  _id: 'u-1',
  first_name: 'Олена',
  last_name: 'Коваль',
  email: 'olena@example.com',
  role: 'user',
  createdAt: Date.UTC(2026, 2, 3, 10, 0),
  courses: [],
  inviter: null,
};

export const auth: AuthResponse = { token: 'token-1', user };

export const indicators: Indicators = {
  ukrainianMark: 20,
  totalTime: 2_419_200,
  totalDonat: 120,
  pastCount: 0,
  currentCount: 0,
  levelSupport: 3,
};
