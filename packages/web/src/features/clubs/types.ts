import type { Club } from '@yedyni/contract';

/** Which clubs to show: all, online ones (`city: 'online'`), one city's, or mine only. */
export interface ClubFilter {
  /** '' for every city and online; 'online'; or a city's name. */
  city: string;
  mine: boolean;
}

/** Conversation clubs: the list under the chosen filter and the cities there are. */
export interface ClubsState {
  clubs: Club[];
  cities: string[];
  filter: ClubFilter;
  /** The list has arrived at least once. */
  loaded: boolean;
  /** The request whose answer the list should show (a newer filter wins over an older answer). */
  listRequest: string | null;
  isLoading: boolean;
  error: string | null;
}

export interface ClubsRootState {
  clubs?: ClubsState;
}
