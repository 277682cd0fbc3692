// The payments slice, for the store (injected with the support screens, app/support.ts). The
// screens load lazily by path, so they are not re-exported here.
export {
  fetchFootprint,
  fetchPayments,
  fetchSubscription,
  fetchSubscriptions,
  initialPaymentsState,
  paymentsReducer,
  selectPayments,
  unsubscribe,
} from './slice';
export type { PaymentsRootState, PaymentsState } from './types';
