import type { FootprintEntry, Payment, Subscription, SubscriptionDetail } from '@yedyni/contract';
import type { ModalRootState } from '../../shared/modal/slice';
import type { RangeRootState } from '../../shared/range/slice';

/**
 * Spec section 3 and 4, «Payments»: the three history lists (one page each), the pages the last
 * list has, the subscription opened with its charges.
 */
export interface PaymentsState {
  donats: Payment[];
  subscriptions: Subscription[];
  mark: FootprintEntry[];
  totalPages: number;
  subscription: SubscriptionDetail | null;
  isLoading: boolean;
  error: string | null;
}

export interface PaymentsRootState extends RangeRootState, ModalRootState {
  payments?: PaymentsState;
}

/** A page of a history list within a period (ms, inclusive; null: open). */
export interface HistoryRange {
  start: number | null;
  end: number | null;
  page: number;
}

export interface UnsubscribeResult {
  orderId: string;
  message: string;
}
