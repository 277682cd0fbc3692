import { randomUUID } from 'node:crypto';
import { DELETED_USER_FIRST_NAME, DELETED_USER_LAST_NAME } from '@yedyni/contract';
import type { Executor } from '../../infra/db/index.js';
import { userSearchText } from '../../infra/db/search.js';

/*
 * The one place that reads a person's rows across the domains (the export) and, for the deletion,
 * rewrites them in one transaction: a deletion half-done by several services' own transactions
 * could leave a name behind. What stays and what goes is docs/domain.md «My data». Every query
 * here is scoped to the one person.
 */

// --- exports --------------------------------------------------------------------------------

export function findExport(db: Executor, userId: string) {
  return db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function expiredExports(db: Executor, now: number) {
  return db
    .selectFrom('data_exports')
    .select(['user_id', 'storage_key', 'expires_at'])
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
}

export async function claimedExportKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('data_exports').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.storage_key ?? ''));
}

// --- what the export holds --------------------------------------------------------------------

export function profileOf(db: Executor, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as i', 'i.id', 'u.inviter_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'u.created_at',
      'u.mark',
      'i.first_name as inviter_first_name',
      'i.last_name as inviter_last_name',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export function enrollmentsOf(db: Executor, userId: string) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select(['c.title as course', 'e.wave', 'e.enrolled_at'])
    .where('e.user_id', '=', userId)
    .orderBy('e.enrolled_at')
    .execute();
}

export function diaryOf(db: Executor, userId: string) {
  return db
    .selectFrom('diary_entries as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .select(['c.title as course', 'd.day', 'd.date', 'd.entry', 'd.plan', 'd.test', 'd.created_at', 'd.updated_at'])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at')
    .execute();
}

export function homeworkOf(db: Executor, userId: string) {
  return db
    .selectFrom('exercises as x')
    .innerJoin('courses as c', 'c.id', 'x.course_id')
    .leftJoin('files as f', 'f.id', 'x.file_id')
    .select([
      'x.id',
      'c.title as course',
      'x.day',
      'x.homework',
      'x.rating',
      'x.created_at',
      'x.updated_at',
      'f.storage_key',
      'f.name as file_name',
    ])
    .where('x.user_id', '=', userId)
    .orderBy('x.created_at')
    .execute();
}

/** The comments on my homework (mine and the curators' answers to me), with their files. */
export function commentsOnHomeworkOf(db: Executor, userId: string) {
  return db
    .selectFrom('exercise_comments as m')
    .innerJoin('exercises as x', 'x.id', 'm.exercise_id')
    .innerJoin('users as a', 'a.id', 'm.author_id')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'm.exercise_id',
      'm.author_id',
      'a.first_name',
      'a.last_name',
      'm.comment',
      'm.created_at',
      'f.storage_key',
      'f.name as file_name',
    ])
    .where('x.user_id', '=', userId)
    .orderBy('m.created_at')
    .execute();
}

/** The messages I sent (others' messages are theirs). */
export function chatMessagesOf(db: Executor, userId: string) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'c.title as course',
      'm.wave',
      'm.text',
      'm.date',
      'm.edited_at',
      'f.storage_key',
      'f.name as file_name',
    ])
    .where('m.sender_id', '=', userId)
    .orderBy('m.date')
    .execute();
}

export function paymentOrdersOf(db: Executor, userId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['order_id', 'subscribe', 'amount_kop', 'info', 'status', 'created_at', 'subscribed_at', 'unsubscribed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function paymentsOf(db: Executor, userId: string) {
  return db
    .selectFrom('payments')
    .select(['order_id', 'action', 'amount_kop', 'description', 'info', 'end_date', 'card_mask', 'reversed_at'])
    .where('user_id', '=', userId)
    .orderBy('end_date')
    .execute();
}

export function footprintOf(db: Executor, userId: string) {
  return db
    .selectFrom('mark_entries')
    .select(['date', 'points', 'comment', 'final_value'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

// --- deletion -------------------------------------------------------------------------------

export function findDeletion(db: Executor, userId: string) {
  return db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function dueDeletions(db: Executor, now: number) {
  return db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(20)
    .execute();
}

/** Takes a due deletion for this run (once: a second run, or a sign-in that won the race, finds nothing). */
export async function claimDeletion(trx: Executor, userId: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('account_deletions')
    .set({ done_at: now })
    .where('user_id', '=', userId)
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function activeSubscriptionsOf(db: Executor, userId: string) {
  return db
    .selectFrom('payment_orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('subscribe', '=', 1)
    .where('status', '=', 'subscribed')
    .execute();
}

/** The files of my homework and of my own comments: deleted with the account (chat files stay with their messages). */
export async function homeworkFileIds(trx: Executor, userId: string): Promise<string[]> {
  const [own, comments] = await Promise.all([
    trx
      .selectFrom('exercises')
      .select('file_id')
      .where('user_id', '=', userId)
      .where('file_id', 'is not', null)
      .execute(),
    trx
      .selectFrom('exercise_comments')
      .select('file_id')
      .where('author_id', '=', userId)
      .where('file_id', 'is not', null)
      .execute(),
  ]);
  return [...own, ...comments].map((r) => r.file_id).filter((id): id is string => Boolean(id));
}

/**
 * Everything personal of the account, rewritten or removed (its files' rows too, by the caller):
 * the name becomes «Видалений користувач», the e-mail an address nobody can own or type, the
 * password nothing (no password verifies against it); the diary, notifications, push browsers and
 * preferences go; payments keep their sums but lose the donor's own words.
 */
export async function anonymise(trx: Executor, userId: string): Promise<void> {
  const names = { first_name: DELETED_USER_FIRST_NAME, last_name: DELETED_USER_LAST_NAME };
  const email = `deleted-${randomUUID()}@deleted.invalid`;
  await trx
    .updateTable('users')
    .set({ ...names, email, password_hash: '', search: userSearchText({ ...names, email }) })
    .where('id', '=', userId)
    .execute();
  await trx.updateTable('exercises').set({ file_id: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('exercise_comments').set({ file_id: null }).where('author_id', '=', userId).execute();
  await trx.deleteFrom('diary_entries').where('user_id', '=', userId).execute();
  await trx.updateTable('payment_orders').set({ info: '' }).where('user_id', '=', userId).execute();
  await trx.updateTable('payments').set({ info: '' }).where('user_id', '=', userId).execute();
  await trx
    .updateTable('certificates')
    .set({ name: `${DELETED_USER_FIRST_NAME} ${DELETED_USER_LAST_NAME}` })
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
