import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { PartnersRootState } from './types';

export const useSupportSelector = useSelector.withTypes<PartnersRootState>();
export const useSupportDispatch = useDispatch.withTypes<ThunkDispatch<PartnersRootState, unknown, UnknownAction>>();
