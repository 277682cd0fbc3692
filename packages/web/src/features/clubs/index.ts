// The clubs slice, for the store (injected with the clubs screen, app/clubs.ts). The screen loads lazily by path.
export {
  cancelClubSignup,
  clubsReducer,
  createClub,
  fetchClubSignups,
  fetchClubs,
  initialClubsState,
  signUpForClub,
  updateClub,
} from './slice';
export type { ClubsRootState, ClubsState } from './types';
