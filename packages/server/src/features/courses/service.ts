import {
  ACCESS_MESSAGES,
  COURSE_MESSAGES,
  type Course,
  type CourseListItem,
  formatDateTime,
  formatLongDate,
  joinableWaves,
  kyivDayRange,
  kyivIsoDate,
  type Lesson,
  lessonOpensAt,
  type SelfTestResult,
  type Today,
  type User,
  WAVE_JOIN_DAYS,
  type WaveState,
} from '@yedyni/contract';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import type { CourseRow } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canModerateRooms, moveRoom } from '../chat/index.js';
import { diaryDaysOf, recordFirstTest } from '../diary/index.js';
import { recordPractice } from '../habit/index.js';
import type { LessonRef } from '../notifications/index.js';
import { addFootprint, creditInvitation } from '../support/index.js';
import type { StoredQuestion } from './content.js';
import { type CachedLesson, CourseContentCache, type LessonTexts } from './content-cache.js';
import { canManageCourse, canReadLesson, canViewCourse } from './policy.js';
import * as repo from './repo.js';

/** A course as one caller sees it: which wave is theirs and when it started. */
export interface CourseAccess {
  course: CourseRow;
  state: WaveState;
  enrolled: boolean;
  wave: string;
  waveStart: number;
  canManage: boolean;
}

/** A course a learner is enrolled in, as their wave sees it. */
export interface EnrolledWave {
  courseId: string;
  title: string;
  wave: string;
  waveStart: number;
  /** When the learner joined: the calendar shows the days before as theirs to skip. */
  enrolledAt: number;
  lessons: { day: number; theme: string; isOpen: boolean }[];
}

export class CoursesService {
  private readonly content: CourseContentCache;

  constructor(
    private readonly deps: {
      db: Db;
      /** For a lesson's first opening: a write whose last second a database crash may lose (infra/db). */
      asyncCommitDb: Db;
      clock: Clock;
      loadUser: (userId: string) => Promise<User>;
      /** Told (and awaited) after a wave's learners moved out of it: the wave was withdrawn or renamed. */
      onWaveMoved?: (from: { courseId: string; wave: string }) => Promise<void>;
      /**
       * Told inside a scored self-test's transaction (first attempt or retake) which questions it
       * got wrong or left blank: they become «Повторення» cards (the game owns them, and the game
       * imports courses, so the composition root passes this in).
       */
      onSelfTestMistakes?: (
        trx: Executor,
        mistakes: { userId: string; courseId: string; day: number; questions: number[] },
        now: number,
      ) => Promise<void>;
    },
  ) {
    this.content = new CourseContentCache(deps.db);
  }

  private now(): number {
    return this.deps.clock.now();
  }

  /** The course if the caller may see it: 404 when it does not exist, 403 when it is not theirs. */
  async access(actor: Actor, courseId: string, db: Executor = this.deps.db): Promise<CourseAccess> {
    const found = await repo.findCourseWithEnrollment(db, courseId, actor.id);
    if (!found) throw new AppError(404, COURSE_MESSAGES.notFound);
    const { course, enrollment } = found;
    if (!canViewCourse(actor, Boolean(enrollment))) throw new AppError(403, COURSE_MESSAGES.notMember);
    // The waves are kept with the lessons under the course row's content_version (0034).
    const starts = (await this.content.get(course)).waves;
    const state = repo.waveStateOf(course, starts, this.now());
    const wave = enrollment?.wave ?? state.currentWave;
    const waveStart = starts.find((w) => w.label === wave)?.start ?? state.currentStart;
    return { course, state, enrolled: Boolean(enrollment), wave, waveStart, canManage: canManageCourse(actor) };
  }

