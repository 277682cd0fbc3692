import type { Club } from '@yedyni/contract';

/** Which clubs to show: all, online ones (`city: 'online'`), one city's, or mine only. */
export interface ClubFilter {
  /** '' for every city and online; 'online'; or a city's name. */
  city: string;
  mine: boolean;
}

/** A person signed up for a club, as admins see them (contract clubs.ts `clubSignupsSchema`). */
export interface ClubSignup {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  date: number;
}

/** What an admin sends to create or change a club (contract `clubBodySchema`); the server checks it. */
export interface ClubInput {
  title: string;
  description: string;
  /** '' for an online club. */
  city: string;
  place: string;
  /** https://…; required for an online club. */
  link: string;
  host: string;
  startsAt?: number;
  durationMin?: number;
  capacity?: number;
}

/** Conversation clubs: the list under the chosen filter, the cities there are, and sign-ups by club. */
export interface ClubsState {
  clubs: Club[];
  cities: string[];
  filter: ClubFilter;
  /** The list has arrived at least once. */
  loaded: boolean;
  /** The request whose answer the list should show (a newer filter wins over an older answer). */
  listRequest: string | null;
  /** Admins: who signed up, by club id. */
  signups: Record<string, ClubSignup[]>;
  isLoading: boolean;
  error: string | null;
}

export interface ClubsRootState {
  clubs?: ClubsState;
}
