import { createAction } from '@reduxjs/toolkit';
import type { User } from '@yedyni/contract';

/** The session is over (the user signed out): slices holding personal data reset on it. */
export const sessionEnded = createAction('session/ended');

/** The server sent a fresher copy of the signed-in user (e.g. after joining a course). */
export const userUpdated = createAction<User>('session/userUpdated');
