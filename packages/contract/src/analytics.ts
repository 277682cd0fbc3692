import { z } from 'zod';

/**
 * Wave analytics (docs/domain.md «Wave analytics»): a wave's 28 lessons day by day and who has
 * been away from it, for curators and admins, with a nudge for those who have.
 */

/** A learner with no practice and no lesson opened on this many Kyiv days (today included) is inactive. */
export const INACTIVE_DAYS = 3;
/** A learner is nudged at most once in this many days, whoever nudges. */
export const NUDGE_DAYS = 3;
/** «Нагадати всім» sends at most this many nudges in one request. */
export const NUDGE_BATCH_MAX = 500;

export const ANALYTICS_MESSAGES = {
  forbidden: 'Аналітика хвиль — лише для кураторів і адміністраторів',
  waveNotFound: 'Такої хвилі в курсі немає',
  nudgeNotInWave: 'Цей учасник не з цієї хвилі',
} as const;

export const waveParamsSchema = z.object({
  courseId: z.string().min(1, 'Оберіть курс').max(64, 'Оберіть курс'),
  wave: z.string().min(1, 'Оберіть хвилю').max(64, 'Оберіть хвилю'),
});

/** One lesson day of the wave: how many of its learners did each thing on that lesson (whenever they did it). */
export const waveDaySchema = z.object({
  day: z.number().int(),
  opened: z.number().int(),
  selfTest: z.number().int(),
  diary: z.number().int(),
  homework: z.number().int(),
});
export type WaveDay = z.infer<typeof waveDaySchema>;

export const inactiveLearnerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The Kyiv date of their last practice or lesson opened; null when they have done nothing yet. */
  lastActive: z.string().nullable(),
  /** When they were last nudged (by anyone), ms; null when never. */
  nudgedAt: z.number().nullable(),
});
export type InactiveLearner = z.infer<typeof inactiveLearnerSchema>;

export const waveAnalyticsSchema = z
  .object({
    courseId: z.string(),
    courseTitle: z.string(),
    wave: z.string(),
    waveStart: z.number(),
    /** The wave's learners. */
    size: z.number().int(),
    /** Lesson days 1–28. */
    days: z.array(waveDaySchema),
    /** Longest away first, at most NUDGE_BATCH_MAX of them. */
    inactive: z.array(inactiveLearnerSchema),
    /** How many are inactive in all. */
    inactiveTotal: z.number().int(),
  })
  .meta({ id: 'WaveAnalytics' });
export type WaveAnalytics = z.infer<typeof waveAnalyticsSchema>;

export const analyticsWavesSchema = z
  .array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      /** Newest first; the first is the current one. */
      waves: z.array(z.object({ label: z.string(), start: z.number() })),
    }),
  )
  .meta({ id: 'AnalyticsWaves' });
export type AnalyticsWaves = z.infer<typeof analyticsWavesSchema>;

export const nudgeBodySchema = z.object({
  userIds: z
    .array(z.string().min(1).max(64), { error: 'Оберіть, кому нагадати' })
    .min(1, 'Оберіть, кому нагадати')
    .max(NUDGE_BATCH_MAX, `Не більше ${NUDGE_BATCH_MAX} нагадувань за раз`),
});
export type NudgeBody = z.infer<typeof nudgeBodySchema>;

export const nudgeResultSchema = z
  .object({
    results: z.array(
      z.object({
        userId: z.string(),
        nudged: z.boolean(),
        /** When the standing nudge was sent (this one, or the earlier one that refused it). */
        nudgedAt: z.number(),
        /** Why it was refused, in Ukrainian («Уже нагадували 24 листопада»). */
        reason: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'NudgeResult' });
export type NudgeResult = z.infer<typeof nudgeResultSchema>;
