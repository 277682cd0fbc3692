import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { PaymentsRootState } from './types';

export const usePaymentsSelector = useSelector.withTypes<PaymentsRootState>();
export const usePaymentsDispatch = useDispatch.withTypes<ThunkDispatch<PaymentsRootState, unknown, UnknownAction>>();
