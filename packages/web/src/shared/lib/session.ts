import { createAction } from '@reduxjs/toolkit';

/** The session is over (the user signed out): slices holding personal data reset on it. */
export const sessionEnded = createAction('session/ended');
