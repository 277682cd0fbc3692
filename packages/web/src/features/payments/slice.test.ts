import { configureStore } from '@reduxjs/toolkit';
import type { FootprintEntry, Payment, Subscription, SubscriptionDetail } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { json, mockApi } from '../../test/mockApi';
import { subscriptionFixture } from '../../test/payments';
import {
  fetchFootprint,
  fetchPayments,
  fetchSubscription,
  fetchSubscriptions,
  historyQuery,
  initialPaymentsState,
  paymentsReducer,
  selectPayments,
  unsubscribe,
} from './slice';
import type { PaymentsState } from './types';

const day = Date.UTC(2026, 2, 3, 10, 0);
const range = { start: Date.UTC(2026, 2, 2, 22, 0), end: Date.UTC(2026, 2, 3, 21, 59, 59, 999), page: 1 };
const payment: Payment = {
  _id: 'p-1',
  amount: 120,
  date: day,
  description: 'Благодійна допомога',
  info: '',
  action: 'pay',
};
const subscription = (orderId: string, isUnsubscribe = false): Subscription =>
  subscriptionFixture({
    orderId,
    paidAt: day,
    description: 'Благодійна допомога',
    objSub: {
      nextPaymentDate: day + 31 * 86_400_000,
      isUnsubscribe,
      status: isUnsubscribe ? 'cancelled' : 'active',
    },
  });
const entry: FootprintEntry = { _id: 'm-1', date: day, points: 120, comment: 'Разовий внесок', finalValue: 130 };
const detail: SubscriptionDetail = {
  ...subscription('sub-1'),
  charges: [{ ...payment, _id: 'p-2', amount: 480, action: 'subscribe' }],
  events: [],
};

const state = (overrides: Partial<PaymentsState>): PaymentsState => ({ ...initialPaymentsState, ...overrides });

describe('payments slice (spec §3 and 4, docs/ARCHITECTURE.md)', () => {
  it('starts with empty lists, no pages, no subscription', () => {
    expect(paymentsReducer(undefined, { type: '@@init' })).toEqual({
      donats: [],
      subscriptions: [],
      mark: [],
      totalPages: 0,
      subscription: null,
      isLoading: false,
      error: null,
    });
  });

  it('payments: loading, then the list and its pages', () => {
    const pending = paymentsReducer(state({ error: 'було' }), fetchPayments.pending('r', range));
    expect(pending).toEqual(state({ isLoading: true }));
    const done = paymentsReducer(pending, fetchPayments.fulfilled({ donats: [payment], totalPages: 2 }, 'r', range));
    expect(done).toEqual(state({ donats: [payment], totalPages: 2 }));
  });

  it('subscriptions: loading, then the list and its pages', () => {
    const pending = paymentsReducer(initialPaymentsState, fetchSubscriptions.pending('r', range));
    expect(pending.isLoading).toBe(true);
    const list = [subscription('sub-1'), subscription('sub-2')];
    const done = paymentsReducer(
      pending,
      fetchSubscriptions.fulfilled({ subscriptions: list, totalPages: 1 }, 'r', range),
    );
    expect(done).toEqual(state({ subscriptions: list, totalPages: 1 }));
  });

  it('footprint: loading, then the ledger rows and their pages', () => {
    const pending = paymentsReducer(state({ totalPages: 4 }), fetchFootprint.pending('r', range));
    expect(pending.isLoading).toBe(true);
    expect(paymentsReducer(pending, fetchFootprint.fulfilled({ mark: [entry], totalPages: 3 }, 'r', range))).toEqual(
      state({ mark: [entry], totalPages: 3 }),
    );
  });

  it('one subscription: loading, then the subscription with its charges', () => {
    const pending = paymentsReducer(initialPaymentsState, fetchSubscription.pending('r', 'sub-1'));
    expect(pending.isLoading).toBe(true);
    expect(paymentsReducer(pending, fetchSubscription.fulfilled(detail, 'r', 'sub-1'))).toEqual(
      state({ subscription: detail }),
    );
  });

  it('unsubscribing marks the subscription with the matching order id, and only it', () => {
    const before = state({ subscriptions: [subscription('sub-1'), subscription('sub-2')] });
    const pending = paymentsReducer(before, unsubscribe.pending('r', 'sub-2'));
    expect(pending.isLoading).toBe(true);
    const done = paymentsReducer(
      pending,
      unsubscribe.fulfilled({ orderId: 'sub-2', message: 'Підписку скасовано' }, 'r', 'sub-2'),
    );
    expect(done).toEqual(state({ subscriptions: [subscription('sub-1'), subscription('sub-2', true)] }));
  });

  it.each([
    ['payments', fetchPayments.rejected(null, 'r', range, 'Немає звʼязку')],
    ['subscriptions', fetchSubscriptions.rejected(null, 'r', range, 'Немає звʼязку')],
    ['the footprint', fetchFootprint.rejected(null, 'r', range, 'Немає звʼязку')],
    ['a subscription', fetchSubscription.rejected(null, 'r', 'sub-9', 'Підписку не знайдено')],
    ['unsubscribing', unsubscribe.rejected(null, 'r', 'sub-1', 'Цю підписку вже скасовано')],
  ])('failed %s keeps the error and the lists, and clears isLoading', (_, action) => {
    const before = state({ donats: [payment], subscriptions: [subscription('sub-1')], isLoading: true });
    expect(paymentsReducer(before, action)).toEqual({ ...before, isLoading: false, error: action.payload });
  });

  it('signing out forgets everything', () => {
    expect(paymentsReducer(state({ donats: [payment], totalPages: 3 }), sessionEnded())).toEqual(initialPaymentsState);
  });

  it('reads the initial state before the slice is injected', () => {
    expect(selectPayments({})).toEqual(initialPaymentsState);
  });
});

