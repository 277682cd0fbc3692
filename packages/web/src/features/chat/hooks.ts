import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ChatRootState } from './types';

export const useChatSelector = useSelector.withTypes<ChatRootState>();
export const useChatDispatch = useDispatch.withTypes<ThunkDispatch<ChatRootState, unknown, UnknownAction>>();
