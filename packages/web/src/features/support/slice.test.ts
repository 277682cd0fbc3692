import { configureStore } from '@reduxjs/toolkit';
import type { Team } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { indicators } from '../../test/fixtures';
import { json, mockApi } from '../../test/mockApi';
import { initialPartnersState, selectIndicators } from './header';
import { fetchIndicators, fetchMember, fetchTeam, historyPopped, partnersReducer } from './slice';
import type { PartnersState } from './types';

const member = (id: string, first_name: string, teamSize = 0) => ({
  _id: id,
  first_name,
  last_name: 'Коваль',
  createdAt: Date.UTC(2026, 2, 3),
  teamSize,
});
const me: Team = {
  partner: { _id: 'u-1', first_name: 'Олена', last_name: 'Коваль' },
  team: [member('u-2', 'Тарас', 1)],
};
const taras: Team = {
  partner: { _id: 'u-2', first_name: 'Тарас', last_name: 'Коваль' },
  team: [member('u-3', 'Ярина')],
};
const yaryna: Team = { partner: { _id: 'u-3', first_name: 'Ярина', last_name: 'Коваль' }, team: [] };

const state = (overrides: Partial<PartnersState>): PartnersState => ({ ...initialPartnersState, ...overrides });

describe('partners slice (spec §3 and 4, docs/ARCHITECTURE.md)', () => {
  it('starts empty: no indicators, no partner, an empty history', () => {
    expect(partnersReducer(undefined, { type: '@@init' })).toEqual({
      indicators: null,
      partner: null,
      history: [],
      isLoading: false,
      error: null,
    });
  });

  it('loading the indicators sets isLoading, then the indicators (levelSupport among them)', () => {
    const pending = partnersReducer(state({ error: 'було' }), fetchIndicators.pending('r', undefined));
    expect(pending).toEqual(state({ isLoading: true }));
    const done = partnersReducer(pending, fetchIndicators.fulfilled(indicators, 'r', undefined));
    expect(done).toEqual(state({ indicators }));
    expect(selectIndicators({ partners: done })?.levelSupport).toBe(3);
  });

  it('loading the root partner (my team) clears the history', () => {
    const before = state({ partner: yaryna, history: [me, taras] });
    const pending = partnersReducer(before, fetchTeam.pending('r', undefined));
    expect(pending.isLoading).toBe(true);
    expect(partnersReducer(pending, fetchTeam.fulfilled(me, 'r', undefined))).toEqual(state({ partner: me }));
  });

  it('opening a member pushes the partner on screen onto the history', () => {
    let current = state({ partner: me });
    current = partnersReducer(current, fetchMember.pending('r', 'u-2'));
    expect(current).toEqual(state({ partner: me, isLoading: true }));
    current = partnersReducer(current, fetchMember.fulfilled(taras, 'r', 'u-2'));
    expect(current).toEqual(state({ partner: taras, history: [me] }));
    current = partnersReducer(current, fetchMember.fulfilled(yaryna, 'r', 'u-3'));
    expect(current).toEqual(state({ partner: yaryna, history: [me, taras] }));
  });

  it('with nobody on screen, opening a member pushes nothing', () => {
    expect(partnersReducer(initialPartnersState, fetchMember.fulfilled(taras, 'r', 'u-2'))).toEqual(
      state({ partner: taras }),
    );
  });

  it('popping the history restores the partner opened before, one step at a time', () => {
    let current = state({ partner: yaryna, history: [me, taras] });
    current = partnersReducer(current, historyPopped());
    expect(current).toEqual(state({ partner: taras, history: [me] }));
    current = partnersReducer(current, historyPopped());
    expect(current).toEqual(state({ partner: me, history: [] }));
    // Nothing left to pop: the partner stays.
    expect(partnersReducer(current, historyPopped())).toEqual(current);
  });

  it.each([
    ['indicators', fetchIndicators.rejected(null, 'r', undefined, 'Немає звʼязку')],
    ['the team', fetchTeam.rejected(null, 'r', undefined, 'Немає звʼязку')],
    ['a member', fetchMember.rejected(null, 'r', 'u-9', 'Такого учасника немає у вашій команді')],
  ])('a failed load of %s keeps the error, the partner and the history, and clears isLoading', (_, action) => {
    const before = state({ indicators, partner: taras, history: [me], isLoading: true });
    expect(partnersReducer(before, action)).toEqual({ ...before, isLoading: false, error: action.payload });
  });

  it('signing out forgets everything', () => {
    expect(partnersReducer(state({ indicators, partner: taras, history: [me] }), sessionEnded())).toEqual(
      initialPartnersState,
    );
  });
});

describe('partners thunks', () => {
  it('call GET /api/partners/indicators, /api/partners and /api/partners/{id}', async () => {
    const fetchMock = mockApi({
      'GET /api/partners/indicators': () => json(indicators),
      'GET /api/partners': () => json(me),
      'GET /api/partners/u-2': () => json(taras),
    });
    const store = configureStore({ reducer: { partners: partnersReducer } });
    await store.dispatch(fetchIndicators());
    await store.dispatch(fetchTeam());
    await store.dispatch(fetchMember('u-2'));
    expect(store.getState().partners).toEqual(state({ indicators, partner: taras, history: [me] }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a member outside my team rejects with the server message', async () => {
    mockApi({ 'GET /api/partners/u-9': () => json({ message: 'Такого учасника немає у вашій команді' }, 404) });
    const store = configureStore({ reducer: { partners: partnersReducer } });
    const result = await store.dispatch(fetchMember('u-9'));
    expect(result.payload).toBe('Такого учасника немає у вашій команді');
    expect(store.getState().partners.error).toBe('Такого учасника немає у вашій команді');
  });
});
