/** The payments' console calls (`/api/admin/payments`, subscriptions, callbacks; admins), typed, over the app's one HTTP client. */
import type { AdminPayments, AdminSubscriptions, MonthTotals, UnmatchedCallbacks } from '@yedyni/contract';
import { request } from '../../../shared/api';
import { adminPath } from '../../admin';

/** The payments list's Kyiv range (ms, inclusive; null: open), payer search and page. */
export interface PaymentsQuery {
  start?: number | null;
  end?: number | null;
  q?: string;
  page?: number;
  limit?: number;
}

/** Paths of the GET calls, for useAdminQuery (each is also callable through paymentAdminApi). */
export const paymentAdminPaths = {
  payments: (query: PaymentsQuery = {}) => adminPath('/payments', { ...query }),
  paymentMonths: () => adminPath('/payments/months'),
  /** CSV of the payments in a Kyiv range (a download: use useDownload). */
  paymentsExport: (query: Pick<PaymentsQuery, 'start' | 'end'> = {}) => adminPath('/payments/export', { ...query }),
  subscriptions: (query: { status?: 'subscribed' | 'paused' | 'unsubscribed' | ''; page?: number } = {}) =>
    adminPath('/subscriptions', query),
  callbacks: (query: { page?: number } = {}) => adminPath('/callbacks', query),
} as const;

export const paymentAdminApi = {
  payments: (query: PaymentsQuery = {}) => request<AdminPayments>('GET', paymentAdminPaths.payments(query)),
  paymentMonths: () => request<MonthTotals>('GET', paymentAdminPaths.paymentMonths()),
  subscriptions: (query: { status?: 'subscribed' | 'paused' | 'unsubscribed' | ''; page?: number } = {}) =>
    request<AdminSubscriptions>('GET', paymentAdminPaths.subscriptions(query)),
  callbacks: (query: { page?: number } = {}) => request<UnmatchedCallbacks>('GET', paymentAdminPaths.callbacks(query)),
} as const;