  async list(actor: Actor): Promise<CourseListItem[]> {
    const { db } = this.deps;
    const now = this.now();
    const courses = await repo.listCourses(db);
    const starts = await repo.waveStarts(
      db,
      courses.map((c) => c.id),
    );
    const enrollments = await repo.enrollmentsOf(db, actor.id);
    const diaryDays = await diaryDaysOf(db, actor.id);
    const items: CourseListItem[] = [];
    for (const course of courses) {
      const state = repo.waveStateOf(course, starts, now);
      const enrollment = enrollments.find((e) => e.course_id === course.id);
      const joinWaves = enrollment ? [] : joinableWaves(state, now);
      const wave = enrollment?.wave ?? state.nextWave ?? state.currentWave;
      const waveStart = starts.find((w) => w.course_id === course.id && w.label === wave)?.start ?? state.currentStart;
      const { lessons, schedules: byWave } = await this.content.get(course);
      const schedules = byWave.get(wave);
      const open = lessons.filter((l) => lessonOpensAt(waveStart, l.day, schedules?.get(l.day) ?? null) <= now);
      const done = diaryDays.get(course.id) ?? new Set<number>();
      items.push({
        _id: course.id,
        title: course.title,
        description: course.description,
        wave,
        start: waveStart,
        enrolled: Boolean(enrollment),
        joinWaves,
        lessonsTotal: lessons.length,
        lessonsOpen: open.length,
        lessonsDone: lessons.filter((l) => done.has(l.day)).length,
      });
    }
    return items;
  }

  /**
   * Joins a course: the chosen wave when it is one a newcomer may join (`joinableWaves`: the
   * running wave in its first `WAVE_JOIN_DAYS` days, or the announced next one); without a
   * choice, the announced next wave if there is one, else the current. Joining again changes nothing.
   */
  async enroll(actor: Actor, courseId: string, chosen?: string): Promise<User> {
    const { db } = this.deps;
    const course = await repo.findCourse(db, courseId);
    if (!course) throw new AppError(404, COURSE_MESSAGES.notFound);
    const now = this.now();
    if (chosen === undefined) {
      await this.enrollIn(db, actor.id, course, now);
    } else {
      const starts = await repo.waveStarts(db, [course.id]);
      if (!starts.some((w) => w.label === chosen)) throw new AppError(400, COURSE_MESSAGES.waveUnknown);
      const open = joinableWaves(repo.waveStateOf(course, starts, now), now).some((w) => w.wave === chosen);
      // Someone already in the course keeps their wave, whatever they ask for.
      const enrolled = await repo.findEnrollment(db, actor.id, course.id);
      if (!open && !enrolled) throw new AppError(409, COURSE_MESSAGES.waveClosed(chosen, WAVE_JOIN_DAYS));
      if (!enrolled) await repo.insertEnrollment(db, actor.id, course.id, chosen, now);
    }
    return this.deps.loadUser(actor.id);
  }

  private async enrollIn(db: Executor, userId: string, course: CourseRow, now: number): Promise<void> {
    const state = repo.waveStateOf(course, await repo.waveStarts(db, [course.id]), now);
    await repo.insertEnrollment(db, userId, course.id, state.nextWave ?? state.currentWave, now);
  }

  /** Registration enrols every new learner in the starter courses (same transaction). */
  async enrollInStarterCourses(db: Executor, userId: string, now: number): Promise<void> {
    const starters = await db.selectFrom('courses').selectAll().where('starter', '=', 1).execute();
    for (const course of starters) await this.enrollIn(db, userId, course, now);
  }

  /** Each lesson's day and theme, for a caller who may see the course (the diary's list names them). */
  async lessonThemes(actor: Actor, courseId: string): Promise<{ day: number; theme: string }[]> {
    const { course } = await this.access(actor, courseId);
    const { lessons } = await this.content.get(course);
    return lessons.map(({ day, theme }) => ({ day, theme }));
  }

  async get(actor: Actor, courseId: string): Promise<Course> {
    const access = await this.access(actor, courseId);
    const { course, state, wave, waveStart, canManage } = access;
    const content = await this.content.get(course);
    const schedules = content.schedules.get(wave);
    const now = this.now();
    return {
      _id: course.id,
      title: course.title,
      description: course.description,
      wave,
      start: waveStart,
      currentWave: state.currentWave,
      nextWave: state.nextWave,
      nextStart: state.nextStart,
      canManage,
      canModerateChat: canModerateRooms(actor),
      lessons: content.lessons.map((lesson) => {
        const scheduledDate = schedules?.get(lesson.day) ?? null;
        const opensAt = lessonOpensAt(waveStart, lesson.day, scheduledDate);
        const isOpen = opensAt <= now;
        return lessonView(course.id, lesson, scheduledDate, opensAt, isOpen, canReadLesson(actor, isOpen));
      }),
    };
  }

