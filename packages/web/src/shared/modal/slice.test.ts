import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../lib/session';
import { initialModalState, modalReducer, selectIsOpenModal, toggleModal } from './slice';

describe('modal slice (spec §3 and 4, docs/ARCHITECTURE.md)', () => {
  it('starts closed', () => {
    expect(modalReducer(undefined, { type: '@@init' })).toEqual({ isOpenModal: false });
  });

  it('toggles between open and closed', () => {
    const open = modalReducer(initialModalState, toggleModal());
    expect(open).toEqual({ isOpenModal: true });
    expect(modalReducer(open, toggleModal())).toEqual({ isOpenModal: false });
  });

  it('signing out closes it', () => {
    expect(modalReducer({ isOpenModal: true }, sessionEnded())).toEqual(initialModalState);
  });

  it('reads closed before the slice is injected', () => {
    expect(selectIsOpenModal({})).toBe(false);
    expect(selectIsOpenModal({ modal: { isOpenModal: true } })).toBe(true);
  });
});
