import type { AsyncThunk } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { selectRange, setPage } from '../../../shared/range/slice';
import { usePaymentsDispatch, usePaymentsSelector } from '../hooks';
import { selectPayments } from '../slice';
import type { HistoryRange } from '../types';

// biome-ignore lint/suspicious/noExplicitAny: any thunk over a history range, whatever it returns.
type HistoryThunk = AsyncThunk<any, HistoryRange, { rejectValue: string }>;

/** A history list follows the range slice: loads its page of the period whenever either changes. */
export function useHistory(thunk: HistoryThunk) {
  const dispatch = usePaymentsDispatch();
  const { start, end, page } = usePaymentsSelector(selectRange);
  const payments = usePaymentsSelector(selectPayments);

  useEffect(() => {
    dispatch(thunk({ start, end, page }));
  }, [dispatch, thunk, start, end, page]);

  return { payments, page, toPage: (next: number) => dispatch(setPage(next)) };
}
