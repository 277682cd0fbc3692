import { paymentsReducer } from '../features/payments';
import { modalReducer } from '../shared/modal/slice';
import { rangeReducer } from '../shared/range/slice';
import { injectReducers } from './store';

// Loaded with the support screens (donation, the support programme; see routes.tsx): the payments,
// range and modal slices join the store here, so /login does not carry them. Injecting again is a
// no-op.
injectReducers({ payments: paymentsReducer, range: rangeReducer, modal: modalReducer });
