// The clubs slice, for the store (injected with the clubs screen, app/clubs.ts). The screen loads lazily by path.
export {
  cancelClubSignup,
  clubsReducer,
  fetchClubs,
  initialClubsState,
  signUpForClub,
} from './slice';
export type { ClubsRootState, ClubsState } from './types';
