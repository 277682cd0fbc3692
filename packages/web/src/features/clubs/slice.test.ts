import { configureStore } from '@reduxjs/toolkit';
import type { Club } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../shared/lib/session';
import { json, mockApi } from '../../test/mockApi';
import {
  ALL_CLUBS,
  cancelClubSignup,
  clubsQuery,
  clubsReducer,
  fetchClubs,
  initialClubsState,
  signUpForClub,
} from './slice';
import type { ClubsState } from './types';

const club = (id: string, overrides: Partial<Club> = {}): Club => ({
  _id: id,
  title: `Клуб ${id}`,
  description: '',
  city: 'Київ',
  place: 'Бібліотека',
  link: '',
  host: 'Тарас Мельник',
  startsAt: Date.UTC(2026, 2, 10, 16, 30),
  durationMin: 60,
  capacity: 10,
  seatsLeft: 3,
  signedUp: false,
  ...overrides,
});

const list = { clubs: [club('a'), club('b', { city: '', link: 'https://meet.example.org/b' })], cities: ['Київ'] };

describe('clubs slice', () => {
  it('starts with all clubs chosen and nothing loaded', () => {
    expect(clubsReducer(undefined, { type: '@@init' })).toEqual(initialClubsState);
  });

  it('the query: a city or online, mine; empty values dropped', () => {
    expect(clubsQuery(ALL_CLUBS)).toBe('');
    expect(clubsQuery({ city: 'online', mine: false })).toBe('?city=online');
    expect(clubsQuery({ city: 'Біла Церква', mine: false })).toBe(
      '?city=%D0%91%D1%96%D0%BB%D0%B0+%D0%A6%D0%B5%D1%80%D0%BA%D0%B2%D0%B0',
    );
    expect(clubsQuery({ city: '', mine: true })).toBe('?mine=true');
  });

  it('loading keeps the chosen filter; the answer sets the clubs and the cities', () => {
    const filter = { city: 'online', mine: false };
    const pending = clubsReducer(initialClubsState, fetchClubs.pending('r1', filter));
    expect(pending).toMatchObject({ filter, isLoading: true, listRequest: 'r1' });
    const state = clubsReducer(pending, fetchClubs.fulfilled(list, 'r1', filter));
    expect(state).toMatchObject({ clubs: list.clubs, cities: ['Київ'], loaded: true, isLoading: false });
  });

  it('an older answer does not overwrite the newer filter’s list', () => {
    let state = clubsReducer(initialClubsState, fetchClubs.pending('old', ALL_CLUBS));
    state = clubsReducer(state, fetchClubs.pending('new', { city: '', mine: true }));
    state = clubsReducer(state, fetchClubs.fulfilled({ clubs: [], cities: [] }, 'new', { city: '', mine: true }));
    state = clubsReducer(state, fetchClubs.fulfilled(list, 'old', ALL_CLUBS));
    expect(state.clubs).toEqual([]);
    expect(state.filter).toEqual({ city: '', mine: true });
  });

  it('signing up and cancelling replace the club in the list', () => {
    const before: ClubsState = { ...initialClubsState, clubs: list.clubs, loaded: true };
    const signed = club('a', { seatsLeft: 2, signedUp: true, link: 'https://meet.example.org/a' });
    let state = clubsReducer(before, signUpForClub.fulfilled(signed, 'r', 'a'));
    expect(state.clubs[0]).toEqual(signed);
    state = clubsReducer(state, cancelClubSignup.fulfilled(club('a'), 'r', 'a'));
    expect(state.clubs[0]).toEqual(club('a'));
    expect(state.clubs[1]).toEqual(list.clubs[1]);
  });

  it('a refused sign-up keeps the list and the server message', () => {
    const before: ClubsState = { ...initialClubsState, clubs: list.clubs };
    const state = clubsReducer(before, signUpForClub.rejected(null, 'r', 'a', 'Місць уже немає'));
    expect(state).toMatchObject({ clubs: list.clubs, error: 'Місць уже немає', isLoading: false });
  });

  it('signing out forgets everything', () => {
    const state: ClubsState = { ...initialClubsState, clubs: list.clubs, cities: list.cities, loaded: true };
    expect(clubsReducer(state, sessionEnded())).toEqual(initialClubsState);
  });
});

describe('clubs thunks', () => {
  const store = () => configureStore({ reducer: { clubs: clubsReducer } });

  it('GET with the filter, POST and DELETE the sign-up', async () => {
    const fetchMock = mockApi({
      'GET /api/clubs?mine=true': () => json(list),
      'POST /api/clubs/a/signup': () => json(club('a', { seatsLeft: 2, signedUp: true })),
      'DELETE /api/clubs/a/signup': () => json(club('a')),
    });
    const s = store();
    await s.dispatch(fetchClubs({ city: '', mine: true }));
    expect(s.getState().clubs.clubs).toHaveLength(2);
    await s.dispatch(signUpForClub('a'));
    expect(s.getState().clubs.clubs[0]).toMatchObject({ seatsLeft: 2, signedUp: true });
    await s.dispatch(cancelClubSignup('a'));
    expect(s.getState().clubs.clubs[0]).toMatchObject({ seatsLeft: 3, signedUp: false });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET /api/clubs?mine=true',
      'POST /api/clubs/a/signup',
      'DELETE /api/clubs/a/signup',
    ]);
  });
});
