import {
  addIsoDays,
  computeStreak,
  kyivIsoDate,
  PROGRESS_FOOTPRINT_DAYS,
  PROGRESS_MESSAGES,
  type Progress,
  type ProgressLesson,
  waveCalendar,
} from '@yedyni/contract';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import type { CoursesService } from '../courses/index.js';
import { diaryEntriesOf } from '../diary/index.js';
import { practiceDays, STREAK_HISTORY_DAYS, streakWaves } from '../habit/index.js';
import { homeworkOf } from '../homework/index.js';
import { footprintByDay } from '../support/index.js';
import { canReadProgress } from './policy.js';

/** Mean to one decimal, null for none. */
function average(values: number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;
}

/**
 * «Мій прогрес»: read-only figures of a learner's own work, gathered from the features that own
 * them (courses, diary, homework, habit, support) through their public API. Six queries whatever
 * the number of courses, lessons or days; nothing is stored.
 */
export class ProgressService {
  constructor(private readonly deps: { db: Db; clock: Clock; courses: Pick<CoursesService, 'enrolledWaves'> }) {}

  async of(actor: Actor, learnerId: string): Promise<Progress> {
    if (!canReadProgress(actor, { user_id: learnerId })) throw new AppError(403, PROGRESS_MESSAGES.notYours);
    const { db, clock } = this.deps;
    const today = kyivIsoDate(clock.now());
    const [waves, diary, homework, practice, footprint] = await Promise.all([
      this.deps.courses.enrolledWaves(learnerId),
      diaryEntriesOf(db, learnerId),
      homeworkOf(db, learnerId),
      // The same history as home's habit card reads, so both show the same freezes and runs.
      practiceDays(db, [learnerId], addIsoDays(today, -STREAK_HISTORY_DAYS)),
      footprintByDay(db, learnerId, addIsoDays(today, 1 - PROGRESS_FOOTPRINT_DAYS), today),
    ]);
    const days = practice.get(learnerId) ?? [];
    const streak = computeStreak({
      days,
      waves: streakWaves(
        waves.map((w) => ({ courseId: w.courseId, wave: w.wave, start: w.waveStart, enrolledAt: w.enrolledAt })),
      ),
      today,
    });
    const lessonKey = (courseId: string, day: number) => `${courseId}:${day}`;
    const diaryByLesson = new Map(diary.map((row) => [lessonKey(row.course_id, row.day), row]));
    const homeworkByLesson = new Map(homework.map((row) => [lessonKey(row.course_id, row.day), row]));

    const courses = waves.map((wave) => {
      const lessons: ProgressLesson[] = wave.lessons.map(({ day, theme, isOpen }) => {
        const entry = diaryByLesson.get(lessonKey(wave.courseId, day));
        const work = homeworkByLesson.get(lessonKey(wave.courseId, day));
        return {
          day: String(day),
          theme,
          isOpen,
          diaryDate: entry?.date ?? null,
          selfTest: entry?.test ?? null,
          homeworkHandedIn: work?.handedIn ?? false,
          rating: work?.rating ?? null,
        };
      });
      const written = diary.filter((row) => row.course_id === wave.courseId && row.written);
      return {
        _id: wave.courseId,
        title: wave.title,
        wave: wave.wave,
        start: wave.waveStart,
        lessonsTotal: lessons.length,
        lessonsDone: lessons.filter((l) => l.diaryDate !== null).length,
        diaryDays: new Set(written.map((row) => row.date)).size,
        selfTestAverage: average(lessons.flatMap((l) => (l.selfTest === null ? [] : [l.selfTest]))),
        homeworkHandedIn: lessons.filter((l) => l.homeworkHandedIn).length,
        ratingAverage: average(lessons.flatMap((l) => (l.rating === null ? [] : [l.rating]))),
        lessons,
        calendar: waveCalendar({
          startDay: kyivIsoDate(wave.waveStart),
          today,
          streak,
          days,
          since: kyivIsoDate(wave.enrolledAt),
        }),
      };
    });
    return {
      today,
      streak: { current: streak.current, best: streak.best, freezesLeft: streak.freezesLeft },
      courses,
      footprint,
    };
  }
}
