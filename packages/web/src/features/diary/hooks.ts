import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { DiaryRootState } from './types';

export const useDiarySelector = useSelector.withTypes<DiaryRootState>();
export const useDiaryDispatch = useDispatch.withTypes<ThunkDispatch<DiaryRootState, unknown, UnknownAction>>();