  /** An open lesson of a course the caller may see; closed ones answer 403 with when they open. */
  async openLesson(
    actor: Actor,
    courseId: string,
    day: number,
  ): Promise<{ access: CourseAccess; lesson: CachedLesson }> {
    const access = await this.access(actor, courseId);
    const content = await this.content.get(access.course);
    const lesson = content.lessons.find((l) => l.day === day);
    if (!lesson) throw new AppError(404, COURSE_MESSAGES.lessonNotFound);
    const opensAt = lessonOpensAt(access.waveStart, day, content.schedules.get(access.wave)?.get(day) ?? null);
    if (!canReadLesson(actor, opensAt <= this.now())) {
      throw new AppError(403, `Урок відкриється о ${formatLongDate(opensAt)}`);
    }
    return { access, lesson };
  }

  /**
   * A lesson's self-test questions with their keys, for «Повторення» to show a card made from one
   * (no access check: the card is the learner's own mistake, made when they could read it).
   * Undefined when the course or lesson is gone.
   */
  async selfTestQuestions(courseId: string, day: number): Promise<readonly StoredQuestion[] | undefined> {
    const course = await repo.findCourse(this.deps.db, courseId);
    if (!course) return undefined;
    return (await this.content.get(course)).lessons.find((l) => l.day === day)?.questions;
  }

  /**
   * A lesson's content; the first time an enrolled learner reads it is kept for the wave's
   * analytics (one insert that ignores a repeat: this is the lesson's hot path).
   */
  async lessonContent(actor: Actor, courseId: string, day: number): Promise<string> {
    const { access, lesson } = await this.openLesson(actor, courseId, day);
    if (access.enrolled)
      await repo.recordLessonOpen(this.deps.asyncCommitDb, actor.id, courseId, access.wave, day, this.now());
    return lesson.contentHtml;
  }

  /**
   * Scores a self-test on the server. An attempt with no answer at all is not a result: it is
   * refused and reveals nothing (an accidental «Перевірити» must not spend the first attempt). Any
   * other attempt is scored, a question left unanswered counting as wrong (the web asks first),
   * and shows the key. The first scored attempt is the one that counts: its score goes into the
   * lesson's diary entry (made if missing) and the footprint, and the learner's inviter gets their
   * invitation points. A retake is scored and shown, and changes nothing. The entry's `test` (set
   * once, from null) guards the first attempt, so concurrent submissions never count twice.
   */
  async selfTest(actor: Actor, courseId: string, day: number, answers: (number | null)[]): Promise<SelfTestResult> {
    const { access, lesson } = await this.openLesson(actor, courseId, day);
    const { questions } = lesson;
    if (questions.length === 0) throw new AppError(404, 'У цього уроку немає тесту');
    if (!questions.some((_, i) => typeof answers[i] === 'number')) {
      throw new AppError(400, COURSE_MESSAGES.selfTestBlank);
    }
    const right = questions.filter((q, i) => answers[i] === q.answer).length;
    const score = Math.round((right * 10) / questions.length);
    const now = this.now();
    const shown = (counted: boolean): SelfTestResult => ({
      score,
      counted,
      correct: questions.map((q) => q.answer),
      explanations: questions.map((q) => q.explanation),
    });

    for (let attempt = 0; attempt < 5; attempt++) {
      const counted = await this.deps.db.transaction().execute(async (trx) => {
        const entryId = await recordFirstTest(trx, {
          userId: actor.id,
          courseId,
          day,
          date: kyivIsoDate(now),
          score,
          now,
        });
        if (entryId === undefined) return undefined;
        // Every scored attempt is practice, a retake too; once per lesson and Kyiv day.
        await recordPractice(trx, {
          userId: actor.id,
          kind: 'selftest',
          sourceKey: `selftest:${courseId}:${day}:${actor.id}:${kyivIsoDate(now)}`,
          at: now,
          lesson: `${courseId}:${day}`,
        });
        const wrong = questions.flatMap((q, i) => (answers[i] === q.answer ? [] : [i]));
        if (wrong.length > 0) {
          await this.deps.onSelfTestMistakes?.(trx, { userId: actor.id, courseId, day, questions: wrong }, now);
        }
        if (entryId === null) return false;
        if (score > 0) {
          await addFootprint(trx, {
            userId: actor.id,
            points: score,
            comment: `Самоперевірка: «${access.course.title}», урок ${day}`,
            sourceKey: `selftest:${entryId}`,
            date: now,
          });
        }
        await creditInvitation(trx, actor.id, now);
        return true;
      });
      if (counted !== undefined) return shown(counted);
    }
    throw new AppError(409, 'Тест саме зараховується з іншої вкладки. Спробуйте ще раз.');
  }

