import { DIARY_MESSAGES, type Diary, type DiaryListItem, kyivIsoDate } from '@yedyni/contract';
import type { Clock } from '../../infra/clock.js';
import { type Db, type Executor, isUniqueViolation } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { recordPractice } from '../habit/index.js';
import { canReadDiaryEntry } from './policy.js';
import { diariesOf, diaryView, findDiary, insertDiary } from './repo.js';

export interface DiaryFields {
  courseId: string;
  day: number;
  date: string;
  entry?: string | undefined;
  plan?: string | undefined;
}

/** A calendar date that exists ('2026-02-30' does not). */
function isRealDate(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number);
  const probe = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() + 1 === m && probe.getUTCDate() === d;
}

/**
 * What the diary asks of the courses (services.ts hands it CoursesService): whether the caller
 * may see a course, and read one of its lessons; each throws the course's own refusal.
 */
export interface LessonAccess {
  access(actor: Actor, courseId: string): Promise<unknown>;
  /** Each lesson's day and theme, for a caller who may see the course. */
  lessonThemes(actor: Actor, courseId: string): Promise<{ day: number; theme: string }[]>;
  openLesson(actor: Actor, courseId: string, day: number): Promise<unknown>;
}

/** One entry per learner and lesson, only for lessons the learner can read. */
export class DiaryService {
  constructor(private readonly deps: { db: Db; clock: Clock; courses: LessonAccess }) {}

  async get(actor: Actor, courseId: string, day: number): Promise<Diary | null> {
    await this.deps.courses.access(actor, courseId);
    const row = await findDiary(this.deps.db, actor.id, courseId, day);
    return row && canReadDiaryEntry(actor, row) ? diaryView(row) : null;
  }

  /** The caller's own entries of a course (never anyone else's), by lesson day. */
  async list(actor: Actor, courseId: string): Promise<DiaryListItem[]> {
    const themes = await this.deps.courses.lessonThemes(actor, courseId);
    const rows = await diariesOf(this.deps.db, actor.id, courseId);
    return rows
      .filter((row) => canReadDiaryEntry(actor, row))
      .map((row) => {
        const { lessonId, date, entry, plan, test } = diaryView(row);
        return { lessonId, theme: themes.find((l) => l.day === row.day)?.theme ?? '', date, entry, plan, test };
      });
  }

  async create(actor: Actor, fields: DiaryFields): Promise<Diary> {
    if (!isRealDate(fields.date)) throw new AppError(400, 'Дата: такого дня немає в календарі');
    await this.deps.courses.openLesson(actor, fields.courseId, fields.day);
    const now = this.deps.clock.now();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const id = await insertDiary(trx, {
          user_id: actor.id,
          course_id: fields.courseId,
          day: fields.day,
          date: fields.date,
          entry: fields.entry ?? '',
          plan: fields.plan ?? '',
          now,
        });
        await this.practised(trx, actor.id, id, fields, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, DIARY_MESSAGES.exists);
      throw error;
    }
    return this.getOrThrow(actor.id, fields.courseId, fields.day);
  }

  async update(actor: Actor, fields: DiaryFields): Promise<Diary> {
    if (!isRealDate(fields.date)) throw new AppError(400, 'Дата: такого дня немає в календарі');
    await this.deps.courses.openLesson(actor, fields.courseId, fields.day);
    const now = this.deps.clock.now();
    const changes = {
      date: fields.date,
      ...(fields.entry !== undefined ? { entry: fields.entry } : {}),
      ...(fields.plan !== undefined ? { plan: fields.plan } : {}),
      updated_at: now,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('diary_entries')
        .set(changes)
        .where('user_id', '=', actor.id)
        .where('course_id', '=', fields.courseId)
        .where('day', '=', fields.day)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new AppError(404, DIARY_MESSAGES.notFound);
      await this.practised(trx, actor.id, updated.id, fields, now);
    });
    return this.getOrThrow(actor.id, fields.courseId, fields.day);
  }

  /**
   * Writing in the diary is practice (docs/domain.md «The daily habit») when the entry's text is
   * not empty: once per entry and Kyiv day, however often it is saved that day.
   */
  private async practised(trx: Executor, userId: string, entryId: string, fields: DiaryFields, now: number) {
    if (!fields.entry?.trim()) return;
    await recordPractice(trx, {
      userId,
      kind: 'diary',
      sourceKey: `diary:${entryId}:${kyivIsoDate(now)}`,
      at: now,
      lesson: `${fields.courseId}:${fields.day}`,
    });
  }

  private async getOrThrow(userId: string, courseId: string, day: number): Promise<Diary> {
    const row = await findDiary(this.deps.db, userId, courseId, day);
    if (!row) throw new AppError(404, DIARY_MESSAGES.notFound);
    return diaryView(row);
  }
}
