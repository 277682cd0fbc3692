import { randomUUID } from 'node:crypto';
import {
  type Author,
  DELETED_USER_FIRST_NAME,
  DELETED_USER_LAST_NAME,
  normalizeApostrophes,
  type User,
} from '@yedyni/contract';
import type { Executor } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import type { UsersTable } from '../../infra/db/schema.js';
import { userSearchText } from '../../infra/db/search.js';
import type { SessionOrigin } from './origin.js';

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

/**
 * An imported bcrypt hash replaced by the argon2id hash of the same password, after a sign-in that
 * matched it; only while it is still that hash (a password set meanwhile stays).
 */
export function upgradePasswordHash(db: Executor, userId: string, oldHash: string, newHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .execute();
}

/** A user as stored: the API's `User` less what the service adds (abilities from the policies, the two-step state). */
export type StoredUser = Omit<User, 'abilities' | 'twoStep'>;

/** The account's own columns and its inviter's name; `rootInviter`: whether the root account counts as one. */
function accountWithInviter(db: Executor, userId: string, rootInviter: boolean) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as inviter', (join) => {
      const on = join.onRef('inviter.id', '=', 'u.inviter_id');
      return rootInviter ? on : on.on('inviter.id', '!=', ROOT_USER_ID);
    })
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
    .where('u.id', '=', userId);
}

/** The public shape of a user (the contract's `userSchema`); the root account is nobody's named inviter. */
export async function loadUser(
  db: Executor,
  userId: string,
  now: number,
): Promise<{ user: StoredUser; twoStepOn: boolean } | undefined> {
  // The account (with its two-step state) and its courses at once: «who am I» is on every page
  // load, and each query is a round trip and a socket write more (issue 23).
  const [row, courses] = await Promise.all([
    accountWithInviter(db, userId, false)
      .select([
        'u.email_verified_at',
        (eb) =>
          eb
            .selectFrom('two_step')
            .select('two_step.enabled_at')
            .whereRef('two_step.user_id', '=', 'u.id')
            .as('two_step_on'),
        (eb) =>
          eb
            .selectFrom('email_tokens as t')
            .select('t.email')
            .whereRef('t.user_id', '=', 'u.id')
            .where('t.purpose', '=', 'change')
            .where('t.used_at', 'is', null)
            .where('t.expires_at', '>', now)
            .orderBy('t.created_at', 'desc')
            .limit(1)
            .as('pending_email'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['courses.id', 'courses.title'])
      .where('enrollments.user_id', '=', userId)
      .orderBy('courses.position')
      .orderBy('courses.title')
      .execute(),
  ]);
  if (!row) return undefined;
  const user: StoredUser = {
    _id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    emailVerified: row.email_verified_at !== null,
    pendingEmail: row.pending_email ?? null,
    courses: courses.map((c) => ({ _id: c.id, title: c.title })),
    inviter:
      row.inviter_first_name && row.inviter_last_name
        ? { first_name: row.inviter_first_name, last_name: row.inviter_last_name }
        : null,
  };
  return { user, twoStepOn: Boolean(row.two_step_on) };
}

export function insertSession(
  db: Executor,
  session: { id: string; userId: string; now: number; expiresAt: number; origin: SessionOrigin },
) {
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
      last_seen_at: session.now,
      device: session.origin.device,
      device_kind: session.origin.deviceKind,
      place: session.origin.place,
    })
    .execute();
}

/**
 * The signed-in user behind a session, if the session is neither revoked, expired nor idle (unused
 * since `idleSince`).
 */