  /**
   * A learner's courses with their wave and each lesson's opening, for reports on their own work
   * (progress): a query for the enrolments, one for the waves' starts, and lessons from the cache.
   */
  async enrolledWaves(userId: string): Promise<EnrolledWave[]> {
    const { db } = this.deps;
    const now = this.now();
    const courses = await repo.enrolledCoursesOf(db, userId);
    const starts = await repo.waveStarts(
      db,
      courses.map((c) => c.id),
    );
    return Promise.all(
      courses.map(async (course) => {
        const waveStart = starts.find((w) => w.course_id === course.id && w.label === course.wave)?.start ?? 0;
        const { lessons, schedules: byWave } = await this.content.get(course);
        const schedules = byWave.get(course.wave);
        return {
          courseId: course.id,
          title: course.title,
          wave: course.wave,
          waveStart,
          enrolledAt: course.enrolled_at,
          lessons: lessons.map(({ day, theme }) => ({
            day,
            theme,
            isOpen: lessonOpensAt(waveStart, day, schedules?.get(day) ?? null) <= now,
          })),
        };
      }),
    );
  }

  /** The morning digest's part from courses: lessons opened today (Kyiv), and opened lessons without a diary. */
  async digestDay(userId: string, now: number): Promise<{ opened: LessonRef[]; diaryMissing: LessonRef[] }> {
    const { start } = kyivDayRange(now);
    const opened: LessonRef[] = [];
    const diaryMissing: LessonRef[] = [];
    for (const course of (await this.today({ id: userId, role: 'user' })).courses) {
      const ref = (day: string, theme: string) => ({ courseId: course._id, courseTitle: course.title, day, theme });
      const next = course.nextLesson;
      if (next?.isOpen && next.opensAt >= start) opened.push(ref(next.day, next.theme));
      for (const lesson of course.diaryMissing) diaryMissing.push(ref(lesson.day, lesson.theme));
    }
    return { opened, diaryMissing };
  }

  /**
   * Each of these learners' waves with their starts, for the daily habit's freezes (services.ts
   * hands it to HabitService): one query for any number of people.
   */
  async learnerWaves(
    userIds: string[],
  ): Promise<Map<string, { courseId: string; wave: string; start: number; enrolledAt: number }[]>> {
    const byUser = new Map<string, { courseId: string; wave: string; start: number; enrolledAt: number }[]>(
      userIds.map((id) => [id, []]),
    );
    if (userIds.length === 0) return byUser;
    const rows = await this.deps.db
      .selectFrom('enrollments as e')
      .innerJoin('course_waves as w', (join) =>
        join.onRef('w.course_id', '=', 'e.course_id').onRef('w.label', '=', 'e.wave'),
      )
      .select(['e.user_id', 'e.course_id', 'e.wave', 'w.start', 'e.enrolled_at'])
      .where('e.user_id', 'in', userIds)
      .execute();
    for (const row of rows)
      byUser
        .get(row.user_id)
        ?.push({ courseId: row.course_id, wave: row.wave, start: row.start, enrolledAt: row.enrolled_at });
    return byUser;
  }

