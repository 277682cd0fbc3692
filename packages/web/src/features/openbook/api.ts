/** «Відкритий звіт»'s calls (`/api/openbook`, the console's `/api/admin/openbook/expenses`), over the app's one client. */
import type {
  AdminExpense,
  AdminExpenses,
  ExpenseCreate,
  ExpenseUpdate,
  OpenbookMonth,
  OpenbookShare,
} from '@yedyni/contract';
import { api, request } from '../../shared/api';

export const openbookApi = {
  /** The public month: no sign-in needed (the client sends a token only when there is one). */
  month: (month: string) => api.get<OpenbookMonth>(`/openbook/${month}`),
  /** The current Kyiv month, the page's first address (`/zvit`). */
  current: () => api.get<OpenbookMonth>('/openbook'),
  mine: (month: string) => api.get<OpenbookShare>(`/openbook/${month}/mine`),
};

/** The console's expenses (admins). */
export const expensesPath = (month: string) => `/admin/openbook/expenses?month=${month}`;
export const expenseAdminApi = {
  list: (month: string) => request<AdminExpenses>('GET', expensesPath(month)),
  create: (body: ExpenseCreate) => request<AdminExpense>('POST', '/admin/openbook/expenses', body),
  update: (id: string, body: ExpenseUpdate) =>
    request<AdminExpense>('PUT', `/admin/openbook/expenses/${encodeURIComponent(id)}`, body),
  remove: (expense: Pick<AdminExpense, '_id' | 'version'>) =>
    request<null>('DELETE', `/admin/openbook/expenses/${encodeURIComponent(expense._id)}?version=${expense.version}`),
};

/** The page's address of a month. */
export const openbookPath = (month: string) => `/zvit/${month}`;
