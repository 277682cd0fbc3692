import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ExercisesRootState } from './types';

export const useHomeworkSelector = useSelector.withTypes<ExercisesRootState>();
export const useHomeworkDispatch = useDispatch.withTypes<ThunkDispatch<ExercisesRootState, unknown, UnknownAction>>();
