import type { Checkout, DonationBody, OrderState, RestartCheckout, StatementYears } from '@yedyni/contract';
import { api } from '../../shared/api';

// The donation's two calls outside the slice: they hold nothing the other screens read.

/** A pending order and the signed form the browser then posts to the checkout. */
export const createCheckout = (body: DonationBody) => api.post<Checkout>('/payments/donat', body);

/** The checkout that starts a paused subscription again (the same order while it is not paid). */
export const resumeSubscription = (orderId: string) =>
  api.post<Checkout>(`/payments/subscriptions/${encodeURIComponent(orderId)}/resume`, {});

/** Where my order stands, for the screen the payer returns to. */
export const fetchOrder = (orderId: string) => api.get<OrderState>(`/payments/orders/${encodeURIComponent(orderId)}`);

/** The one-click restart after a failed charge: a new checkout with the old subscription's amount and comment. */
export const restartSubscription = (orderId: string) =>
  api.post<RestartCheckout>(`/payments/subscriptions/${encodeURIComponent(orderId)}/restart`, {});

/** The years I gave in, for «Довідка за рік»: read by that block alone. */
export const fetchStatementYears = () => api.get<StatementYears>('/payments/statements');

/** The API paths of a payment's receipt and a year's statement, downloaded with the token (shared/lib/download). */
export const receiptPath = (paymentId: string) => `/payments/donats/${encodeURIComponent(paymentId)}/receipt`;
export const statementPath = (year: number) => `/payments/statements/${year}`;
