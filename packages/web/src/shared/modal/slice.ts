import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../lib/session';

/** Spec section 3 and 4, «Modal»: one modal dialog at a time, open or closed. */
export interface ModalState {
  isOpenModal: boolean;
}

export interface ModalRootState {
  modal?: ModalState;
}

export const initialModalState: ModalState = { isOpenModal: false };

const modalSlice = createSlice({
  name: 'modal',
  initialState: initialModalState,
  reducers: {
    /** Open ↔ closed. */
    toggleModal(state) {
      state.isOpenModal = !state.isOpenModal;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialModalState);
  },
});

export const { toggleModal } = modalSlice.actions;
export const modalReducer = modalSlice.reducer;
export const selectIsOpenModal = (state: ModalRootState) => (state.modal ?? initialModalState).isOpenModal;
