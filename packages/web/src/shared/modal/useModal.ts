import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { type ModalRootState, selectIsOpenModal, toggleModal } from './slice';

/**
 * The modal slice for a screen: whether its dialog is open, and the toggle. A screen that goes away
 * with its dialog open closes it, so the next screen does not start with an open modal.
 */
export function useModal() {
  const dispatch = useDispatch<ThunkDispatch<ModalRootState, unknown, UnknownAction>>();
  const open = useSelector(selectIsOpenModal);
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);
  useEffect(
    () => () => {
      if (openNow.current) dispatch(toggleModal());
    },
    [dispatch],
  );
  const toggle = useCallback(() => {
    dispatch(toggleModal());
  }, [dispatch]);
  return { open, toggle };
}
