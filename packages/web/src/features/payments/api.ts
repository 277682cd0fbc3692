import type { Checkout, DonationBody, OrderState } from '@yedyni/contract';
import { api } from '../../shared/api';

// The donation's two calls outside the slice: they hold nothing the other screens read.

/** A pending order and the signed form the browser then posts to the checkout. */
export const createCheckout = (body: DonationBody) => api.post<Checkout>('/payments/donat', body);

/** Where my order stands, for the screen the payer returns to. */
export const fetchOrder = (orderId: string) => api.get<OrderState>(`/payments/orders/${encodeURIComponent(orderId)}`);
