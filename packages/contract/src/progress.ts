import { z } from 'zod';
import { idSchema } from './common.js';
import { calendarDaySchema } from './habit.js';

/**
 * «Мій прогрес» (docs/domain.md, «Progress»): what a learner did in each course of theirs, the
 * streak calendar of its wave, and the footprint over time. Read-only: every figure is derived
 * from the diary, the self-tests, homework, practice and the footprint ledger.
 */

/** How many Kyiv days the footprint chart covers, ending today. */
export const PROGRESS_FOOTPRINT_DAYS = 90;

const progressLessonSchema = z.object({
  /** The lesson's day, as the spec's `lessonId`. */
  day: z.string(),
  theme: z.string(),
  isOpen: z.boolean(),
  /** The Kyiv date the diary entry is about; null without an entry. */
  diaryDate: z.string().nullable(),
  /** The first scored self-test, 0–10; null when not taken. */
  selfTest: z.number().int().nullable(),
  /** Homework with text or a file. */
  homeworkHandedIn: z.boolean(),
  /** The curator's rating 1–12; null until rated. */
  rating: z.number().int().nullable(),
});

const progressCourseSchema = z.object({
  _id: idSchema,
  title: z.string(),
  wave: z.string(),
  /** The wave's start (instant). */
  start: z.number(),
  lessonsTotal: z.number().int(),
  /** Lessons with a diary entry (the meaning of «Що сьогодні»). */
  lessonsDone: z.number().int(),
  /** Distinct Kyiv dates of entries with something written. */
  diaryDays: z.number().int(),
  /** Mean of the self-test scores taken, one decimal; null with none. */
  selfTestAverage: z.number().nullable(),
  homeworkHandedIn: z.number().int(),
  /** Mean of the ratings given, one decimal; null with none. */
  ratingAverage: z.number().nullable(),
  lessons: z.array(progressLessonSchema),
  /** The wave's 28 days: done, missed, frozen, today or still ahead. */
  calendar: z.array(calendarDaySchema),
});

export const progressSchema = z
  .object({
    /** Today's Kyiv date. */
    today: z.string(),
    streak: z.object({ current: z.number().int(), best: z.number().int(), freezesLeft: z.number().int() }),
    courses: z.array(progressCourseSchema),
    /** The footprint's total at the end of each Kyiv day, PROGRESS_FOOTPRINT_DAYS days ending today. */
    footprint: z.array(z.object({ date: z.string(), total: z.number() })),
  })
  .meta({ id: 'Progress' });
export type Progress = z.infer<typeof progressSchema>;
export type ProgressCourse = Progress['courses'][number];
export type ProgressLesson = ProgressCourse['lessons'][number];

export const PROGRESS_MESSAGES = {
  /** Anyone's but one's own: the progress is made of the private diary. */
  notYours: 'Прогрес бачить лише сам учень',
} as const;