  /** «Що сьогодні» without the habit, which the route adds (routes.ts). */
  async today(actor: Actor): Promise<Omit<Today, 'habit'>> {
    const { db } = this.deps;
    const now = this.now();
    // Home is the first screen of every day: its courses with their rows and the diary at once,
    // and the waves with the lessons from the course cache (issue 23).
    const [enrollments, diaryDays] = await Promise.all([repo.enrolledCourses(db, actor.id), diaryDaysOf(db, actor.id)]);
    const courses: (Today['courses'][number] & { position: number })[] = [];
    for (const enrollment of enrollments) {
      const { course } = enrollment;
      const { lessons, schedules: byWave, waves } = await this.content.get(course);
      const waveStart = waves.find((w) => w.label === enrollment.wave)?.start ?? 0;
      const schedules = byWave.get(enrollment.wave);
      const done = diaryDays.get(course.id) ?? new Set<number>();
      const timeline = lessons.map((lesson) => {
        const opensAt = lessonOpensAt(waveStart, lesson.day, schedules?.get(lesson.day) ?? null);
        return {
          day: String(lesson.day),
          theme: lesson.theme,
          opensAt,
          isOpen: opensAt <= now,
          done: done.has(lesson.day),
        };
      });
      const next =
        timeline.find((l) => l.isOpen && !l.done) ??
        timeline.filter((l) => !l.isOpen).sort((a, b) => a.opensAt - b.opensAt)[0] ??
        null;
      courses.push({
        position: course.position,
        _id: course.id,
        title: course.title,
        wave: enrollment.wave,
        nextLesson: next ? { day: next.day, theme: next.theme, opensAt: next.opensAt, isOpen: next.isOpen } : null,
        diaryMissing: timeline.filter((l) => l.isOpen && !l.done).map((l) => ({ day: l.day, theme: l.theme })),
        lessonsTotal: lessons.length,
        lessonsDone: timeline.filter((l) => l.done).length,
      });
    }
    courses.sort((a, b) => a.position - b.position || a.title.localeCompare(b.title, 'uk'));
    return { courses: courses.map(({ position: _, ...course }) => course) };
  }

