import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { GameRootState } from './types';

export const useGameSelector = useSelector.withTypes<GameRootState>();
export const useGameDispatch = useDispatch.withTypes<ThunkDispatch<GameRootState, unknown, UnknownAction>>();
