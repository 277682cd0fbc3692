import type { ChatRoom } from '@yedyni/contract';
import type { Executor } from '../../infra/db/index.js';

/**
 * Whether the room's wave exists and the user's wave in its course, in one query (both hang off
 * the course row; no course, neither): every chat read and send checks them (issue 23).
 */
export async function roomAndEnrolment(db: Executor, userId: string, courseId: string, wave: string) {
  const row = await db
    .selectFrom('courses as c')
    .where('c.id', '=', courseId)
    .select([
      (eb) =>
        eb
          .selectFrom('course_waves as w')
          .select('w.label')
          .whereRef('w.course_id', '=', 'c.id')
          .where('w.label', '=', wave)
          .as('wave'),
      (eb) =>
        eb
          .selectFrom('enrollments as e')
          .select('e.wave')
          .whereRef('e.course_id', '=', 'c.id')
          .where('e.user_id', '=', userId)
          .as('enrolled_wave'),
    ])
    .executeTakeFirst();
  return { waveExists: Boolean(row?.wave), enrolledWave: row?.enrolled_wave ?? null };
}

export function enrolledWave(db: Executor, userId: string, courseId: string) {
  return db
    .selectFrom('enrollments')
    .select('wave')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** The current roles of these users (who no longer exists is missing). */
export function rolesOf(db: Executor, userIds: string[]) {
  return db.selectFrom('users').select(['id', 'role']).where('id', 'in', userIds).execute();
}

export function enrolmentsOf(db: Executor, userIds: string[], courseIds: string[]) {
  return db
    .selectFrom('enrollments')
    .select(['user_id', 'course_id', 'wave'])
    .where('user_id', 'in', userIds)
    .where('course_id', 'in', courseIds)
    .execute();
}

export function wavesOf(db: Executor, courseIds: string[]) {
  return db.selectFrom('course_waves').select(['course_id', 'label']).where('course_id', 'in', courseIds).execute();
}

export function personOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

export function courseTitle(db: Executor, courseId: string) {
  return db.selectFrom('courses').select('title').where('id', '=', courseId).executeTakeFirst();
}

export function findMessage(db: Executor, messageId: string) {
  return db.selectFrom('chat_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
}

/** Messages with what a reader sees of them: the sender's name, the file's type and name. */
function messageViews(db: Executor) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_id')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .select([
      'm.id',
      'm.course_id',
      'm.wave',
      'm.sender_id',
      'm.text',
      'm.file_id',
      'm.date',
      'm.edited_at',
      'm.hidden_at',
      'u.first_name',
      'u.last_name',
      'u.role as sender_role',
      'f.mime as file_mime',
      'f.name as file_name',
    ]);
}
export type MessageView = Awaited<ReturnType<typeof findMessageView>> & {};

export function findMessageView(db: Executor, messageId: string) {
  return messageViews(db).where('m.id', '=', messageId).executeTakeFirst();
}

/** Newest first; with an anchor, only what was there when the first page was read. */
export function messagesPage(
  db: Executor,
  room: { courseId: string; wave: string },
  page: { offset: number; limit: number; anchor: number | undefined },
  /** Null when the reader sees hidden messages; otherwise the reader, who sees only their own hidden ones. */
  hiddenExceptOf: string | null,
) {
  let query = messageViews(db).where('m.course_id', '=', room.courseId).where('m.wave', '=', room.wave);
  if (page.anchor !== undefined) query = query.where('m.date', '<=', page.anchor);
  if (hiddenExceptOf !== null) {
    query = query.where((eb) => eb.or([eb('m.hidden_at', 'is', null), eb('m.sender_id', '=', hiddenExceptOf)]));
  }
  return query.orderBy('m.date', 'desc').orderBy('m.id', 'desc').offset(page.offset).limit(page.limit).execute();
}

/** Chat uploads no message took within the grace period. */
export function unclaimedUploads(db: Executor, createdBefore: number) {
  return db
    .selectFrom('files')
    .select('id')
    .where('purpose', '=', 'chat')
    .where('created_at', '<', createdBefore)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('chat_messages').select('id').whereRef('chat_messages.file_id', '=', 'files.id'))),
    )
    .limit(500)
    .execute();
}

/**
 * A wave that has not started yet renamed: its room's messages, settings and mutes move with it
 * (the caller's transaction).
 */
export async function moveRoom(db: Executor, courseId: string, from: string, to: string) {
  for (const table of ['chat_messages', 'chat_rooms', 'chat_mutes'] as const) {
    await db.updateTable(table).set({ wave: to }).where('course_id', '=', courseId).where('wave', '=', from).execute();
  }
}

export function roomSettings(db: Executor, room: ChatRoom) {
  return db
    .selectFrom('chat_rooms')
    .select(['slow_seconds', 'pinned_message_id'])
    .where('course_id', '=', room.courseId)
    .where('wave', '=', room.wave)
    .executeTakeFirst();
}

/** Sets a room's slow mode or pinned message, creating its row the first time. */
export async function setRoomSettings(
  db: Executor,
  room: ChatRoom,
  change: { slow_seconds?: number; pinned_message_id?: string | null },
) {
  await db
    .insertInto('chat_rooms')
    .values({ course_id: room.courseId, wave: room.wave, ...change })
    .onConflict((oc) => oc.columns(['course_id', 'wave']).doUpdateSet(change))
    .execute();
}

export function activeMute(db: Executor, room: ChatRoom, userId: string, now: number) {
  return db
    .selectFrom('chat_mutes')
    .select(['until', 'reason'])
    .where('course_id', '=', room.courseId)
    .where('wave', '=', room.wave)
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .executeTakeFirst();
}

/** The date of this member's latest message in the room (slow mode counts from it). */
export async function lastMessageDate(db: Executor, room: ChatRoom, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select('date')
    .where('course_id', '=', room.courseId)
    .where('wave', '=', room.wave)
    .where('sender_id', '=', userId)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.date) : null;
}

export async function reportCount(db: Executor, messageId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_reports')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open reports, each with its reporter, for the messages that have any; oldest report first. */
export function openReports(db: Executor) {
  return db
    .selectFrom('chat_reports as r')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .innerJoin('chat_messages as m', 'm.id', 'r.message_id')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .select([
      'r.message_id',
      'r.reason',
      'r.text',
      'r.created_at',
      'r.reporter_id',
      'u.first_name',
      'u.last_name',
      'c.title as course_title',
    ])
    .orderBy('r.created_at', 'asc')
    .orderBy('r.message_id')
    .limit(2000)
    .execute();
}

export function messageViewsByIds(db: Executor, ids: string[]) {
  return ids.length === 0 ? Promise.resolve([]) : messageViews(db).where('m.id', 'in', ids).execute();
}

/** The messages a person sent, with their files, for their data export (others' messages are theirs). */
export function chatMessagesForExport(db: Executor, userId: string) {
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
