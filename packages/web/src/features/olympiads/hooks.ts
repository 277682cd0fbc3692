import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { OlympiadsRootState } from './types';

export const useOlympiadsSelector = useSelector.withTypes<OlympiadsRootState>();
export const useOlympiadsDispatch = useDispatch.withTypes<ThunkDispatch<OlympiadsRootState, unknown, UnknownAction>>();
