/** localStorage key of the place a visitor wanted before signing in (spec §9: local persistence). */
export const PREVIOUS_LOCATION_KEY = 'previousLocation';

/** The place a visitor wanted before signing in, kept in localStorage. */
export const previousLocation = {
  read(): string | null {
    try {
      return localStorage.getItem(PREVIOUS_LOCATION_KEY);
    } catch {
      return null;
    }
  },
  remember(path: string): void {
    try {
      localStorage.setItem(PREVIOUS_LOCATION_KEY, path);
    } catch {
      // Storage blocked: the user simply lands on the home screen after signing in.
    }
  },
  forget(): void {
    try {
      localStorage.removeItem(PREVIOUS_LOCATION_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};
