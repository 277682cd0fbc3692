import { z } from 'zod';
import { INSTANT_MAX, multiLine, singleLine, tooLate, type WholeRange, wholeNumber } from './common.js';
import { playTaskSchema, taskResultSchema } from './game.js';

/** Bonus footprint points for the top three of an olympiad, on top of the points they scored. */
export const OLYMPIAD_WINNER_POINTS = [50, 30, 20] as const;
/** An attempt's minutes, and the tasks drawn: the schema's rule and the console's number inputs. */
export const OLYMPIAD_DURATION_MIN: WholeRange = { min: 1, max: 180 };
export const OLYMPIAD_TASKS: WholeRange = { min: 3, max: 30 };

export const olympiadSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    startsAt: z.number(),
    endsAt: z.number(),
    durationMs: z.number(),
    taskCount: z.number().int(),
    state: z.enum(['upcoming', 'open', 'finished']),
    /** My attempt: null before I start; score once I have finished. */
    myAttempt: z.object({ deadline: z.number(), finished: z.boolean(), score: z.number().nullable() }).nullable(),
  })
  .meta({ id: 'Olympiad' });
export type Olympiad = z.infer<typeof olympiadSchema>;

export const olympiadScoreSchema = z
  .object({
    score: z.number().int(),
    maxScore: z.number().int(),
    late: z.boolean(),
    /** Each task's points, right answer and explanation: empty until the olympiad is over. */
    results: z.array(taskResultSchema),
    /** While the olympiad runs: why `results` is empty and when the answers appear (Ukrainian). */
    note: z.string().nullable(),
  })
  .meta({ id: 'OlympiadScore' });
export type OlympiadScore = z.infer<typeof olympiadScoreSchema>;

export const standingSchema = z.object({
  place: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  isMe: z.boolean(),
});
export const olympiadResultsSchema = z
  .object({
    olympiad: olympiadSchema,
    personal: z.array(standingSchema),
    team: z.array(standingSchema.extend({ members: z.number().int() })),
    /** My finished attempt with the right answers, once the olympiad is over; null otherwise. */
    mine: olympiadScoreSchema.nullable(),
  })
  .meta({ id: 'OlympiadResults' });
export type OlympiadResults = z.infer<typeof olympiadResultsSchema>;

export const olympiadOverviewSchema = z
  .object({ next: olympiadSchema.nullable(), previous: olympiadResultsSchema.nullable() })
  .meta({ id: 'OlympiadOverview' });
export type OlympiadOverview = z.infer<typeof olympiadOverviewSchema>;

export const olympiadAttemptSchema = z
  .object({ olympiadId: z.string(), deadline: z.number(), tasks: z.array(playTaskSchema) })
  .meta({ id: 'OlympiadAttempt' });
export type OlympiadAttempt = z.infer<typeof olympiadAttemptSchema>;

export const olympiadBodySchema = z
  .object({
    title: singleLine('Назва').min(1, 'Назва: обовʼязкове поле').max(200),
    description: multiLine('Опис').trim().max(3000).default(''),
    startsAt: z.number({ error: 'Початок: дата й час' }).int().max(INSTANT_MAX, tooLate('Початок')),
    endsAt: z.number({ error: 'Кінець: дата й час' }).int().max(INSTANT_MAX, tooLate('Кінець')),
    durationMin: wholeNumber('Тривалість спроби', OLYMPIAD_DURATION_MIN, 'хвилин').default(20),
    taskCount: wholeNumber('Кількість завдань', OLYMPIAD_TASKS).default(10),
  })
  .refine((o) => o.endsAt > o.startsAt, { message: 'Кінець: має бути пізніше за початок', path: ['endsAt'] })
  .meta({ id: 'OlympiadBody' });
export type OlympiadBody = z.input<typeof olympiadBodySchema>;

export const OLYMPIAD_MESSAGES = {
  notFound: 'Олімпіаду не знайдено',
  notOpen: 'Олімпіада зараз не триває',
  alreadyTaken: 'Ви вже пройшли цю олімпіаду: спроба лише одна',
  notStarted: 'Спершу почніть олімпіаду',
  notEnoughTasks: 'Завдань: у базі менше завдань, ніж потрібно',
  startsInPast: 'Початок: має бути в майбутньому',
  answersAfterEnd: (endsAt: string) =>
    `Правильні відповіді й пояснення зʼявляться після завершення олімпіади (${endsAt}), коли всі учасники закінчать.`,
} as const;

// ─── Console (`/api/admin/olympiads`) ────────────────────────────────────────────────────────────

export const adminOlympiadSchema = olympiadSchema
  .extend({ participants: z.number().int() })
  .meta({ id: 'AdminOlympiad' });
export type AdminOlympiad = z.infer<typeof adminOlympiadSchema>;
export const adminOlympiadsSchema = z
  .object({ olympiads: z.array(adminOlympiadSchema) })
  .meta({ id: 'AdminOlympiads' });
export type AdminOlympiads = z.infer<typeof adminOlympiadsSchema>;

/** What the olympiad console answers with. */
export const OLYMPIAD_ADMIN_MESSAGES = {
  olympiadStarted: 'Олімпіада вже почалася: її не можна змінити чи видалити',
} as const;