export function findLiveSession(db: Executor, sessionId: string, userId: string, now: number, idleSince: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('two_step', 'two_step.user_id', 'sessions.user_id')
    .select([
      'users.id',
      'users.role',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'two_step.enabled_at as two_step_on',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .executeTakeFirst();
}

export function liveSessionIds(db: Executor, sessionIds: string[], now: number, idleSince: number) {
  return db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .execute();
}

/**
 * Notes that a session was used, unless that was noted less than `every` ms ago: one write a
 * minute at most per session, however many instances and requests use it.
 */
export function touchSession(db: Executor, sessionId: string, now: number, every: number) {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<=', now - every)
    .execute();
}

/** A person's live sessions, the most recently used first. */
export function listLiveSessions(db: Executor, userId: string, now: number, idleSince: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'created_at', 'last_seen_at', 'device', 'device_kind', 'place'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

export function findSessionOwner(db: Executor, sessionId: string) {
  return db.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', sessionId).executeTakeFirst();
}

/** Ends every live session of a user but `keep` (none when null); the ids it ended. */
export async function revokeSessionsOf(
  db: Executor,
  userId: string,
  keep: string | null,
  now: number,
  idleSince: number,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince);
  if (keep) query = query.where('id', '!=', keep);
  return (await query.returning('id').execute()).map((row) => row.id);
}

/** Rows of sessions that can never be used again: revoked, expired or idle. */
export async function deleteEndedSessions(db: Executor, now: number, idleSince: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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

/** The stored password hash ('' for an account that can no longer sign in), for checks outside sign-in. */
export async function passwordHashOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'password_hash']).where('id', '=', userId).executeTakeFirst();
}

/**
 * The account as the person's data export gives it back (docs/domain.md «My data»): unlike
 * `loadUser`, with the footprint total, and with whoever invited them, the root account too.
 */
export function profileForExport(db: Executor, userId: string) {
  return accountWithInviter(db, userId, true).select('u.mark').executeTakeFirst();
}

/**
 * An account's deletion, inside its one transaction: the row stays (what others wrote with the
 * person keeps its author, signed «Видалений користувач»), but the name goes, the e-mail becomes
 * an address nobody can own or type (so it can neither sign in nor be sent a reset link), the
 * password nothing (no password verifies against it); reset links go and every session ends.
 * The caller calls `AuthService.sessionsEnded` after the commit, so no instance keeps trusting
 * a cached session.
 */
export async function forgetAccount(trx: Executor, userId: string, now: number): Promise<void> {
  const names = { first_name: DELETED_USER_FIRST_NAME, last_name: DELETED_USER_LAST_NAME };
  const email = `deleted-${randomUUID()}@deleted.invalid`;
  await trx
    .updateTable('users')
    .set({ ...names, email, password_hash: '', search: userSearchText({ ...names, email }) })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  await revokeAllSessions(trx, userId, now);
}

/** New names, stored as registration stores them (one apostrophe), with the console's search text. */
export async function setNames(db: Executor, userId: string, names: { first_name: string; last_name: string }) {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const first_name = normalizeApostrophes(names.first_name);
  const last_name = normalizeApostrophes(names.last_name);
  await db
    .updateTable('users')
    .set({ first_name, last_name, search: userSearchText({ first_name, last_name, email: user.email }) })
    .where('id', '=', userId)
    .execute();
}

export function insertEmailToken(
  db: Executor,
  token: {
    tokenHash: string;
    userId: string;
    purpose: 'verify' | 'change';
    email: string;
    now: number;
    expiresAt: number;
  },
) {
  return db
    .insertInto('email_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      purpose: token.purpose,
      email: token.email,
      created_at: token.now,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks a live link used and tells what it was for. Of two concurrent uses exactly one wins: the
 * update only matches while `used_at` is still empty.
 */
export function useEmailToken(db: Executor, tokenHash: string, now: number) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'purpose', 'email'])
    .executeTakeFirst();
}

/** Spends the user's live links (of one purpose, or all): a newer link, a new password or a new address replaces them. */
export function expireEmailTokens(db: Executor, userId: string, now: number, purpose?: 'verify' | 'change') {
  let query = db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  return query.execute();
}

export function markEmailVerified(db: Executor, userId: string, email: string, now: number) {
  return db
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
}

/** The new address, confirmed by its link; the console's search follows it. */
export async function setVerifiedEmail(db: Executor, userId: string, email: string, now: number) {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ email, email_verified_at: now, search: userSearchText({ ...user, email }) })
    .where('id', '=', userId)
    .execute();
}

/** Whether the person's address is confirmed (an unknown person's is not). */
export async function emailVerified(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirst();
  return row?.email_verified_at != null;
}

/** Ends every session of the user but one; names the ended ones, so their sockets close too. */
export function revokeOtherSessions(db: Executor, userId: string, keep: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keep)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
}
