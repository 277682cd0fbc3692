import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { PartnersRootState } from './types';

export const usePartnersSelector = useSelector.withTypes<PartnersRootState>();
export const usePartnersDispatch = useDispatch.withTypes<ThunkDispatch<PartnersRootState, unknown, UnknownAction>>();
