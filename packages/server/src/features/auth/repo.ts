import { type Author, normalizeApostrophes, type User } from '@yedyni/contract';
import type { Executor } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import type { UsersTable } from '../../infra/db/schema.js';
import { userSearchText } from '../../infra/db/search.js';

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function userExists(db: Executor, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
}

/** Names are stored with one apostrophe (U+02BC) whichever way in they came (docs/domain.md). */
export function insertUser(db: Executor, given: Omit<UsersTable, 'search'>) {
  const user = {
    ...given,
    first_name: normalizeApostrophes(given.first_name),
    last_name: normalizeApostrophes(given.last_name),
  };
  return db
    .insertInto('users')
    .values({ ...user, search: userSearchText(user) })
    .execute();
}

export function setPassword(db: Executor, userId: string, passwordHash: string) {
  return db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** A user as stored: the API's `User` less what the service adds (abilities from the policies, the two-step state). */
export type StoredUser = Omit<User, 'abilities' | 'twoStep'>;

/** The public shape of a user (the contract's `userSchema`); the root account is nobody's named inviter. */
export async function loadUser(db: Executor, userId: string): Promise<StoredUser | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('users as inviter', (join) =>
      join.onRef('inviter.id', '=', 'u.inviter_id').on('inviter.id', '!=', ROOT_USER_ID),
    )
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'u.created_at',
      'inviter.first_name as inviter_first_name',
      'inviter.last_name as inviter_last_name',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const courses = await db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select(['courses.id', 'courses.title'])
    .where('enrollments.user_id', '=', userId)
    .orderBy('courses.position')
    .orderBy('courses.title')
    .execute();
  return {
    _id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    courses: courses.map((c) => ({ _id: c.id, title: c.title })),
    inviter:
      row.inviter_first_name && row.inviter_last_name
        ? { first_name: row.inviter_first_name, last_name: row.inviter_last_name }
        : null,
  };
}

export function insertSession(db: Executor, session: { id: string; userId: string; now: number; expiresAt: number }) {
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The signed-in user behind a session, if the session is neither revoked nor expired. */
export function findLiveSession(db: Executor, sessionId: string, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('two_step', 'two_step.user_id', 'sessions.user_id')
    .select(['users.id', 'users.role', 'sessions.expires_at', 'two_step.enabled_at as two_step_on'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export function liveSessionIds(db: Executor, sessionIds: string[], now: number) {
  return db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export function revokeSession(db: Executor, sessionId: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeAllSessions(db: Executor, userId: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function insertPasswordReset(
  db: Executor,
  reset: { tokenHash: string; userId: string; now: number; expiresAt: number },
) {
  return db
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      created_at: reset.now,
      expires_at: reset.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Whether a reset token is live (unused, unexpired), without using it. */
export function findLivePasswordReset(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Marks a live reset token used and names its user. Exactly one of two concurrent uses wins:
 * the update only matches while `used_at` is still empty.
 */
export function usePasswordReset(db: Executor, tokenHash: string, now: number) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

export function expirePasswordResets(db: Executor, userId: string, now: number) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** People as the contract's `authorSchema`, by id: the names shown beside what they wrote. */
export async function authorsById(db: Executor, ids: string[]): Promise<Map<string, Author>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { _id: r.id, first_name: r.first_name, last_name: r.last_name }]));
}