describe('payments thunks', () => {
  it('history queries carry start, end (ms) and page; open ends are left out', () => {
    expect(historyQuery(range)).toBe(`start=${range.start}&end=${range.end}&page=1`);
    expect(historyQuery({ start: null, end: null, page: 2 })).toBe('page=2');
  });

  it('call the history lists, one subscription and unsubscribe as spec §7 lists them (docs/ARCHITECTURE.md)', async () => {
    const fetchMock = mockApi({
      [`GET /api/payments/donats?${historyQuery(range)}`]: () => json({ donats: [payment], totalPages: 1 }),
      'GET /api/payments/subscriptions?page=1': () => json({ subscriptions: [subscription('sub-1')], totalPages: 1 }),
      'GET /api/payments/mark?page=2': () => json({ mark: [entry], totalPages: 2 }),
      'GET /api/payments/subscriptions/sub-1': () => json(detail),
      'POST /api/payments/unsubscribe': () => json({ orderId: 'sub-1', message: 'Підписку скасовано' }),
    });
    const store = configureStore({ reducer: { payments: paymentsReducer } });
    await store.dispatch(fetchPayments(range));
    await store.dispatch(fetchSubscriptions({ start: null, end: null, page: 1 }));
    await store.dispatch(fetchFootprint({ start: null, end: null, page: 2 }));
    await store.dispatch(fetchSubscription('sub-1'));
    await store.dispatch(unsubscribe('sub-1'));
    expect(store.getState().payments).toEqual(
      state({
        donats: [payment],
        subscriptions: [subscription('sub-1', true)],
        mark: [entry],
        totalPages: 2,
        subscription: detail,
      }),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[4]?.[1]?.body))).toEqual({ orderId: 'sub-1' });
  });

  it('a refused unsubscribe rejects with the server message and keeps it in error', async () => {
    mockApi({ 'POST /api/payments/unsubscribe': () => json({ message: 'Цю підписку вже скасовано' }, 409) });
    const store = configureStore({ reducer: { payments: paymentsReducer } });
    const result = await store.dispatch(unsubscribe('sub-1'));
    expect(unsubscribe.rejected.match(result)).toBe(true);
    expect(store.getState().payments.error).toBe('Цю підписку вже скасовано');
  });
});
