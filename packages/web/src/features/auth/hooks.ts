import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { AuthRootState } from './types';

export const useAuthSelector = useSelector.withTypes<AuthRootState>();
export const useAuthDispatch = useDispatch.withTypes<ThunkDispatch<AuthRootState, unknown, UnknownAction>>();
