import type { Executor } from '../../infra/db/index.js';

export function waveExists(db: Executor, courseId: string, wave: string) {
  return db
    .selectFrom('course_waves')
    .select('label')
    .where('course_id', '=', courseId)
    .where('label', '=', wave)
    .executeTakeFirst();
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
) {
  let query = messageViews(db).where('m.course_id', '=', room.courseId).where('m.wave', '=', room.wave);
  if (page.anchor !== undefined) query = query.where('m.date', '<=', page.anchor);
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

/** A wave that has not started yet renamed: its room's messages move with it (the caller's transaction). */
export function moveRoom(db: Executor, courseId: string, from: string, to: string) {
  return db
    .updateTable('chat_messages')
    .set({ wave: to })
    .where('course_id', '=', courseId)
    .where('wave', '=', from)
    .execute();
}
