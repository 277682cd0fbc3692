import { z } from 'zod';
import { emptyToUndefined, multiLine, pageQuerySchema, singleLine } from './common.js';

/** A round of «Паляниця»: this many tasks, this long at most. */
export const GAME_ROUND_TASKS = 7;
export const GAME_ROUND_MS = 7 * 60 * 1000;
/** A fully right task is worth this many points; partly right ones a share of it. */
export const TASK_POINTS = 10;
/**
 * At most this many game points join a person's footprint per Kyiv day (docs/domain.md, «Points
 * (Український слід): fair rules»). Rounds past it still play and score, for the game's own tables.
 */
export const GAME_DAILY_POINTS = 100;

export const TASK_TYPES = ['quiz', 'match', 'gap', 'order', 'error'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TOPICS = ['russianisms', 'stress', 'vocabulary', 'grammar'] as const;
/**
 * Which bank a task belongs to: the game reveals its answers after every round, so the olympiad
 * draws only from a pool of its own that the game never deals.
 */
export const TASK_POOLS = ['game', 'olympiad'] as const;
export type TaskPool = (typeof TASK_POOLS)[number];

/** One line of a task (an option, a word, an answer): no line breaks or control characters. */
const text = singleLine('Текст завдання')
  .min(1, 'Текст завдання: не може бути порожнім')
  .max(500, 'Текст завдання: не більше 500 символів');
/** The prompt and the explanation are written in a text area: line breaks and tabs are allowed. */
const lines = (label: string) =>
  multiLine(label).trim().min(1, `${label}: обовʼязкове поле`).max(500, `${label}: не більше 500 символів`);

/** A task as an author writes it (content/game/*.json, the admin API): right answers included. */
const common = {
  id: z.string().regex(/^[a-z0-9-]{3,64}$/, 'id: латинські літери, цифри й дефіси'),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  topic: z.enum(TASK_TOPICS),
  /** Absent means `game`. */
  pool: z.enum(TASK_POOLS).optional(),
  prompt: lines('Умова'),
  explanation: lines('Пояснення'),
};
export const authoredTaskSchema = z.discriminatedUnion('type', [
  z.object({
    ...common,
    type: z.literal('quiz'),
    options: z.array(text).min(2).max(6),
    answers: z.array(z.number().int().min(0)).min(1),
  }),
  z.object({
    ...common,
    type: z.literal('match'),
    pairs: z
      .array(z.tuple([text, text]))
      .min(2)
      .max(6),
  }),
  z.object({
    ...common,
    type: z.literal('gap'),
    text: text.refine((t) => t.split('___').length === 2, 'text: рівно один пропуск ___'),
    answers: z.array(text).min(1),
    options: z.array(text).min(2).max(6).optional(),
  }),
  z.object({
    ...common,
    type: z.literal('order'),
    words: z.array(text).min(2).max(12),
    alternatives: z.array(z.array(text)).optional(),
  }),
  z.object({
    ...common,
    type: z.literal('error'),
    words: z.array(text).min(2).max(20),
    wrong: z.array(z.number().int().min(0)).length(1),
    correction: text,
  }),
]);
export type AuthoredTask = z.infer<typeof authoredTaskSchema>;

/** A task as the player sees it before answering: no right answers, shuffled where that matters. */
export const playTaskSchema = z
  .object({
    id: z.string(),
    type: z.enum(TASK_TYPES),
    level: z.number().int(),
    prompt: z.string(),
    /** quiz: the options; gap: the choices (absent for a typed answer). */
    options: z.array(z.string()).optional(),
    /** quiz: whether several options are right. */
    multiple: z.boolean().optional(),
    /** match: the left column, in order, and the right column, shuffled. */
    left: z.array(z.string()).optional(),
    right: z.array(z.string()).optional(),
    /** gap: the sentence with `___`. */
    text: z.string().optional(),
    /** order: the tokens, shuffled; error: the sentence's tokens in order. */
    words: z.array(z.string()).optional(),
  })
  .meta({ id: 'PlayTask' });
export type PlayTask = z.infer<typeof playTaskSchema>;

/**
 * An answer to one task: quiz → chosen option indices; match → for each left item, the index of
 * the right item; gap → the text; order → the shown tokens' indices in the chosen order;
 * error → the index of the wrong token.
 */
export const taskAnswerSchema = z.union([
  z.object({ choices: z.array(z.number().int()).max(10) }),
  z.object({ matches: z.array(z.number().int().nullable()).max(10) }),
  z.object({ text: z.string().max(200) }),
  z.object({ order: z.array(z.number().int()).max(20) }),
  z.object({ index: z.number().int() }),
]);
export type TaskAnswer = z.infer<typeof taskAnswerSchema>;

/** After answering: what was right, what it scored, and why. */
export const taskResultSchema = z.object({
  id: z.string(),
  points: z.number(),
  /** The right answer in words, ready to show. */
  correct: z.string(),
  explanation: z.string(),
});
export type TaskResult = z.infer<typeof taskResultSchema>;

export const roundSchema = z
  .object({ roundId: z.string(), deadline: z.number(), tasks: z.array(playTaskSchema) })
  .meta({ id: 'GameRound' });
export type Round = z.infer<typeof roundSchema>;

export const roundAnswersSchema = z.object({
  /** One per task, in the round's order; null or missing for a task left unanswered. */
  answers: z.array(z.unknown()).max(20, 'Забагато відповідей'),
});

export const roundResultSchema = z
  .object({
    roundId: z.string(),
    score: z.number().int(),
    maxScore: z.number().int(),
    /** True when the answers came after the time was up: they count for nothing. */
    late: z.boolean(),
    results: z.array(taskResultSchema),
    /** What this round added to the footprint: the score, or less once the day's cap is reached. */
    footprintPoints: z.number().int(),
    /** True when today's game points have reached GAME_DAILY_POINTS (with this round or before). */
    dailyCapReached: z.boolean(),
  })
  .meta({ id: 'GameRoundResult' });
export type RoundResult = z.infer<typeof roundResultSchema>;

export const gameStatsSchema = z
  .object({
    best: z.array(z.object({ score: z.number().int(), date: z.number() })),
    rounds: z.number().int(),
    totalPoints: z.number().int(),
  })
  .meta({ id: 'GameStats' });
export type GameStats = z.infer<typeof gameStatsSchema>;

export const gameRatingSchema = z
  .object({
    players: z.array(
      z.object({ place: z.number().int(), name: z.string(), best: z.number().int(), isMe: z.boolean() }),
    ),
  })
  .meta({ id: 'GameRating' });
export type GameRating = z.infer<typeof gameRatingSchema>;

export const GAME_MESSAGES = {
  roundNotFound: 'Раунд не знайдено',
  noTasks: 'Завдань для гри ще немає',
} as const;

/**
 * The footprint comment of a round (or of a «Повторення» session, `what`); `counted` below `score`
 * once the day's cap is reached.
 */
export function gameFootprintComment(
  score: number,
  maxScore: number,
  counted: number,
  what = 'Гра «Паляниця»',
): string {
  const base = `${what}: ${score} з ${maxScore} балів`;
  return counted < score ? `${base}, зараховано ${counted} (денна межа ${GAME_DAILY_POINTS})` : base;
}

// ─── Console (`/api/admin/tasks`): game tasks ────────────────────────────────────────────────────

export const adminTaskSchema = z
  .object({ task: authoredTaskSchema, active: z.boolean(), updatedAt: z.number() })
  .meta({ id: 'AdminTask' });
export type AdminTask = z.infer<typeof adminTaskSchema>;

export const adminTasksQuerySchema = pageQuerySchema.extend({
  level: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(TASK_TYPES).optional()),
  topic: z.preprocess(emptyToUndefined, z.enum(TASK_TOPICS).optional()),
  pool: z.preprocess(emptyToUndefined, z.enum(TASK_POOLS).optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type AdminTasksQuery = z.input<typeof adminTasksQuerySchema>;

export const adminTasksSchema = z
  .object({ tasks: z.array(adminTaskSchema), totalPages: z.number().int(), total: z.number().int() })
  .meta({ id: 'AdminTasks' });
export type AdminTasks = z.infer<typeof adminTasksSchema>;

export const taskBodySchema = z.object({ task: authoredTaskSchema, active: z.boolean().default(true) });
export type TaskBody = z.input<typeof taskBodySchema>;
export const taskParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** What the task console answers with. */
export const GAME_ADMIN_MESSAGES = {
  taskExists: 'Завдання з таким id уже існує',
  taskNotFound: 'Завдання не знайдено',
  taskIdMismatch: 'id завдання не можна змінити',
} as const;
