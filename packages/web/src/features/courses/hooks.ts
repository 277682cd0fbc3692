import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { CoursesRootState } from './types';

export const useCoursesSelector = useSelector.withTypes<CoursesRootState>();
export const useCoursesDispatch = useDispatch.withTypes<ThunkDispatch<CoursesRootState, unknown, UnknownAction>>();
