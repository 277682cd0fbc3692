import { randomUUID } from 'node:crypto';
import {
  type AuthoredTask,
  GAME_DAILY_POINTS,
  gameFootprintComment,
  type PlayTask,
  REPETITION_MESSAGES,
  REPETITION_SESSION_CARDS,
  type RepetitionOverview,
  type RepetitionResult,
  type RepetitionSession,
  type RepetitionSource,
  TASK_POINTS,
  type TaskResult,
} from '@yedyni/contract';
import { type Card, createEmptyCard, fsrs, type Grade, Rating, type State } from 'ts-fsrs';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import type { RepetitionCardsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { recordPractice } from '../habit/index.js';
import { addFootprint } from '../support/index.js';
import { countedGamePoints, lockPlayer, REPETITION_SOURCE } from './daily-cap.js';
import { canPlayRepetition } from './policy.js';
import { isAnswered, type Layout, playable, result } from './tasks.js';

/** ts-fsrs with its published defaults (FSRS-6 weights, 90 % retention, 1 m / 10 m learning steps). */
const scheduler = fsrs();

/** A mistake that becomes (or lapses) a card: whose, which, and where it came from. */
export interface Mistake {
  userId: string;
  key: string;
  source: RepetitionSource;
  ref: string;
}

export const taskMistake = (userId: string, taskId: string): Mistake => ({
  userId,
  key: `task:${taskId}`,
  source: 'task',
  ref: taskId,
});

export const selfTestMistake = (userId: string, courseId: string, day: number, question: number): Mistake => ({
  userId,
  key: `selftest:${courseId}:${day}:${question}`,
  source: 'selftest',
  ref: `${courseId}:${day}:${question}`,
});

/** The tasks of scored results not fully right: a game round's or an olympiad attempt's mistakes. */
export const taskMistakes = (userId: string, results: TaskResult[]): Mistake[] =>
  results.filter((r) => r.points < TASK_POINTS).map((r) => taskMistake(userId, r.id));

/** A question of a self-test as «Повторення» needs it (the courses feature's stored question). */
export interface RepetitionQuestion {
  question: string;
  options: string[];
  answer: number;
  explanation: string;
}

type CardRow = RepetitionCardsTable;

/** A stored card as ts-fsrs' Card. */
export const toCard = (row: CardRow): Card => ({
  due: new Date(Number(row.due)),
  stability: Number(row.stability),
  difficulty: Number(row.difficulty),
  elapsed_days: row.elapsed_days,
  scheduled_days: row.scheduled_days,
  learning_steps: row.learning_steps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state as State,
  ...(row.last_review === null ? {} : { last_review: new Date(Number(row.last_review)) }),
});

const cardColumns = (card: Card) => ({
  due: card.due.getTime(),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsed_days,
  scheduled_days: card.scheduled_days,
  learning_steps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  last_review: card.last_review?.getTime() ?? null,
});

/**
 * Grades one card with FSRS and logs it, unless someone graded it since it was read (its `reps`
 * moved on): then this grading is dropped, so a card is never graded twice for one answer.
 */
async function grade(trx: Executor, row: CardRow, rating: Grade, now: number, sessionId: string | null) {
  const { card } = scheduler.next(toCard(row), new Date(now), rating);
  const updated = await trx
    .updateTable('repetition_cards')
    .set(cardColumns(card))
    .where('id', '=', row.id)
    .where('reps', '=', row.reps)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return;
  await trx
    .insertInto('repetition_logs')
    .values({
      id: randomUUID(),
      card_id: row.id,
      session_id: sessionId,
      rating,
      state: row.state,
      due_before: Number(row.due),
      due_after: card.due.getTime(),
      reviewed_at: now,
    })
    .execute();
}

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;
const chunks = <T>(list: T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Makes cards of mistakes, in the caller's transaction. A new mistake is a new FSRS card, due at
 * once; a mistake on a card the learner already has is a lapse: that card is graded Again now (the
 * learner has just shown they forgot it). Set-based: a query per CHUNK mistakes, whoever made them;
 * concurrent callers insert-or-ignore on the (learner, key) pair, so no card is made twice.
 */
export async function noteMistakes(trx: Executor, mistakes: Mistake[], now: number): Promise<void> {
  const unique = [...new Map(mistakes.map((m) => [`${m.userId}\u0000${m.key}`, m])).values()];
  for (const part of chunks(unique)) {
    const existing = await trx
      .selectFrom('repetition_cards')
      .selectAll()
      .where(
        'user_id',
        'in',
        part.map((m) => m.userId),
      )
      .where(
        'card_key',
        'in',
        part.map((m) => m.key),
      )
      .execute();
    const had = new Map(existing.map((row) => [`${row.user_id}\u0000${row.card_key}`, row]));
    const fresh = part.filter((m) => !had.has(`${m.userId}\u0000${m.key}`));
    if (fresh.length > 0) {
      const empty = cardColumns(createEmptyCard(new Date(now)));
      await trx
        .insertInto('repetition_cards')
        .values(
          fresh.map((m) => ({
            id: randomUUID(),
            user_id: m.userId,
            card_key: m.key,
            source: m.source,
            ref: m.ref,
            ...empty,
            created_at: now,
          })),
        )
        .onConflict((c) => c.columns(['user_id', 'card_key']).doNothing())
        .execute();
    }
    for (const m of part) {
      const row = had.get(`${m.userId}\u0000${m.key}`);
      if (row) await grade(trx, row, Rating.Again, now, null);
    }
  }
}

/** Fully right → Good, partly → Hard, wrong or blank → Again (docs/domain.md «Повторення»). */
export const ratingOf = (points: number): Grade =>
  points >= TASK_POINTS ? Rating.Good : points > 0 ? Rating.Hard : Rating.Again;

/** A dealt card: which card, under which key its task was shown, and how it was laid out. */
interface DealtCard {
  cardId: string;
  key: string;
  layout: Layout;
}

/** A self-test question as a one-answer quiz, so the game's task views and scoring serve it. */
const questionTask = (key: string, q: RepetitionQuestion): AuthoredTask => ({
  id: key,
  type: 'quiz',
  level: 1,
  topic: 'vocabulary',
  prompt: q.question,
  options: q.options,
  answers: [q.answer],
  explanation: q.explanation,
});

/**
 * «Повторення»: the learner's cards made from their own mistakes, dealt when FSRS says they are
 * due, scored on the server once, graded back into FSRS, the score joining the footprint under
 * the game's daily cap.
 */
export class RepetitionService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** A lesson's self-test questions (courses), undefined once the course or lesson is gone. */
      questions: (courseId: string, day: number) => Promise<readonly RepetitionQuestion[] | undefined>;
    },
  ) {}

  /** How many of the learner's cards are due now (home's habit summary reads it). */
  async dueCount(userId: string, db: Executor = this.deps.db): Promise<number> {
    const row = await db
      .selectFrom('repetition_cards')
      .select((eb) => eb.fn.countAll<number>().as('due'))
      .where('user_id', '=', userId)
      .where('due', '<=', this.deps.clock.now())
      .executeTakeFirstOrThrow();
    return Number(row.due);
  }

  async overview(userId: string): Promise<RepetitionOverview> {
    const totals = await this.deps.db
      .selectFrom('repetition_cards')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.min<number>('due').as('next')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const next = totals.next === null ? null : Number(totals.next);
    return { due: await this.dueCount(userId), total: Number(totals.total), nextDue: next };
  }

  /**
   * The authored tasks of these card keys (`task:<id>`, `selftest:<courseId>:<day>:<question>`);
   * a card whose task or question is gone has none. Read outside any transaction: the questions
   * come from the courses feature's own reads.
   */
  private async tasksOf(keys: string[]): Promise<Map<string, AuthoredTask>> {
    const byKey = new Map<string, AuthoredTask>();
    const taskIds = keys.filter((k) => k.startsWith('task:')).map((k) => k.slice('task:'.length));
    if (taskIds.length > 0) {
      const rows = await this.deps.db
        .selectFrom('game_tasks')
        .select(['id', 'body'])
        .where('id', 'in', taskIds)
        .where('active', '=', 1)
        .execute();
      for (const row of rows) {
        byKey.set(`task:${row.id}`, { ...(JSON.parse(row.body) as AuthoredTask), id: `task:${row.id}` });
      }
    }
    const lessons = new Map<string, Promise<readonly RepetitionQuestion[] | undefined>>();
    for (const key of keys.filter((k) => k.startsWith('selftest:'))) {
      // The course id is whatever lies between the prefix and the last two parts.
      const parts = key.slice('selftest:'.length).split(':');
      const question = Number(parts.pop());
      const day = Number(parts.pop());
      const courseId = parts.join(':');
      const lessonKey = `${courseId}:${day}`;
      if (!lessons.has(lessonKey)) lessons.set(lessonKey, this.deps.questions(courseId, day));
      const q = (await lessons.get(lessonKey))?.[question];
      if (q) byKey.set(key, questionTask(key, q));
    }
    return byKey;
  }

  /** Deals up to REPETITION_SESSION_CARDS of my cards due now, oldest due first. */
  async start(userId: string): Promise<RepetitionSession> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const due = await db
      .selectFrom('repetition_cards')
      .select(['id', 'card_key', 'source', 'ref'])
      .where('user_id', '=', userId)
      .where('due', '<=', now)
      .orderBy('due')
      .orderBy('id')
      .limit(REPETITION_SESSION_CARDS * 3)
      .execute();
    const tasks = await this.tasksOf(due.map((c) => c.card_key));
    // A card whose task was withdrawn or whose question was removed can never be played again.
    const gone = due.filter((c) => !tasks.has(c.card_key)).map((c) => c.id);
    if (gone.length > 0) await db.deleteFrom('repetition_cards').where('id', 'in', gone).execute();
    const picked = due.filter((c) => tasks.has(c.card_key)).slice(0, REPETITION_SESSION_CARDS);
    if (picked.length === 0) throw new AppError(404, REPETITION_MESSAGES.nothingDue);
    const plays: PlayTask[] = [];
    const dealt: DealtCard[] = [];
    for (const card of picked) {
      const { play, layout } = playable(tasks.get(card.card_key) as AuthoredTask);
      plays.push(play);
      dealt.push({ cardId: card.id, key: card.card_key, layout });
    }
    const sessionId = randomUUID();
    await db
      .insertInto('repetition_sessions')
      .values({
        id: sessionId,
        user_id: userId,
        tasks: JSON.stringify(dealt),
        started_at: now,
        finished_at: null,
        score: null,
        results: null,
      })
      .execute();
    return { sessionId, tasks: plays };
  }

  /**
   * Scores a session once (a second submission gets the first one's result), grades each card
   * with FSRS, and adds the score to the footprint up to what is left of today's game cap.
   */
  async finish(actor: Actor, sessionId: string, answers: unknown[]): Promise<RepetitionResult> {
    const { db, clock } = this.deps;
    const userId = actor.id;
    const dealtNow = await db
      .selectFrom('repetition_sessions')
      .select('tasks')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    const tasks = await this.tasksOf(dealtNow ? (JSON.parse(dealtNow.tasks) as DealtCard[]).map((d) => d.key) : []);
    return db.transaction().execute(async (trx) => {
      // Locked first, as a game round does: the daily cap is shared, so both take turns.
      await lockPlayer(db, trx, userId);
      const session = await trx
        .selectFrom('repetition_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (!session || !canPlayRepetition(actor, session)) throw new AppError(404, REPETITION_MESSAGES.sessionNotFound);
      const dealt = JSON.parse(session.tasks) as DealtCard[];
      const maxScore = dealt.length * TASK_POINTS;
      const sourceKey = `${REPETITION_SOURCE}${sessionId}`;
      if (session.finished_at !== null && session.results !== null) {
        const counted = await trx
          .selectFrom('mark_entries')
          .select('points')
          .where('source_key', '=', sourceKey)
          .executeTakeFirst();
        return {
          sessionId,
          score: session.score ?? 0,
          maxScore,
          results: JSON.parse(session.results),
          footprintPoints: Number(counted?.points ?? 0),
          dailyCapReached: (await countedGamePoints(trx, userId, session.finished_at)) >= GAME_DAILY_POINTS,
          dueLeft: await this.dueCount(userId, trx),
        };
      }
      const now = clock.now();
      const cards = await trx
        .selectFrom('repetition_cards')
        .selectAll()
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          dealt.map((d) => d.cardId),
        )
        .execute();
      const results: TaskResult[] = dealt.flatMap((d, i) => {
        const task = tasks.get(d.key);
        return task ? [result(task, d.layout, answers[i])] : [];
      });
      const score = results.reduce((sum, r) => sum + r.points, 0);
      await trx
        .updateTable('repetition_sessions')
        .set({ finished_at: now, score, results: JSON.stringify(results) })
        .where('id', '=', sessionId)
        .where('finished_at', 'is', null)
        .execute();
      const points = new Map(results.map((r) => [r.id, r.points]));
      for (const card of cards) {
        const got = points.get(card.card_key);
        // Graded since this session dealt it (another session, a lapse): this answer is not news.
        if (got === undefined || (card.last_review !== null && Number(card.last_review) > session.started_at)) continue;
        await grade(trx, card, ratingOf(got), now, sessionId);
      }
      const countedBefore = await countedGamePoints(trx, userId, now);
      const footprintPoints = Math.max(0, Math.min(score, GAME_DAILY_POINTS - countedBefore));
      if (footprintPoints > 0) {
        await addFootprint(trx, {
          userId,
          points: footprintPoints,
          comment: gameFootprintComment(score, maxScore, footprintPoints, 'Повторення'),
          sourceKey,
          date: now,
        });
      }
      if (answers.some(isAnswered)) {
        await recordPractice(trx, { userId, kind: 'repetition', sourceKey, at: now });
      }
      return {
        sessionId,
        score,
        maxScore,
        results,
        footprintPoints,
        dailyCapReached: countedBefore + footprintPoints >= GAME_DAILY_POINTS,
        dueLeft: await this.dueCount(userId, trx),
      };
    });
  }
}
