import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { HabitRootState } from './habitSlice';

export const useHabitSelector = useSelector.withTypes<HabitRootState>();
export const useHabitDispatch = useDispatch.withTypes<ThunkDispatch<HabitRootState, unknown, UnknownAction>>();
