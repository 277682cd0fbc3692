import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type AuthoredTask,
  GAME_DAILY_POINTS,
  GAME_MESSAGES,
  GAME_ROUND_MS,
  GAME_ROUND_TASKS,
  type GameRating,
  type GameStats,
  gameFootprintComment,
  type PlayTask,
  type Round,
  type RoundResult,
  TASK_POINTS,
  type TaskResult,
} from '@yedyni/contract';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import { ContentError } from '../courses/index.js';
import { recordPractice } from '../habit/index.js';
import { addFootprint } from '../support/index.js';
import { countedGamePoints, GAME_SOURCE, lockPlayer } from './daily-cap.js';
import { noteMistakes, taskMistakes } from './repetition.js';
import { isAnswered, type Layout, playable, result, taskProblems } from './tasks.js';

/** Answers a few seconds late (the network) still count; later ones count for nothing. */
const GRACE_MS = 5_000;

/** Reads and checks every `*.json` task list of a folder (content/game); throws on any problem. */
export async function readTaskFolder(folder: string): Promise<AuthoredTask[]> {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.json')).sort();
  const tasks: AuthoredTask[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const list: unknown = JSON.parse(await readFile(path.join(folder, file), 'utf8'));
    if (!Array.isArray(list)) throw new ContentError(`${file}: має бути масив завдань`);
    list.forEach((raw, i) => {
      const checked = taskProblems(raw);
      if (checked.task) tasks.push(checked.task);
      else problems.push(...checked.problems.map((p) => `${file} #${i + 1}: ${p}`));
    });
  }
  const ids = tasks.map((t) => t.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length) problems.push(`повторені id: ${[...new Set(repeated)].join(', ')}`);
  if (problems.length) throw new ContentError(problems.join('\n'));
  return tasks;
}

/** Adds or replaces tasks by id, in one transaction. */
export async function saveTasks(db: Db, tasks: AuthoredTask[], now: number): Promise<number> {
  await db.transaction().execute(async (trx) => {
    for (const task of tasks) {
      const row = { ...taskColumns(task), updated_at: now };
      await trx
        .insertInto('game_tasks')
        .values({ id: task.id, active: 1, ...row })
        .onConflict((c) => c.column('id').doUpdateSet(row))
        .execute();
    }
  });
  return tasks.length;
}

/** The columns of a task's row; its pool defaults to the game's. */
export const taskColumns = (task: AuthoredTask) => {
  const pool = task.pool ?? 'game';
  return {
    type: task.type,
    level: task.level,
    topic: task.topic,
    pool,
    body: JSON.stringify({ ...task, pool }),
  };
};

/** A task as dealt to one player: its id and how it was laid out for them. */
export interface DealtTask {
  id: string;
  layout: Layout;
}

/** Authored tasks by id (right answers included: for the server's eyes only). */
export async function tasksById(db: Executor, ids: string[]): Promise<Map<string, AuthoredTask>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('game_tasks').select(['id', 'body']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, JSON.parse(r.body) as AuthoredTask]));
}

/** Lays the tasks out for one player: what to show, and what to keep for scoring. */
export function deal(tasks: AuthoredTask[]): { plays: PlayTask[]; dealt: DealtTask[] } {
  const laidOut = tasks.map((task) => ({ id: task.id, ...playable(task) }));
  return { plays: laidOut.map((t) => t.play), dealt: laidOut.map((t) => ({ id: t.id, layout: t.layout })) };
}

/** Scores dealt tasks against the answers (none count when late); the right answers always shown. */
export function scoreDealt(
  tasks: Map<string, AuthoredTask>,
  dealt: DealtTask[],
  answers: unknown[],
  late: boolean,
): TaskResult[] {
  return dealt.flatMap((entry, i) => {
    const task = tasks.get(entry.id);
    return task ? [result(task, entry.layout, late ? undefined : answers[i])] : [];
  });
}

/** Answers within the deadline and a few seconds' grace count. */
export const isLate = (now: number, deadline: number) => now > deadline + GRACE_MS;

/**
 * «Паляниця»: a round of random tasks with a deadline kept on the server, scored on the server
 * once, its points joining the footprint under the round's own key.
 */
