import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ExercisesRootState } from './types';

export const useExercisesSelector = useSelector.withTypes<ExercisesRootState>();
export const useExercisesDispatch = useDispatch.withTypes<ThunkDispatch<ExercisesRootState, unknown, UnknownAction>>();
