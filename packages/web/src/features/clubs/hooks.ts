import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ClubsRootState } from './types';

export const useClubsSelector = useSelector.withTypes<ClubsRootState>();
export const useClubsDispatch = useDispatch.withTypes<ThunkDispatch<ClubsRootState, unknown, UnknownAction>>();
