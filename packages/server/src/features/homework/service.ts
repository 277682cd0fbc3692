import { randomUUID } from 'node:crypto';
import {
  type Author,
  type Comment,
  type Exercise,
  type ExerciseNotification,
  FILE_MESSAGES,
  type FileFields,
  HOMEWORK_MESSAGES,
  kyivIsoDate,
  type MistakeTag,
  RATING_UNDO_MS,
  type RatingUndone,
  REPLY_TARGET_HOURS,
  storedMistakeTags,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { excerpt, writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import type { ExerciseCommentsTable, ExercisesTable } from '../../infra/db/schema.js';
import { isDatabaseUnavailable, type OutageLog } from '../../infra/db/unavailable.js';
import { AppError } from '../../infra/errors.js';
import type { Broadcaster } from '../../infra/realtime.js';
import type { Actor } from '../auth/index.js';
import { authorsById } from '../auth/index.js';
import type { CoursesService } from '../courses/index.js';
import { FilesService, type StoredUpload } from '../files/index.js';
import { recordPractice } from '../habit/index.js';
import type { NotificationService } from '../notifications/index.js';
import { addFootprint } from '../support/index.js';
import {
  canComment,
  canDeleteComment,
  canEditComment,
  canEditHomework,
  canRate,
  canReadExercise,
  canTagComment,
  commentAbilities,
  exerciseAbilities,
  isModeration,
  isOwnRating,
  REVIEWER_ROLES,
  ratingStillWithdrawable,
  reviewsHomework,
} from './policy.js';
import { ReviewQueue } from './queue.js';

/** A curator's comment or rating is mailed after this long, if the learner has not seen it by then. */
const HOMEWORK_MAIL_DELAY_MS = 60 * 60 * 1000;

/**
 * Homework and its review: one exercise per learner and lesson, a thread of comments between the
 * learner and curators, files on both, ratings in the footprint ledger, and notifications.
 * Anyone but the owner and curators is told an exercise does not exist.
 */
export class HomeworkService {
  /** The curators' queue, history, claims and reply times. */
  readonly review: ReviewQueue;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      courses: CoursesService;
      files: FilesService;
      broadcaster: Broadcaster;
      notifications: NotificationService;
      log: FastifyBaseLogger;
      /** Where a push that failed for want of the database is told (once per outage, not per push). */
      outage?: OutageLog;
    },
  ) {
    this.review = new ReviewQueue({ db: deps.db, clock: deps.clock });
  }

  private now(): number {
    return this.deps.clock.now();
  }

  /**
   * After a committed change to someone's homework: their unread count and every curator's may
   * have moved, so each is told the new number over their sockets. Best effort: the badge also
   * refreshes itself on navigation.
   */
  private countsChanged(ownerId: string): void {
    this.pushCounts(ownerId).catch((error: unknown) => {
      if (this.deps.outage && isDatabaseUnavailable(error)) this.deps.outage.failed(error);
      else this.deps.log.warn({ err: error }, 'notification count push failed');
    });
  }

  private async pushCounts(ownerId: string): Promise<void> {
    const people = await this.deps.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where((eb) => eb.or([eb('id', '=', ownerId), eb('role', 'in', [...REVIEWER_ROLES])]))
      .execute();
    for (const person of people) {
      const countNotifications = await this.countNotifications(person);
      this.deps.broadcaster.toUser(person.id, 'notifications:count', { countNotifications });
    }
  }

  /** The exercise if the caller may see it; 404 for everyone else, whatever the id. */
  private async visible(actor: Actor, exerciseId: string, db: Executor = this.deps.db): Promise<ExercisesTable> {
    const row = await db.selectFrom('exercises').selectAll().where('id', '=', exerciseId).executeTakeFirst();
    if (!row || !canReadExercise(actor, row)) throw new AppError(404, HOMEWORK_MESSAGES.notFound);
    return row;
  }

  private async comment(exerciseId: string, commentId: string, db: Executor = this.deps.db) {
    const row = await db
      .selectFrom('exercise_comments')
      .selectAll()
      .where('id', '=', commentId)
      .where('exercise_id', '=', exerciseId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, HOMEWORK_MESSAGES.commentNotFound);
    return row;
  }

  async mine(actor: Actor, courseId: string, day: number): Promise<Exercise | null> {
    await this.deps.courses.access(actor, courseId);
    const row = await this.deps.db
      .selectFrom('exercises')
      .select('id')
      .where('user_id', '=', actor.id)
      .where('course_id', '=', courseId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? this.view(actor, row.id) : null;
  }

  async byId(actor: Actor, exerciseId: string): Promise<Exercise> {
    await this.visible(actor, exerciseId);
    return this.view(actor, exerciseId, true);
  }

  /** Where a form's file from `actor` goes: their files, within their quota and upload rate. */
  fileReceiver(actor: Actor) {
    return this.deps.files.receiver(actor.id);
  }

  async create(
    actor: Actor,
    courseId: string,
    day: number,
    homework: string,
    upload?: StoredUpload,
  ): Promise<Exercise> {
    if (!homework.trim() && !upload) throw new AppError(400, HOMEWORK_MESSAGES.emptyHomework);
    await this.deps.courses.openLesson(actor, courseId, day);
    const id = randomUUID();
    await this.deps.files.withFile(upload, async (trx, stored) => {
      const fileId = stored ? await this.deps.files.record(trx, stored, actor.id) : null;
      const now = this.now();
      try {
        await trx
          .insertInto('exercises')
          .values({
            id,
            user_id: actor.id,
            course_id: courseId,
            day,
            homework,
            file_id: fileId,
            status: 'active',
            rating: null,
            rating_version: 0,
            created_at: now,
            updated_at: now,
            waiting_since: now,
            reviewed_at: null,
            claimed_by: null,
            claim_until: null,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, HOMEWORK_MESSAGES.exists);
        throw error;
      }
      await this.practised(trx, { id, user_id: actor.id, course_id: courseId, day }, now);
      return { result: undefined, dropKeys: [] };
    });
    this.countsChanged(actor.id);
    return this.view(actor, id);
  }

  /** New text, and a new file if one is sent (the old one goes); waiting for a curator again. */
  async update(actor: Actor, exerciseId: string, homework: string, upload?: StoredUpload): Promise<Exercise> {
    const exercise = await this.visible(actor, exerciseId);
    if (!canEditHomework(actor, exercise)) throw new AppError(403, HOMEWORK_MESSAGES.notYours);
    if (!homework.trim() && !upload && !exercise.file_id) throw new AppError(400, HOMEWORK_MESSAGES.emptyHomework);
    await this.deps.files.withFile(upload, async (trx, stored) => {
      const fileId = stored ? await this.deps.files.record(trx, stored, actor.id) : exercise.file_id;
      const now = this.now();
      await trx
        .updateTable('exercises')
        .set({ homework, file_id: fileId, status: 'active', updated_at: now, ...startsWaiting(now) })
        .where('id', '=', exerciseId)
        .execute();
      await this.practised(trx, exercise, now);
      const dropKeys = stored ? await this.deps.files.forget(trx, [exercise.file_id]) : [];
      return { result: undefined, dropKeys };
    });
    this.countsChanged(exercise.user_id);
    return this.view(actor, exerciseId);
  }

  /**
   * Handing homework in, or revising it with content, is practice (docs/domain.md «The daily
   * habit»): once per homework and Kyiv day. Emptying it is not.
   */
  private async practised(
    trx: Executor,
    exercise: Pick<ExercisesTable, 'id' | 'user_id' | 'course_id' | 'day'>,
    now: number,
  ): Promise<void> {
    await recordPractice(trx, {
      userId: exercise.user_id,
      kind: 'homework',
      sourceKey: `homework:${exercise.id}:${kyivIsoDate(now)}`,
      at: now,
      lesson: `${exercise.course_id}:${exercise.day}`,
    });
  }

  /** Empties the homework: text and file gone, rating taken back from the footprint. */
  async clearHomework(actor: Actor, exerciseId: string): Promise<Exercise> {
    const exercise = await this.visible(actor, exerciseId);
    if (!canEditHomework(actor, exercise)) throw new AppError(403, HOMEWORK_MESSAGES.notYours);
    await this.deps.files.withFile(undefined, async (trx) => {
      const current = await this.visible(actor, exerciseId, trx);
      if (!(await this.changeRating(trx, current, null, 'Домашнє завдання видалено'))) {
        throw new AppError(409, 'Куратор саме оцінює це завдання. Спробуйте ще раз.');
      }
      await trx
        .updateTable('exercises')
        .set({ homework: '', file_id: null, status: 'inactive', updated_at: this.now(), ...stopsWaiting })
        .where('id', '=', exerciseId)
        .execute();
      return { result: undefined, dropKeys: await this.deps.files.forget(trx, [current.file_id]) };
    });
    this.countsChanged(exercise.user_id);
    return this.view(actor, exerciseId);
  }

  /** Removes the homework's file, or a comment's, by the person who attached it. */
  async removeFile(actor: Actor, exerciseId: string, commentId?: string): Promise<Exercise> {
    const exercise = await this.visible(actor, exerciseId);
    await this.deps.files.withFile(undefined, async (trx) => {
      if (commentId) {
        const comment = await this.comment(exerciseId, commentId, trx);
        if (!canEditComment(actor, comment)) throw new AppError(403, HOMEWORK_MESSAGES.notYours);
        if (!comment.file_id) throw new AppError(404, FILE_MESSAGES.noFile);
        await trx.updateTable('exercise_comments').set({ file_id: null }).where('id', '=', commentId).execute();
        return { result: undefined, dropKeys: await this.deps.files.forget(trx, [comment.file_id]) };
      }
      if (!canEditHomework(actor, exercise)) throw new AppError(403, HOMEWORK_MESSAGES.notYours);
      if (!exercise.file_id) throw new AppError(404, FILE_MESSAGES.noFile);
      await trx.updateTable('exercises').set({ file_id: null }).where('id', '=', exerciseId).execute();
      return { result: undefined, dropKeys: await this.deps.files.forget(trx, [exercise.file_id]) };
    });
    return this.view(actor, exerciseId);
  }

  /** A learner's comment asks curators again (active); a curator's is the last word (inactive). */
  async addComment(
    actor: Actor,
    exerciseId: string,
    text: string,
    upload?: StoredUpload,
    tags: readonly MistakeTag[] = [],
  ): Promise<Comment> {
    const exercise = await this.visible(actor, exerciseId);
    if (!canComment(actor, exercise)) throw new AppError(404, HOMEWORK_MESSAGES.notFound);
    if (!text.trim() && !upload) throw new AppError(400, HOMEWORK_MESSAGES.emptyComment);
    if (tags.length > 0 && !canTagComment(actor, exercise)) throw new AppError(403, HOMEWORK_MESSAGES.tagsCuratorsOnly);
    const id = randomUUID();
    await this.deps.files.withFile(upload, async (trx, stored) => {
      const fileId = stored ? await this.deps.files.record(trx, stored, actor.id) : null;
      const now = this.now();
      await trx
        .insertInto('exercise_comments')
        .values({
          id,
          exercise_id: exerciseId,
          author_id: actor.id,
          comment: text,
          file_id: fileId,
          is_read: 0,
          tags: JSON.stringify(tags),
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (exercise.user_id === actor.id) {
        await trx
          .updateTable('exercises')
          .set({ status: 'active', updated_at: now, ...startsWaiting(now) })
          .where('id', '=', exerciseId)
          .execute();
      } else {
        await this.answered(trx, exerciseId, actor, now);
      }
      if (exercise.user_id !== actor.id) {
        const where = await this.whereabouts(trx, exercise, actor.id);
        const title = 'Куратор прокоментував ваше домашнє завдання';
        await this.tellOwner(trx, exercise, actor, {
          key: `homework:comment:${id}`,
          title,
          body: `${where.lesson}. ${where.author}: «${excerpt(text || 'файл')}»`,
          paragraphs: [
            `${where.author} прокоментував(-ла) ваше домашнє завдання: ${where.lesson}.`,
            `«${excerpt(text || 'файл')}»`,
          ],
        });
      }
      return { result: undefined, dropKeys: [] };
    });
    this.countsChanged(exercise.user_id);
    return this.commentView(actor, exerciseId, id);
  }

  async editComment(
    actor: Actor,
    exerciseId: string,
    commentId: string,
    text: string,
    upload?: StoredUpload,
    /** Undefined keeps the comment's tags. */
    tags?: readonly MistakeTag[],
  ): Promise<Comment> {
    const exercise = await this.visible(actor, exerciseId);
    const comment = await this.comment(exerciseId, commentId);
    if (!canEditComment(actor, comment)) throw new AppError(403, HOMEWORK_MESSAGES.notYours);
    if (!text.trim() && !upload && !comment.file_id) throw new AppError(400, HOMEWORK_MESSAGES.emptyComment);
    if (tags && tags.length > 0 && !canTagComment(actor, exercise)) {
      throw new AppError(403, HOMEWORK_MESSAGES.tagsCuratorsOnly);
    }
    await this.deps.files.withFile(upload, async (trx, stored) => {
      const fileId = stored ? await this.deps.files.record(trx, stored, actor.id) : comment.file_id;
      await trx
        .updateTable('exercise_comments')
        .set({
          comment: text,
          file_id: fileId,
          updated_at: this.now(),
          ...(tags ? { tags: JSON.stringify(tags) } : {}),
        })
        .where('id', '=', commentId)
        .execute();
      return { result: undefined, dropKeys: stored ? await this.deps.files.forget(trx, [comment.file_id]) : [] };
    });
    return this.commentView(actor, exerciseId, commentId);
  }

  async deleteComment(actor: Actor, exerciseId: string, commentId: string): Promise<{ commentId: string }> {
    const exercise = await this.visible(actor, exerciseId);
    const comment = await this.comment(exerciseId, commentId);
    if (!canDeleteComment(actor, comment)) throw new AppError(403, HOMEWORK_MESSAGES.notYours);
    await this.deps.files.withFile(undefined, async (trx) => {
      await trx.deleteFrom('exercise_comments').where('id', '=', commentId).execute();
      if (isModeration(actor, comment)) {
        const where = await this.whereabouts(trx, exercise, comment.author_id);
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'comment.delete',
          target: `comment:${commentId}`,
          summary: `Коментар ${where.author} до завдання ${where.owner}, ${where.lesson}: «${excerpt(comment.comment)}»`,
          details: {
            exerciseId,
            authorId: comment.author_id,
            ownerId: exercise.user_id,
            courseId: exercise.course_id,
            day: exercise.day,
            comment: comment.comment,
            fileId: comment.file_id,
          },
          now: this.now(),
        });
      }
      return { result: undefined, dropKeys: await this.deps.files.forget(trx, [comment.file_id]) };
    });
    this.countsChanged(exercise.user_id);
    return { commentId };
  }

  /** Marks the comments others wrote on this exercise as read by the caller. */
  async markRead(actor: Actor, exerciseId: string): Promise<{ exerciseId: string; countNotifications: number }> {
    await this.visible(actor, exerciseId);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('exercise_comments')
        .set({ is_read: 1 })
        .where('exercise_id', '=', exerciseId)
        .where('author_id', '!=', actor.id)
        .where('is_read', '=', 0)
        .execute();
      await this.deps.notifications.markSubjectRead(trx, actor.id, `exercise:${exerciseId}`);
    });
    const countNotifications = await this.countNotifications(actor);
    // The caller's other tabs and devices learn it too.
    this.deps.broadcaster.toUser(actor.id, 'notifications:count', { countNotifications });
    return { exerciseId, countNotifications };
  }

  async rate(actor: Actor, exerciseId: string, rating: number): Promise<{ exerciseId: string; rating: number }> {
    const exercise = await this.visible(actor, exerciseId);
    if (!canRate(actor, exercise)) throw new AppError(403, HOMEWORK_MESSAGES.curatorsOnly);
    for (let attempt = 0; attempt < 10; attempt++) {
      const done = await this.deps.db.transaction().execute(async (trx) => {
        const current = await this.visible(actor, exerciseId, trx);
        if (!current.homework.trim() && !current.file_id) throw new AppError(409, HOMEWORK_MESSAGES.nothingToRate);
        if (!(await this.changeRating(trx, current, rating, 'Оцінка домашнього завдання'))) return false;
        const ratedAt = this.now();
        await this.answered(trx, exerciseId, actor, ratedAt);
        const version = current.rating_version + 1;
        // What the rating replaces, for its curator's withdrawal (undoRating); a newer rating replaces it.
        const given = {
          curator_id: actor.id,
          rating_version: version,
          rating,
          rated_at: ratedAt,
          previous_rating: current.rating,
          previous_status: current.status,
          previous_updated_at: current.updated_at,
          previous_waiting_since: current.waiting_since,
        };
        await trx
          .insertInto('exercise_ratings')
          .values({ exercise_id: exerciseId, ...given })
          .onConflict((conflict) => conflict.column('exercise_id').doUpdateSet(given))
          .execute();
        const where = await this.whereabouts(trx, current);
        // Held while the rating may be withdrawn: a withdrawn one is never told.
        await this.tellOwner(
          trx,
          current,
          actor,
          {
            key: ratingKey(exerciseId, version),
            title: `Домашнє завдання оцінено: ${rating} з 12`,
            body: `${where.lesson}: оцінка ${rating}.`,
            paragraphs: [`Куратор оцінив ваше домашнє завдання (${where.lesson}): ${rating} з 12.`],
          },
          RATING_UNDO_MS,
        );
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'homework.rate',
          target: `exercise:${exerciseId}`,
          summary: `${where.owner}, ${where.lesson}: оцінка ${current.rating ?? '—'} → ${rating}`,
          details: {
            ownerId: current.user_id,
            courseId: current.course_id,
            day: current.day,
            from: current.rating,
            to: rating,
          },
          now: this.now(),
        });
        return true;
      });
      if (done) {
        this.countsChanged(exercise.user_id);
        return { exerciseId, rating };
      }
    }
    throw new AppError(409, 'Оцінку саме змінює інший куратор. Спробуйте ще раз.');
  }

  /**
   * The curator who gave the last rating withdraws it within RATING_UNDO_MS: the rating, the
   * footprint (a counter-entry in the ledger), and, if nothing else touched the homework since,
   * its status and time go back to what they were; the held notification goes unsent; the audit
   * log keeps both lines. Anything that moved the rating since makes the rating final.
   */
  async undoRating(actor: Actor, exerciseId: string): Promise<RatingUndone> {
    const exercise = await this.visible(actor, exerciseId);
    const undone = await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.visible(actor, exerciseId, trx);
      const last = await trx
        .selectFrom('exercise_ratings')
        .selectAll()
        .where('exercise_id', '=', exerciseId)
        .executeTakeFirst();
      if (!last || last.rating_version !== current.rating_version) {
        throw new AppError(409, HOMEWORK_MESSAGES.noRatingToUndo);
      }
      if (!isOwnRating(actor, last)) throw new AppError(403, HOMEWORK_MESSAGES.undoNotYours);
      if (!ratingStillWithdrawable(last, this.now())) throw new AppError(409, HOMEWORK_MESSAGES.undoTooLate);
      if (!(await this.changeRating(trx, current, last.previous_rating, 'Оцінку скасовано'))) {
        throw new AppError(409, HOMEWORK_MESSAGES.noRatingToUndo);
      }
      // Untouched since the rating (no comment, no edit): exactly as before it; else the later change stands.
      const untouched = current.updated_at === last.rated_at;
      const status = untouched ? last.previous_status : current.status;
      await trx
        .updateTable('exercises')
        .set({
          status,
          updated_at: untouched ? last.previous_updated_at : current.updated_at,
          ...(untouched ? { waiting_since: last.previous_waiting_since } : {}),
        })
        .where('id', '=', exerciseId)
        .execute();
      // A withdrawn first answer was no answer: the reply log forgets it.
      if (untouched && last.previous_waiting_since !== null) {
        await trx
          .deleteFrom('homework_replies')
          .where('exercise_id', '=', exerciseId)
          .where('replied_at', '=', last.rated_at)
          .execute();
      }
      await trx.deleteFrom('exercise_ratings').where('exercise_id', '=', exerciseId).execute();
      await this.deps.notifications.withdraw(trx, current.user_id, ratingKey(exerciseId, last.rating_version));
      const where = await this.whereabouts(trx, current);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'homework.rate.undo',
        target: `exercise:${exerciseId}`,
        summary: `${where.owner}, ${where.lesson}: оцінку ${last.rating} скасовано → ${last.previous_rating ?? '—'}`,
        details: {
          ownerId: current.user_id,
          courseId: current.course_id,
          day: current.day,
          from: last.rating,
          to: last.previous_rating,
        },
        now: this.now(),
      });
      return { exerciseId, rating: last.previous_rating, status };
    });
    this.countsChanged(exercise.user_id);
    return undone;
  }

  /**
   * A curator's comment or rating answers the homework: it stops waiting, its claim is released,
   * and, when it was waiting, the reply log gets the wait in the same transaction.
   */
  private async answered(trx: Executor, exerciseId: string, curator: Actor, now: number): Promise<void> {
    const before = await trx
      .selectFrom('exercises as e')
      .leftJoin('enrollments as en', (join) =>
        join.onRef('en.user_id', '=', 'e.user_id').onRef('en.course_id', '=', 'e.course_id'),
      )
      .select(['e.course_id', 'e.waiting_since', 'en.wave'])
      .where('e.id', '=', exerciseId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('exercises')
      .set({ status: 'inactive', updated_at: now, reviewed_at: now, ...stopsWaiting })
      .where('id', '=', exerciseId)
      .execute();
    if (before.waiting_since === null) return;
    await trx
      .insertInto('homework_replies')
      .values({
        id: randomUUID(),
        exercise_id: exerciseId,
        course_id: before.course_id,
        wave: before.wave ?? '',
        curator_id: curator.id,
        waited_from: before.waiting_since,
        replied_at: now,
      })
      .execute();
  }

  /**
   * A curator's comment or rating, told to the homework's owner in the same transaction: push at
   * once, e-mail an hour later only if it is still unread by then.
   */
  private async tellOwner(
    trx: Executor,
    exercise: ExercisesTable,
    actor: Actor,
    told: { key: string; title: string; body: string; paragraphs: string[] },
    holdMs?: number,
  ): Promise<void> {
    await this.deps.notifications.notify(trx, {
      userId: exercise.user_id,
      category: 'homework',
      key: told.key,
      title: told.title,
      body: told.body,
      link: `/uk/learn/${exercise.course_id}/${exercise.day}/practice`,
      subject: `exercise:${exercise.id}`,
      actorId: actor.id,
      email: { subject: told.title, paragraphs: told.paragraphs, action: 'Переглянути завдання' },
      emailDelayMs: HOMEWORK_MAIL_DELAY_MS,
      holdMs,
    });
  }

  /** Names for an audit line: the homework's owner, a comment's author, and «course», lesson. */
  private async whereabouts(trx: Executor, exercise: ExercisesTable, authorId?: string) {
    const [people, course] = await Promise.all([
      authorsById(trx, authorId ? [exercise.user_id, authorId] : [exercise.user_id]),
      trx.selectFrom('courses').select('title').where('id', '=', exercise.course_id).executeTakeFirst(),
    ]);
    const name = (id: string) => {
      const person = people.get(id);
      return person ? `${person.first_name} ${person.last_name}` : 'видалений користувач';
    };
    return {
      owner: name(exercise.user_id),
      author: authorId ? name(authorId) : '',
      lesson: `«${course?.title ?? exercise.course_id}», урок ${exercise.day}`,
    };
  }

  /**
   * Moves the rating and the learner's footprint by the difference, guarded by the rating's
   * version: false when someone else changed it first (the caller retries with fresh data).
   */
  private async changeRating(trx: Executor, exercise: ExercisesTable, rating: number | null, reason: string) {
    const version = exercise.rating_version + 1;
    const updated = await trx
      .updateTable('exercises')
      .set({ rating, rating_version: version, updated_at: this.now() })
      .where('id', '=', exercise.id)
      .where('rating_version', '=', exercise.rating_version)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) return false;
    const difference = (rating ?? 0) - (exercise.rating ?? 0);
    if (difference !== 0) {
      const course = await trx
        .selectFrom('courses')
        .select('title')
        .where('id', '=', exercise.course_id)
        .executeTakeFirst();
      await addFootprint(trx, {
        userId: exercise.user_id,
        points: difference,
        comment: `${reason}: «${course?.title ?? ''}», урок ${exercise.day}`,
        sourceKey: `rating:${exercise.id}:${version}`,
        date: this.now(),
      });
    }
    return true;
  }

  /** The badge: unread notifications, and for a reviewer the homework waiting for review. */
  countNotifications(actor: Actor): Promise<number> {
    return this.deps.notifications.badge(actor);
  }

  /** Homework waiting for a reviewer (not their own); 0 for anyone who does not review. */
  async waitingForReview(actor: Actor): Promise<number> {
    if (!reviewsHomework(actor)) return 0;
    const row = await this.deps.db
      .selectFrom('exercises')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .where('user_id', '!=', actor.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Homework waiting for any curator since before `before` (the curators' review digest). */
  async waitingSince(before: number): Promise<number> {
    const row = await this.deps.db
      .selectFrom('exercises')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('waiting_since', '<', before)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Newest first: for a learner, exercises with unread curator comments; for a curator, waiting homework. */
  async notifications(actor: Actor, page: number, limit: number) {
    // The count beside the list, not before it: on PostgreSQL each is a round trip (issue 23).
    const [countNotifications, notifications] = await Promise.all([
      this.countNotifications(actor),
      this.notificationList(actor, (page - 1) * limit, limit),
    ]);
    return { notifications, countNotifications };
  }

  private async notificationList(actor: Actor, offset: number, limit: number): Promise<ExerciseNotification[]> {
    const { db } = this.deps;
    let notifications: ExerciseNotification[];
    if (reviewsHomework(actor)) {
      const rows = await db
        .selectFrom('exercises as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .select([
          'e.id',
          'e.course_id',
          'e.day',
          'e.updated_at',
          'c.title',
          'u.id as uid',
          'u.first_name',
          'u.last_name',
        ])
        .where('e.status', '=', 'active')
        .where('e.user_id', '!=', actor.id)
        .orderBy('e.updated_at', 'desc')
        .orderBy('e.id')
        .limit(limit)
        .offset(offset)
        .execute();
      notifications = rows.map((r) => ({
        exerciseId: r.id,
        courseId: r.course_id,
        courseTitle: r.title,
        lessonId: String(r.day),
        from: { _id: r.uid, first_name: r.first_name, last_name: r.last_name },
        date: r.updated_at,
      }));
    } else {
      // Newest unread homework notification per exercise: a curator's comment or rating.
      const newest = new Map<string, { actorId: string | null; date: number }>();
      for (const row of await this.deps.notifications.unreadAbout(actor.id, 'homework')) {
        const exerciseId = row.subject?.replace(/^exercise:/, '') ?? '';
        if (!newest.has(exerciseId)) newest.set(exerciseId, { actorId: row.actor_id, date: row.created_at });
      }
      const shown = [...newest.entries()].slice(offset, offset + limit);
      const ids = shown.map(([id]) => id);
      const [exercises, people] = await Promise.all([
        ids.length
          ? db
              .selectFrom('exercises as e')
              .innerJoin('courses as c', 'c.id', 'e.course_id')
              .select(['e.id', 'e.course_id', 'e.day', 'c.title'])
              .where('e.id', 'in', ids)
              .where('e.user_id', '=', actor.id)
              .execute()
          : [],
        authorsById(
          db,
          shown.flatMap(([, n]) => (n.actorId ? [n.actorId] : [])),
        ),
      ]);
      const byId = new Map(exercises.map((e) => [e.id, e]));
      notifications = shown.flatMap(([id, n]) => {
        const exercise = byId.get(id);
        if (!exercise) return [];
        const from = (n.actorId && people.get(n.actorId)) || { _id: '', first_name: '', last_name: '' };
        return [
          {
            exerciseId: id,
            courseId: exercise.course_id,
            courseTitle: exercise.title,
            lessonId: String(exercise.day),
            from,
            date: n.date,
          },
        ];
      });
    }
    return notifications;
  }

  /** the contract's `exerciseSchema`, with signed file links; `withContext` adds the owner and course title. */
  private async view(actor: Actor, exerciseId: string, withContext = false): Promise<Exercise> {
    const { db } = this.deps;
    const exercise = await this.visible(actor, exerciseId);
    const comments = await db
      .selectFrom('exercise_comments')
      .selectAll()
      .where('exercise_id', '=', exerciseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const people = await authorsById(db, [exercise.user_id, ...comments.map((c) => c.author_id)]);
    const files = await this.deps.files.fields(db, [exercise.file_id, ...comments.map((c) => c.file_id)]);
    const fileOf = (id: string | null): FileFields => (id && files.get(id)) || FilesService.none();
    const course = await db
      .selectFrom('courses')
      .select(['title', 'reply_target_hours'])
      .where('id', '=', exercise.course_id)
      .executeTakeFirst();
    return {
      _id: exercise.id,
      courseId: exercise.course_id,
      lessonId: String(exercise.day),
      homework: exercise.homework,
      status: exercise.status,
      rating: exercise.rating,
      ...(withContext ? { owner: people.get(exercise.user_id), courseTitle: course?.title ?? '' } : {}),
      comments: comments.map((c) => commentOf(actor, c, people, fileOf(c.file_id))),
      ...fileOf(exercise.file_id),
      ...exerciseAbilities(actor, exercise),
      replyTargetHours: course?.reply_target_hours ?? REPLY_TARGET_HOURS,
      waitingSince: exercise.waiting_since,
    };
  }

  private async commentView(actor: Actor, exerciseId: string, commentId: string): Promise<Comment> {
    const comment = await this.comment(exerciseId, commentId);
    const people = await authorsById(this.deps.db, [comment.author_id]);
    const files = await this.deps.files.fields(this.deps.db, [comment.file_id]);
    return commentOf(actor, comment, people, (comment.file_id && files.get(comment.file_id)) || FilesService.none());
  }
}

/** A learner's change makes the homework wait, from now unless it already waits (its age stays). */
function startsWaiting(now: number) {
  return { waiting_since: sql<number>`coalesce(waiting_since, ${now})` };
}

/** Answered or emptied: nothing waits, and nobody holds it. */
const stopsWaiting = { waiting_since: null, claimed_by: null, claim_until: null };

/** The notification of the rating that made this rating version (one per rating, so a new one is told anew). */
function ratingKey(exerciseId: string, version: number): string {
  return `homework:rating:${exerciseId}:${version}`;
}

function commentOf(
  actor: Actor,
  comment: ExerciseCommentsTable,
  people: Map<string, Author>,
  file: FileFields,
): Comment {
  return {
    _id: comment.id,
    author: people.get(comment.author_id) ?? { _id: comment.author_id, first_name: '', last_name: '' },
    comment: comment.comment,
    date: comment.created_at,
    isRead: comment.is_read === 1,
    tags: storedMistakeTags(comment.tags),
    ...file,
    ...commentAbilities(actor, comment),
  };
}
