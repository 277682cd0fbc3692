import type { Insertable } from 'kysely';
import { type Executor, inserted } from '../../infra/db/index.js';
import type {
  ChatMessagesTable,
  CoursesTable,
  DiaryEntriesTable,
  ExerciseCommentsTable,
  ExercisesTable,
  FilesTable,
  LessonsTable,
  PaymentOrdersTable,
  PaymentsTable,
} from '../../infra/db/schema.js';

/*
 * The import's own writes. An import is not a learner acting: the features' services would
 * notify, mail, credit points, record practice and take a transaction per row for each record,
 * none of which an old record may cause (its points come in its own ledger rows). So the rows
 * go in here, plain, inside the import's one transaction; what has one piece of code elsewhere
 * (a person's row, a ledger row, a lesson's sanitizing, a file's type) is used from its feature.
 */

/** The new id an old record got in an earlier run, if it did. */
export async function mappedId(db: Executor, kind: string, oldId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('import_ids')
    .select('new_id')
    .where('kind', '=', kind)
    .where('old_id', '=', oldId)
    .executeTakeFirst();
  return row?.new_id;
}

/** Every mapping of a kind (people and courses: what every later record points at). */
export async function mappedIds(db: Executor, kind: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('import_ids').select(['old_id', 'new_id']).where('kind', '=', kind).execute();
  return new Map(rows.map((r) => [r.old_id, r.new_id]));
}

export async function mapId(db: Executor, kind: string, oldId: string, newId: string, now: number): Promise<void> {
  await db.insertInto('import_ids').values({ kind, old_id: oldId, new_id: newId, imported_at: now }).execute();
}

export function markOf(db: Executor, userId: string) {
  return db.selectFrom('users').select('mark').where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The inviter found for an imported person, unless one was set already. */
export function setInviter(db: Executor, userId: string, inviterId: string, root: string) {
  return db
    .updateTable('users')
    .set({ inviter_id: inviterId })
    .where('id', '=', userId)
    .where('inviter_id', '=', root)
    .execute();
}

export function insertCourse(db: Executor, course: Omit<CoursesTable, 'content_version' | 'reply_target_hours'>) {
  return db.insertInto('courses').values(course).execute();
}

export function courseOf(db: Executor, courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'title', 'current_wave', 'next_wave'])
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
}

export function announceNextWave(db: Executor, courseId: string, wave: string) {
  return db
    .updateTable('courses')
    .set({ next_wave: wave })
    .where('id', '=', courseId)
    .where('next_wave', 'is', null)
    .execute();
}

export function insertWave(db: Executor, courseId: string, label: string, start: number) {
  return db
    .insertInto('course_waves')
    .values({ course_id: courseId, label, start })
    .onConflict((c) => c.columns(['course_id', 'label']).doNothing())
    .execute();
}

export async function insertLesson(db: Executor, lesson: LessonsTable): Promise<boolean> {
  const done = await db
    .insertInto('lessons')
    .values(lesson)
    .onConflict((c) => c.columns(['course_id', 'day']).doNothing())
    .executeTakeFirst();
  return inserted(done);
}

export function insertSchedule(db: Executor, courseId: string, wave: string, day: number, date: number) {
  return db
    .insertInto('lesson_schedules')
    .values({ course_id: courseId, wave, day, scheduled_date: date })
    .onConflict((c) => c.columns(['course_id', 'wave', 'day']).doNothing())
    .execute();
}

export function insertOrder(db: Executor, order: PaymentOrdersTable) {
  return db.insertInto('payment_orders').values(order).execute();
}

/** A subscription cancelled at the old platform after an earlier import saw it running. */
export function endSubscription(db: Executor, orderId: string, at: number) {
  return db
    .updateTable('payment_orders')
    .set({ status: 'unsubscribed', unsubscribed_at: at })
    .where('order_id', '=', orderId)
    .where('status', '=', 'subscribed')
    .execute();
}

export async function insertCharge(db: Executor, charge: PaymentsTable): Promise<boolean> {
  const done = await db
    .insertInto('payments')
    .values(charge)
    .onConflict((c) => c.column('payment_id').doNothing())
    .executeTakeFirst();
  return inserted(done);
}

export async function insertDiary(db: Executor, entry: DiaryEntriesTable): Promise<boolean> {
  const done = await db
    .insertInto('diary_entries')
    .values(entry)
    .onConflict((c) => c.columns(['user_id', 'course_id', 'day']).doNothing())
    .executeTakeFirst();
  return inserted(done);
}

/** Whether the learner has homework for that lesson already (one per lesson here). */
export async function hasExercise(db: Executor, userId: string, courseId: string, day: number): Promise<boolean> {
  const row = await db
    .selectFrom('exercises')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * After hasExercise: no conflict is expected, and one (homework sent on the running platform in
 * between) fails the run, which then writes nothing, rather than leave the attachment stored.
 */
export function insertExercise(db: Executor, exercise: ExercisesTable) {
  return db.insertInto('exercises').values(exercise).execute();
}

export function insertComment(db: Executor, comment: ExerciseCommentsTable) {
  return db.insertInto('exercise_comments').values(comment).execute();
}

export function insertMessage(db: Executor, message: Omit<ChatMessagesTable, 'hidden_at'>) {
  return db.insertInto('chat_messages').values(message).execute();
}

export function insertFile(db: Executor, file: Insertable<FilesTable>) {
  return db.insertInto('files').values(file).execute();
}
