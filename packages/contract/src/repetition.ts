import { z } from 'zod';
import { playTaskSchema, taskResultSchema } from './game.js';

/**
 * «Повторення»: cards made from one's own mistakes, scheduled by FSRS, served in short sessions
 * with the game's task views (docs/domain.md «Повторення»).
 */

/** A session deals at most this many due cards. */
export const REPETITION_SESSION_CARDS = 10;

/** Where a card came from: a game or olympiad task, or a self-test question. */
export const REPETITION_SOURCES = ['task', 'selftest'] as const;
export type RepetitionSource = (typeof REPETITION_SOURCES)[number];

/** What «Повторення» has for me now. */
export const repetitionOverviewSchema = z
  .object({
    /** Cards due now. */
    due: z.number().int(),
    /** All my cards. */
    total: z.number().int(),
    /** The earliest due instant of my cards (ms), null without cards. */
    nextDue: z.number().nullable(),
  })
  .meta({ id: 'RepetitionOverview' });
export type RepetitionOverview = z.infer<typeof repetitionOverviewSchema>;

export const repetitionSessionSchema = z
  .object({ sessionId: z.string(), tasks: z.array(playTaskSchema) })
  .meta({ id: 'RepetitionSession' });
export type RepetitionSession = z.infer<typeof repetitionSessionSchema>;

export const repetitionResultSchema = z
  .object({
    sessionId: z.string(),
    score: z.number().int(),
    maxScore: z.number().int(),
    results: z.array(taskResultSchema),
    /** What this session added to the footprint: the score, or less once the day's game cap is reached. */
    footprintPoints: z.number().int(),
    /** True when today's game and «Повторення» points have reached GAME_DAILY_POINTS. */
    dailyCapReached: z.boolean(),
    /** Cards still due now, after this session's grading. */
    dueLeft: z.number().int(),
  })
  .meta({ id: 'RepetitionResult' });
export type RepetitionResult = z.infer<typeof repetitionResultSchema>;

export const REPETITION_MESSAGES = {
  nothingDue: 'Карток на сьогодні немає — помилки з гри, самоперевірок та олімпіад стануть картками',
  sessionNotFound: 'Сесію повторення не знайдено',
} as const;
