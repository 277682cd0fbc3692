import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type {
  FootprintEntry,
  Payment,
  Subscription,
  SubscriptionChange,
  SubscriptionDetail,
  SubscriptionPauseBody,
} from '@yedyni/contract';
import { api, errorMessage } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import type { HistoryRange, PaymentsRootState, PaymentsState, UnsubscribeResult } from './types';

export const initialPaymentsState: PaymentsState = {
  donats: [],
  subscriptions: [],
  mark: [],
  totalPages: 0,
  subscription: null,
  isLoading: false,
  error: null,
};

/** `?start&end&page` of a history list; an open end is left out (the server ignores empty values). */
export function historyQuery({ start, end, page }: HistoryRange): string {
  const query = new URLSearchParams();
  if (start !== null) query.set('start', String(start));
  if (end !== null) query.set('end', String(end));
  query.set('page', String(page));
  return query.toString();
}

const createPaymentsThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

function call<Arg, T>(type: string, request: (arg: Arg) => Promise<T>) {
  return createPaymentsThunk(type, async (arg: Arg, { rejectWithValue }) => {
    try {
      return await request(arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

/** Read: my successful payments in the period, one page. */
export const fetchPayments = call('payments/donats', (range: HistoryRange) =>
  api.get<{ donats: Payment[]; totalPages: number }>(`/payments/donats?${historyQuery(range)}`),
);

/** Read: my monthly subscriptions started in the period, one page. */
export const fetchSubscriptions = call('payments/subscriptions', (range: HistoryRange) =>
  api.get<{ subscriptions: Subscription[]; totalPages: number }>(`/payments/subscriptions?${historyQuery(range)}`),
);

/** Read: one subscription with its charges. */
export const fetchSubscription = call('payments/subscription', (id: string) =>
  api.get<SubscriptionDetail>(`/payments/subscriptions/${encodeURIComponent(id)}`),
);

/** Read: my «Український слід» ledger in the period, one page. */
export const fetchFootprint = call('payments/mark', (range: HistoryRange) =>
  api.get<{ mark: FootprintEntry[]; totalPages: number }>(`/payments/mark?${historyQuery(range)}`),
);

/** Cancels a subscription; a failure rejects with the server's message, shown in an alert. */
export const unsubscribe = call('payments/unsubscribe', (orderId: string) =>
  api.post<UnsubscribeResult>('/payments/unsubscribe', { orderId }),
);

/** A new monthly amount (the provider is asked first); a refusal rejects with the server's message. */
export const changeSubscriptionAmount = call(
  'payments/changeAmount',
  ({ orderId, amount }: { orderId: string; amount: number }) =>
    api.patch<SubscriptionChange>(`/payments/subscriptions/${encodeURIComponent(orderId)}`, { amount }),
);

/** A pause of 1–3 months. */
export const pauseSubscription = call(
  'payments/pause',
  ({ orderId, months }: { orderId: string } & SubscriptionPauseBody) =>
    api.post<SubscriptionChange>(`/payments/subscriptions/${encodeURIComponent(orderId)}/pause`, { months }),
);

/** The subscription as the server now has it replaces the listed one (and the open detail's head). */
function applyChange(state: PaymentsState, { payload }: { payload: SubscriptionChange }) {
  const changed = payload.subscription;
  state.subscriptions = state.subscriptions.map((item) => (item._id === changed._id ? changed : item));
  if (state.subscription?._id === changed._id) state.subscription = { ...state.subscription, ...changed };
}

const paymentsSlice = createSlice({
  name: 'payments',
  initialState: initialPaymentsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPayments.fulfilled, (state, { payload }) => {
        state.donats = payload.donats;
        state.totalPages = payload.totalPages;
      })
      .addCase(fetchSubscriptions.fulfilled, (state, { payload }) => {
        state.subscriptions = payload.subscriptions;
        state.totalPages = payload.totalPages;
      })
      .addCase(fetchFootprint.fulfilled, (state, { payload }) => {
        state.mark = payload.mark;
        state.totalPages = payload.totalPages;
      })
      .addCase(fetchSubscription.fulfilled, (state, { payload }) => {
        state.subscription = payload;
      })
      .addCase(unsubscribe.fulfilled, (state, action) => {
        // Spec section 4: the subscription with the matching order id is marked unsubscribed.
        const orderId = action.payload.orderId || action.meta.arg;
        for (const item of state.subscriptions) {
          if (item.data.order_id !== orderId) continue;
          item.objSub.isUnsubscribe = true;
          item.objSub.status = 'cancelled';
        }
      })
      .addCase(changeSubscriptionAmount.fulfilled, applyChange)
      .addCase(pauseSubscription.fulfilled, applyChange)
      .addCase(sessionEnded, () => initialPaymentsState);
    // A change's progress and refusal belong to its dialog, not to the page.
    addLoadingState(builder, [fetchPayments, fetchSubscriptions, fetchSubscription, fetchFootprint, unsubscribe]);
  },
});

export const paymentsReducer = paymentsSlice.reducer;

export const selectPayments = (state: PaymentsRootState) => state.payments ?? initialPaymentsState;