  /** Announces, replaces or (with nulls) withdraws the next wave; its learners move along. */
  async setNextWave(actor: Actor, courseId: string, nextWave: string | null, nextStart: number | null) {
    if (!canManageCourse(actor)) throw new AppError(403, ACCESS_MESSAGES.curatorsOnly);
    const now = this.now();
    await this.rollOverWaves();
    const { outcome, moved } = await this.deps.db.transaction().execute(async (trx) => {
      const course = await repo.findCourse(trx, courseId);
      if (!course) throw new AppError(404, COURSE_MESSAGES.notFound);
      const previous = course.next_wave;
      if (nextWave === null || nextStart === null) {
        if (previous) {
          await trx
            .updateTable('enrollments')
            .set({ wave: course.current_wave })
            .where('course_id', '=', courseId)
            .where('wave', '=', previous)
            .execute();
          await trx
            .deleteFrom('lesson_schedules')
            .where('course_id', '=', courseId)
            .where('wave', '=', previous)
            .execute();
          await trx
            .deleteFrom('course_waves')
            .where('course_id', '=', courseId)
            .where('label', '=', previous)
            .execute();
          await trx.updateTable('courses').set({ next_wave: null }).where('id', '=', courseId).execute();
          await writeAudit(trx, {
            actorId: actor.id,
            action: 'course.next-wave',
            target: `course:${courseId}`,
            summary: `«${course.title}»: хвилю ${previous} скасовано`,
            now,
          });
        }
        // Its learners (if there was one) moved out of the withdrawn wave.
        return { outcome: { _id: courseId, nextWave: null, nextStart: null }, moved: previous };
      }
      if (nextStart <= now) throw new AppError(400, COURSE_MESSAGES.nextStartInPast);
      const taken = await trx
        .selectFrom('course_waves')
        .select('label')
        .where('course_id', '=', courseId)
        .where('label', '=', nextWave)
        .executeTakeFirst();
      if (taken && taken.label !== previous) throw new AppError(409, COURSE_MESSAGES.waveTaken);
      if (previous) {
        await trx
          .updateTable('course_waves')
          .set({ label: nextWave, start: nextStart })
          .where('course_id', '=', courseId)
          .where('label', '=', previous)
          .execute();
        if (previous !== nextWave) {
          await trx
            .updateTable('enrollments')
            .set({ wave: nextWave })
            .where('course_id', '=', courseId)
            .where('wave', '=', previous)
            .execute();
          await trx
            .updateTable('lesson_schedules')
            .set({ wave: nextWave })
            .where('course_id', '=', courseId)
            .where('wave', '=', previous)
            .execute();
          // The chat of a wave that has not started yet moves with its new number.
          await moveRoom(trx, courseId, previous, nextWave);
        }
      } else {
        await trx
          .insertInto('course_waves')
          .values({ course_id: courseId, label: nextWave, start: nextStart })
          .execute();
      }
      await trx.updateTable('courses').set({ next_wave: nextWave }).where('id', '=', courseId).execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'course.next-wave',
        target: `course:${courseId}`,
        summary: `«${course.title}»: хвиля ${nextWave} з ${formatDateTime(nextStart)}`,
        now,
      });
      // A renamed wave's learners moved out of the old name's room.
      return { outcome: { _id: courseId, nextWave, nextStart }, moved: previous !== nextWave ? previous : null };
    });
    if (moved) await this.deps.onWaveMoved?.({ courseId, wave: moved });
    return outcome;
  }

  /** Sets (or with null clears) when a lesson opens for the current wave. */
  async scheduleLesson(actor: Actor, courseId: string, day: number, scheduledDate: number | null) {
    if (!canManageCourse(actor)) throw new AppError(403, ACCESS_MESSAGES.curatorsOnly);
    const { state, course } = await this.access(actor, courseId);
    const lesson = await repo.findLesson(this.deps.db, courseId, day);
    if (!lesson) throw new AppError(404, COURSE_MESSAGES.lessonNotFound);
    await this.deps.db.transaction().execute(async (trx) => {
      if (scheduledDate === null) {
        await trx
          .deleteFrom('lesson_schedules')
          .where('course_id', '=', courseId)
          .where('wave', '=', state.currentWave)
          .where('day', '=', day)
          .execute();
      } else {
        await trx
          .insertInto('lesson_schedules')
          .values({ course_id: courseId, wave: state.currentWave, day, scheduled_date: scheduledDate })
          .onConflict((conflict) =>
            conflict.columns(['course_id', 'wave', 'day']).doUpdateSet({ scheduled_date: scheduledDate }),
          )
          .execute();
      }
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'lesson.schedule',
        target: `lesson:${courseId}:${day}`,
        summary: `«${course.title}», хвиля ${state.currentWave}, день ${day}: ${
          scheduledDate === null ? 'за правилом' : formatDateTime(scheduledDate)
        }`,
        now: this.now(),
      });
    });
    return { lessonId: String(day), scheduledDate };
  }

  /**
   * Persists every rollover that is due: the announced next wave becomes current. Readers apply
   * the same rule on their own, so this only keeps the stored state in step (run by a timer).
   */
  async rollOverWaves(): Promise<number> {
    const { db } = this.deps;
    const due = await db
      .selectFrom('courses')
      .innerJoin('course_waves', (join) =>
        join.onRef('course_waves.course_id', '=', 'courses.id').onRef('course_waves.label', '=', 'courses.next_wave'),
      )
      .select(['courses.id', 'courses.next_wave'])
      .where('course_waves.start', '<=', this.now())
      .execute();
    for (const course of due) {
      if (!course.next_wave) continue;
      await db
        .updateTable('courses')
        .set({ current_wave: course.next_wave, next_wave: null })
        .where('id', '=', course.id)
        .where('next_wave', '=', course.next_wave)
        .execute();
    }
    return due.length;
  }
}

/** A lesson on the course page; its texts only for a caller who may read it. */
function lessonView(
  courseId: string,
  lesson: CachedLesson,
  scheduledDate: number | null,
  opensAt: number,
  isOpen: boolean,
  readable: boolean,
): Lesson {
  return {
    day: String(lesson.day),
    theme: lesson.theme,
    image: lesson.image,
    content: `/api/courses/${courseId}/lessons/${lesson.day}/content`,
    ...(readable ? lesson.texts : CLOSED_LESSON_TEXTS),
    scheduledDate,
    opensAt,
    isOpen,
  };
}

const CLOSED_LESSON_TEXTS: LessonTexts = Object.freeze({
  theory: '',
  practice: '',
  audio: [],
  video: [],
  test: { questions: [] },
  diary: '',
});