export class GameService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async start(userId: string): Promise<Round> {
    const { db, clock } = this.deps;
    // Only the game's own pool: olympiad tasks must never have their answers revealed by a round.
    const ids = (
      await db.selectFrom('game_tasks').select('id').where('active', '=', 1).where('pool', '=', 'game').execute()
    ).map((r) => r.id);
    if (ids.length === 0) throw new AppError(404, GAME_MESSAGES.noTasks);
    const picked: string[] = [];
    while (picked.length < Math.min(GAME_ROUND_TASKS, ids.length)) {
      const [id] = ids.splice(randomInt(ids.length), 1);
      if (id) picked.push(id);
    }
    const tasks = await tasksById(db, picked);
    const { plays, dealt } = deal(picked.map((id) => tasks.get(id) as AuthoredTask));
    const now = clock.now();
    const round = { roundId: randomUUID(), deadline: now + GAME_ROUND_MS, tasks: plays };
    await db
      .insertInto('game_rounds')
      .values({
        id: round.roundId,
        user_id: userId,
        tasks: JSON.stringify(dealt),
        started_at: now,
        deadline: round.deadline,
        finished_at: null,
        score: null,
        results: null,
      })
      .execute();
    return round;
  }

  /**
   * Scores a round once: a second submission gets the first one's result. Answers after the
   * deadline (and a few seconds' grace) score nothing, but the right answers are still shown.
   * The footprint gets the score up to what is left of today's GAME_DAILY_POINTS.
   */
  async finish(userId: string, roundId: string, answers: unknown[]): Promise<RoundResult> {
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      // The player's row, locked first: rounds and «Повторення» sessions share the daily cap.
      await lockPlayer(db, trx, userId);
      const round = await trx
        .selectFrom('game_rounds')
        .selectAll()
        .where('id', '=', roundId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!round) throw new AppError(404, GAME_MESSAGES.roundNotFound);
      const stored = JSON.parse(round.tasks) as DealtTask[];
      const maxScore = stored.length * TASK_POINTS;
      if (round.finished_at !== null && round.results !== null) {
        const counted = await trx
          .selectFrom('mark_entries')
          .select('points')
          .where('source_key', '=', `${GAME_SOURCE}${roundId}`)
          .executeTakeFirst();
        return {
          roundId,
          score: round.score ?? 0,
          maxScore,
          late: isLate(round.finished_at, round.deadline),
          results: JSON.parse(round.results),
          footprintPoints: Number(counted?.points ?? 0),
          dailyCapReached: (await countedGamePoints(trx, userId, round.finished_at)) >= GAME_DAILY_POINTS,
        };
      }
      const now = clock.now();
      const late = isLate(now, round.deadline);
      const tasks = await tasksById(
        trx,
        stored.map((t) => t.id),
      );
      const results = scoreDealt(tasks, stored, answers, late);
      const score = results.reduce((sum, r) => sum + r.points, 0);
      const updated = await trx
        .updateTable('game_rounds')
        .set({ finished_at: now, score, results: JSON.stringify(results) })
        .where('id', '=', roundId)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      // A round played in time with an answer is practice (docs/domain.md «The daily habit»), and its
      // mistakes become «Повторення» cards; a late or blank round shows nothing about what is known.
      const played = Number(updated.numUpdatedRows) === 1 && !late && answers.some(isAnswered);
      if (played) {
        await noteMistakes(trx, taskMistakes(userId, results), now);
        await recordPractice(trx, { userId, kind: 'game', sourceKey: `game:${roundId}`, at: now });
      }
      const countedBefore = await countedGamePoints(trx, userId, now);
      const footprintPoints = Math.max(0, Math.min(score, GAME_DAILY_POINTS - countedBefore));
      if (Number(updated.numUpdatedRows) === 1 && footprintPoints > 0) {
        await addFootprint(trx, {
          userId,
          points: footprintPoints,
          comment: gameFootprintComment(score, maxScore, footprintPoints),
          sourceKey: `${GAME_SOURCE}${roundId}`,
          date: now,
        });
      }
      const dailyCapReached = countedBefore + footprintPoints >= GAME_DAILY_POINTS;
      return { roundId, score, maxScore, late, results, footprintPoints, dailyCapReached };
    });
  }

  async stats(userId: string): Promise<GameStats> {
    const { db } = this.deps;
    const finished = db.selectFrom('game_rounds').where('user_id', '=', userId).where('finished_at', 'is not', null);
    const [best, totals] = await Promise.all([
      finished
        .select(['score', 'finished_at'])
        .orderBy('score', 'desc')
        .orderBy('finished_at', 'desc')
        .limit(5)
        .execute(),
      finished
        .select((eb) => [eb.fn.countAll<number>().as('rounds'), eb.fn.sum<number>('score').as('points')])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      best: best.map((r) => ({ score: r.score ?? 0, date: r.finished_at ?? 0 })),
      rounds: Number(totals.rounds),
      totalPoints: Number(totals.points ?? 0),
    };
  }

  /** The top 10 by best round (a tie goes to the longer-standing player); names shortened to «Оксана К.». */
  async rating(userId: string): Promise<GameRating> {
    const rows = await this.deps.db
      .selectFrom('game_rounds as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select((eb) => [
        'u.id',
        'u.first_name',
        'u.last_name',
        eb.fn.max<number>('r.score').as('best'),
        eb.fn.min<number>('r.finished_at').as('first'),
      ])
      .where('r.finished_at', 'is not', null)
      .where('r.score', '>', 0)
      .groupBy(['u.id', 'u.first_name', 'u.last_name'])
      .orderBy('best', 'desc')
      .orderBy('first')
      .limit(10)
      .execute();
    return {
      players: rows.map((r, i) => ({
        place: i + 1,
        name: `${r.first_name} ${r.last_name.slice(0, 1)}.`,
        best: Number(r.best),
        isMe: r.id === userId,
      })),
    };
  }
}
