import { z } from 'zod';
import { liberal, multiLine, requiredText, spellings } from './common.js';
import { lessonIdSchema } from './courses.js';

export const DIARY_TEXT_MAX = 500;

const diaryText = (label: string) =>
  multiLine(label).max(DIARY_TEXT_MAX, `${label}: не більше ${DIARY_TEXT_MAX} символів`).optional();

export const diaryQuerySchema = z.object({ courseId: requiredText('Курс'), lessonId: lessonIdSchema });

/**
 * `test` (the self-test score) is set by the self-test itself, never by this body: a value sent
 * here is ignored, so the footprint it earns cannot be typed in.
 */
export const diaryBodySchema = z
  .object({
    courseId: requiredText('Курс'),
    lessonId: lessonIdSchema,
    // Also a full ISO 8601 instant, which means the Kyiv day it falls on.
    date: liberal(spellings.kyivDay, requiredText('Дата').regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата: у форматі РРРР-ММ-ДД')),
    entry: diaryText('Запис'),
    plan: diaryText('План'),
    test: z.unknown().optional(),
  })
  .meta({ id: 'DiaryBody' });
export type DiaryBody = z.input<typeof diaryBodySchema>;

export const diarySchema = z
  .object({
    courseId: z.string(),
    lessonId: z.string(),
    /** 'YYYY-MM-DD', the Kyiv day written about. */
    date: z.string(),
    entry: z.string(),
    plan: z.string(),
    test: z.number().int().nullable(),
  })
  .meta({ id: 'Diary' });
export type Diary = z.infer<typeof diarySchema>;

/** `GET /api/diary/entries?courseId=`: the caller's own entries of one course. */
export const diaryListQuerySchema = z.object({ courseId: requiredText('Курс') });

export const diaryListItemSchema = z.object({
  lessonId: z.string(),
  /** The lesson's theme, as the course names it now. */
  theme: z.string(),
  /** 'YYYY-MM-DD', the Kyiv day written about. */
  date: z.string(),
  entry: z.string(),
  plan: z.string(),
  test: z.number().int().nullable(),
});
export type DiaryListItem = z.infer<typeof diaryListItemSchema>;

/** Every diary entry of mine in a course, by lesson day. */
export const diaryListSchema = z.object({ entries: z.array(diaryListItemSchema) }).meta({ id: 'DiaryList' });
export type DiaryList = z.infer<typeof diaryListSchema>;

export const DIARY_MESSAGES = {
  exists: 'Запис щоденника для цього уроку вже є — відредагуйте його',
  notFound: 'Запису щоденника для цього уроку ще немає',
  lessonClosed: 'Щоденник до уроку можна вести, коли урок відкриється',
} as const;
