import { z } from 'zod';
import { emptyToUndefined, idSchema, pageQuerySchema } from './common.js';

/** How long opening a homework for review holds it for its curator; renewed by their activity. */
export const CLAIM_MINUTES = 15;
/** A course's target reply time when the console has not set one (hours). */
export const REPLY_TARGET_HOURS = 48;
/** The bounds an admin may set a course's target reply time within (hours: up to four weeks). */
export const REPLY_TARGET_MIN = 1;
export const REPLY_TARGET_MAX = 672;
/** The history's last curator word: this many characters of the last curator comment. */
export const LAST_WORD_CHARS = 200;
/** Rows per page of the queue and the history. */
export const QUEUE_PAGE = 20;

export const replyTargetHoursSchema = z
  .number({ error: `Час відповіді: ціле число годин від ${REPLY_TARGET_MIN} до ${REPLY_TARGET_MAX}` })
  .int(`Час відповіді: ціле число годин від ${REPLY_TARGET_MIN} до ${REPLY_TARGET_MAX}`)
  .min(REPLY_TARGET_MIN, `Час відповіді: ціле число годин від ${REPLY_TARGET_MIN} до ${REPLY_TARGET_MAX}`)
  .max(REPLY_TARGET_MAX, `Час відповіді: ціле число годин від ${REPLY_TARGET_MIN} до ${REPLY_TARGET_MAX}`);

const optionalText = (label: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(100, `${label}: не більше 100 символів`).optional());
const page = { page: pageQuerySchema.shape.page };

export const QUEUE_WHO = ['mine', 'all', 'unclaimed'] as const;
export type QueueWho = (typeof QUEUE_WHO)[number];

export const queueQuerySchema = z.object({
  course: optionalText('Курс'),
  wave: optionalText('Хвиля'),
  lesson: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Урок: номер' })
      .int('Урок: номер')
      .min(1, 'Урок: номер')
      .max(10_000, 'Урок: номер')
      .optional(),
  ),
  /** Part of the learner's name or e-mail, any case. */
  learner: optionalText('Учень'),
  who: z.preprocess(emptyToUndefined, z.enum(QUEUE_WHO, { error: 'Кого: mine, all або unclaimed' }).default('all')),
  ...page,
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const claimSchema = z.object({
  curator: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }),
  until: z.number(),
});
export type Claim = z.infer<typeof claimSchema>;

/** Which homework a row of the queue or the history is: its course, wave, lesson and learner. */
const workShape = {
  exerciseId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  wave: z.string(),
  lessonId: z.string(),
  learner: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }),
};

export const queueItemSchema = z.object({
  ...workShape,
  waitingSince: z.number(),
  /** Past the course's target reply time. */
  overdue: z.boolean(),
  claim: claimSchema.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueSchema = z
  .object({
    items: z.array(queueItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ReviewQueue' });
export type Queue = z.infer<typeof queueSchema>;

export const reviewedQuerySchema = z.object({
  /** Part of the learner's name or e-mail, or of the homework's text. */
  q: optionalText('Пошук'),
  course: optionalText('Курс'),
  wave: optionalText('Хвиля'),
  ...page,
});
export type ReviewedQuery = z.input<typeof reviewedQuerySchema>;

export const reviewedItemSchema = z.object({
  ...workShape,
  reviewedAt: z.number(),
  rating: z.number().int().nullable(),
  /** The start of the last curator comment ('' when only rated). */
  lastWord: z.string(),
});
export type ReviewedItem = z.infer<typeof reviewedItemSchema>;
export const reviewedSchema = z
  .object({
    items: z.array(reviewedItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ReviewHistory' });
export type Reviewed = z.infer<typeof reviewedSchema>;

export const claimBodySchema = z.object({ curatorId: idSchema });

export const replyTimesQuerySchema = z.object({
  from: z.coerce.number({ error: 'Від: дата' }).int('Від: дата').min(0, 'Від: дата'),
  to: z.coerce.number({ error: 'До: дата' }).int('До: дата').min(0, 'До: дата'),
});

/** Figures of a set of replies: how many, the median and the 90th percentile of the wait (ms). */
export const replyFiguresSchema = z.object({
  count: z.number().int(),
  medianMs: z.number(),
  p90Ms: z.number(),
  /** Replies per ISO week in Kyiv, `2025-W07`. */
  weeks: z.record(z.string(), z.number().int()),
});
export type ReplyFigures = z.infer<typeof replyFiguresSchema>;

export const replyTimesSchema = z
  .object({
    curators: z.array(
      replyFiguresSchema.extend({
        curator: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }),
      }),
    ),
    waves: z.array(replyFiguresSchema.extend({ courseId: z.string(), courseTitle: z.string(), wave: z.string() })),
  })
  .meta({ id: 'ReplyTimes' });
export type ReplyTimes = z.infer<typeof replyTimesSchema>;

export const REVIEW_MESSAGES = {
  claimedBy: (name: string) => `Цю роботу зараз переглядає ${name}`,
  notWaiting: 'Ця робота вже не чекає перевірки',
  notCurator: 'Призначити можна лише куратора',
  badPeriod: 'Період: «від» має бути раніше за «до»',
} as const;

/**
 * The nearest-rank percentile of sorted values (p in 0..1): the value at rank ⌈p·n⌉. Nearest rank
 * keeps every figure a real reply time, so a report never shows a wait nobody had.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] as number;
}
