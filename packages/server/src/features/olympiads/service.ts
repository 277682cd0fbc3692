import { randomInt, randomUUID } from 'node:crypto';
import {
  ACCESS_MESSAGES,
  type AuthoredTask,
  formatDateTime,
  OLYMPIAD_ADMIN_MESSAGES,
  OLYMPIAD_MESSAGES,
  OLYMPIAD_WINNER_POINTS,
  type Olympiad,
  type OlympiadAttempt,
  type OlympiadOverview,
  type OlympiadResults,
  type OlympiadScore,
  TASK_POINTS,
  type TaskResult,
} from '@yedyni/contract';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, inserted, needsRowLocks } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import type { OlympiadAttemptsTable, OlympiadsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { type DealtTask, deal, isLate, noteMistakes, scoreDealt, taskMistakes, tasksById } from '../game/index.js';
import type { NotificationService } from '../notifications/index.js';
import { addFootprint, type SupportService } from '../support/index.js';
import { canManageOlympiads } from './policy.js';

const TOP = 10;

export interface OlympiadInput {
  title: string;
  description: string;
  startsAt: number;
  endsAt: number;
  durationMin: number;
  taskCount: number;
}

const columnsOf = (input: OlympiadInput) => ({
  title: input.title,
  description: input.description,
  starts_at: input.startsAt,
  ends_at: input.endsAt,
  duration_ms: input.durationMin * 60_000,
});

/** A participant with what breaks ties: the support level, then the footprint. */
interface Standing {
  userId: string;
  name: string;
  inviterId: string | null;
  score: number;
  level: number;
  footprint: number;
}

/** Higher score first; ties go to the higher support level, then the higher footprint (docs/domain.md «Olympiads»). */
export function byRank(
  a: Pick<Standing, 'score' | 'level' | 'footprint'>,
  b: Pick<Standing, 'score' | 'level' | 'footprint'>,
) {
  return b.score - a.score || b.level - a.level || b.footprint - a.footprint;
}

const shortName = (first: string, last: string) => `${first} ${last.slice(0, 1)}.`;

/**
 * The right answers of an olympiad's tasks are shown once no answer can count any more: after its
 * end and the few seconds' grace a late answer gets. Before that a finished attempt is only a score,
 * or the first to finish could pass the answers to those still playing.
 */
export const answersVisible = (o: Pick<OlympiadsTable, 'ends_at'>, now: number) => isLate(now, o.ends_at);

/** A finished attempt as its owner sees it: with the right answers only once they are visible. */
function scoreOf(
  o: Pick<OlympiadsTable, 'ends_at'>,
  attempt: Pick<OlympiadAttemptsTable, 'tasks' | 'deadline' | 'finished_at' | 'score'>,
  results: TaskResult[],
  now: number,
): OlympiadScore {
  const visible = answersVisible(o, now);
  return {
    score: attempt.score ?? 0,
    maxScore: (JSON.parse(attempt.tasks) as DealtTask[]).length * TASK_POINTS,
    late: isLate(attempt.finished_at ?? now, attempt.deadline),
    results: visible ? results : [],
    note: visible ? null : OLYMPIAD_MESSAGES.answersAfterEnd(formatDateTime(o.ends_at)),
  };
}

/**
 * Olympiads: a scheduled set of tasks, the same for everyone, taken once per person within its
 * window and a personal time limit; afterwards personal and team top-10 tables.
 */
/** People told of a started olympiad per minute, and per transaction. */
export const OLYMPIAD_NOTICE_BATCH = 2_000;
const OLYMPIAD_NOTICE_CHUNK = 200;

export class OlympiadsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      support: Pick<SupportService, 'supportLevels'>;
      notifications: NotificationService;
    },
  ) {}

  /**
   * The minute's reminders (NotificationService.addTickSource): an olympiad that has begun is told
   * to everyone (everyone takes part) who has not been told yet — key `olympiad:<id>:start`, so one
   * per olympiad per person — at most OLYMPIAD_NOTICE_BATCH people a minute, a transaction per
   * OLYMPIAD_NOTICE_CHUNK, so telling every learner neither holds the database nor the tick long.
   */
  async tellStarted(now: number): Promise<number> {
    const { db } = this.deps;
    const open = await db
      .selectFrom('olympiads')
      .select(['id', 'title', 'ends_at'])
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .execute();
    let told = 0;
    for (const olympiad of open) {
      const key = `olympiad:${olympiad.id}:start`;
      const people = await db
        .selectFrom('users as u')
        .leftJoin('notifications as n', (join) => join.onRef('n.user_id', '=', 'u.id').on('n.key', '=', key))
        .select('u.id')
        .where('n.id', 'is', null)
        .orderBy('u.id')
        .limit(OLYMPIAD_NOTICE_BATCH - told)
        .execute();
      const until = formatDateTime(olympiad.ends_at);
      for (let i = 0; i < people.length; i += OLYMPIAD_NOTICE_CHUNK) {
        const chunk = people.slice(i, i + OLYMPIAD_NOTICE_CHUNK);
        await db.transaction().execute(async (trx) => {
          for (const person of chunk) {
            await this.deps.notifications.notify(trx, {
              userId: person.id,
              category: 'olympiads',
              key,
              title: `Почалася олімпіада «${olympiad.title}»`,
              body: `Можна брати участь до ${until}.`,
              link: '/uk/olympiad',
              email: {
                subject: `Почалася олімпіада «${olympiad.title}»`,
                paragraphs: [`Олімпіада «${olympiad.title}» почалася. Взяти участь можна до ${until}.`],
                action: 'До олімпіади',
              },
              expiresAt: olympiad.ends_at,
            });
          }
        });
      }
      told += people.length;
      if (told >= OLYMPIAD_NOTICE_BATCH) break;
    }
    return told;
  }

  private state(o: OlympiadsTable, now: number): Olympiad['state'] {
    return now < o.starts_at ? 'upcoming' : now <= o.ends_at ? 'open' : 'finished';
  }

  private async view(actor: Actor, o: OlympiadsTable, db: Executor = this.deps.db): Promise<Olympiad> {
    const attempt = await db
      .selectFrom('olympiad_attempts')
      .select(['deadline', 'finished_at', 'score'])
      .where('olympiad_id', '=', o.id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    return {
      _id: o.id,
      title: o.title,
      description: o.description,
      startsAt: o.starts_at,
      endsAt: o.ends_at,
      durationMs: o.duration_ms,
      taskCount: (JSON.parse(o.task_ids) as string[]).length,
      state: this.state(o, this.deps.clock.now()),
      myAttempt: attempt
        ? { deadline: attempt.deadline, finished: attempt.finished_at !== null, score: attempt.score }
        : null,
    };
  }

  private async find(id: string): Promise<OlympiadsTable> {
    const o = await this.deps.db.selectFrom('olympiads').selectAll().where('id', '=', id).executeTakeFirst();
    if (!o) throw new AppError(404, OLYMPIAD_MESSAGES.notFound);
    return o;
  }

  /** The running or next olympiad, and the last finished one with its tables. */
  async overview(actor: Actor): Promise<OlympiadOverview> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const next = await db
      .selectFrom('olympiads')
      .selectAll()
      .where('ends_at', '>=', now)
      .orderBy('starts_at')
      .limit(1)
      .executeTakeFirst();
    const previous = await db
      .selectFrom('olympiads')
      .selectAll()
      .where('ends_at', '<', now)
      .orderBy('ends_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      next: next ? await this.view(actor, next) : null,
      previous: previous ? await this.results(actor, previous.id) : null,
    };
  }

  /**
   * The same set of tasks for everyone, harder first, drawn once from the active olympiad pool
   * (never the game's: every round reveals the answers of the tasks it deals).
   */
  private async drawTasks(db: Executor, count: number): Promise<string[]> {
    const pool = await db
      .selectFrom('game_tasks')
      .select(['id', 'level'])
      .where('active', '=', 1)
      .where('pool', '=', 'olympiad')
      .orderBy('level', 'desc')
      .execute();
    if (pool.length < count) throw new AppError(400, OLYMPIAD_MESSAGES.notEnoughTasks);
    const ids = pool.map((t) => t.id);
    const picked: string[] = [];
    while (picked.length < count) picked.push(...ids.splice(randomInt(ids.length), 1));
    return picked;
  }

  async create(actor: Actor, input: OlympiadInput): Promise<Olympiad> {
    if (!canManageOlympiads(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const id = randomUUID();
    const now = clock.now();
    if (input.startsAt <= now) throw new AppError(400, OLYMPIAD_MESSAGES.startsInPast);
    await db.transaction().execute(async (trx) => {
      const picked = await this.drawTasks(trx, input.taskCount);
      await trx
        .insertInto('olympiads')
        .values({ id, ...columnsOf(input), task_ids: JSON.stringify(picked), created_at: now })
        .execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'olympiad.create',
        target: `olympiad:${id}`,
        summary: `«${input.title}», ${formatDateTime(input.startsAt)}`,
        details: input,
        now,
      });
    });
    return this.view(actor, await this.find(id));
  }

  /** Every olympiad, newest first, with how many took part: the admin console's list. */
  async listAll(actor: Actor): Promise<{ olympiads: (Olympiad & { participants: number })[] }> {
    if (!canManageOlympiads(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db } = this.deps;
    const rows = await db.selectFrom('olympiads').selectAll().orderBy('starts_at', 'desc').limit(200).execute();
    const counts = await db
      .selectFrom('olympiad_attempts')
      .select(['olympiad_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('olympiad_id')
      .execute();
    const participants = new Map(counts.map((c) => [c.olympiad_id, Number(c.n)]));
    return {
      olympiads: await Promise.all(
        rows.map(async (o) => ({ ...(await this.view(actor, o)), participants: participants.get(o.id) ?? 0 })),
      ),
    };
  }

  /** Changes an olympiad that has not started; a new task count draws a new set. */
  async update(actor: Actor, olympiadId: string, input: OlympiadInput) {
    if (!canManageOlympiads(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const o = await this.notStarted(trx, olympiadId, now);
      // Moved into the past, it would be running (or over) without ever having been locked.
      if (input.startsAt <= now) throw new AppError(400, OLYMPIAD_MESSAGES.startsInPast);
      const count = (JSON.parse(o.task_ids) as string[]).length;
      const taskIds =
        count === input.taskCount ? o.task_ids : JSON.stringify(await this.drawTasks(trx, input.taskCount));
      await trx
        .updateTable('olympiads')
        .set({ ...columnsOf(input), task_ids: taskIds })
        .where('id', '=', olympiadId)
        .execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'olympiad.update',
        target: `olympiad:${olympiadId}`,
        summary: `«${input.title}», ${formatDateTime(input.startsAt)}`,
        details: input,
        now,
      });
    });
    // Nobody has taken part in an olympiad that has not started.
    return { ...(await this.view(actor, await this.find(olympiadId))), participants: 0 };
  }

  async remove(actor: Actor, olympiadId: string): Promise<{ _id: string }> {
    if (!canManageOlympiads(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const o = await this.notStarted(trx, olympiadId, now);
      await trx.deleteFrom('olympiads').where('id', '=', olympiadId).execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'olympiad.delete',
        target: `olympiad:${olympiadId}`,
        summary: `«${o.title}», ${formatDateTime(o.starts_at)}`,
        now,
      });
    });
    return { _id: olympiadId };
  }

  /** Locked while it is changed, so nobody starts it in between. */
  private async notStarted(trx: Executor, olympiadId: string, now: number): Promise<OlympiadsTable> {
    let query = trx.selectFrom('olympiads').selectAll().where('id', '=', olympiadId);
    if (needsRowLocks(this.deps.db)) query = query.forUpdate();
    const o = await query.executeTakeFirst();
    if (!o) throw new AppError(404, OLYMPIAD_MESSAGES.notFound);
    if (o.starts_at <= now) throw new AppError(409, OLYMPIAD_ADMIN_MESSAGES.olympiadStarted);
    return o;
  }

  /**
   * Starts my one attempt (or gives back the same tasks while it runs). Its deadline is the
   * personal limit, cut at the olympiad's end.
   */
  async start(actor: Actor, olympiadId: string): Promise<OlympiadAttempt> {
    const { db, clock } = this.deps;
    const o = await this.find(olympiadId);
    const now = clock.now();
    const existing = await db
      .selectFrom('olympiad_attempts')
      .selectAll()
      .where('olympiad_id', '=', olympiadId)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    if (existing?.finished_at != null) throw new AppError(409, OLYMPIAD_MESSAGES.alreadyTaken);
    if (this.state(o, now) !== 'open' && !existing) throw new AppError(409, OLYMPIAD_MESSAGES.notOpen);
    const ids = JSON.parse(o.task_ids) as string[];
    const tasks = await tasksById(db, ids);
    if (existing) {
      // The same layout as before: a reload must not reshuffle (or re-deal) anything.
      const dealt = JSON.parse(existing.tasks) as DealtTask[];
      const plays = dealt.flatMap((d) => {
        const task = tasks.get(d.id);
        return task ? [replay(task, d)] : [];
      });
      return { olympiadId, deadline: existing.deadline, tasks: plays };
    }
    const { plays, dealt } = deal(ids.flatMap((id) => (tasks.has(id) ? [tasks.get(id) as AuthoredTask] : [])));
    const deadline = Math.min(now + o.duration_ms, o.ends_at);
    const attempt = await db
      .insertInto('olympiad_attempts')
      .values({
        olympiad_id: olympiadId,
        user_id: actor.id,
        tasks: JSON.stringify(dealt),
        started_at: now,
        deadline,
        finished_at: null,
        score: null,
        results: null,
      })
      .onConflict((c) => c.columns(['olympiad_id', 'user_id']).doNothing())
      .executeTakeFirst();
    // Two tabs starting at once: the first one's layout is the attempt.
    if (!inserted(attempt)) return this.start(actor, olympiadId);
    return { olympiadId, deadline, tasks: plays };
  }

  /** Scores my attempt once; its right answers wait for the olympiad's end (see `answersVisible`). */
  async finish(actor: Actor, olympiadId: string, answers: unknown[]): Promise<OlympiadScore> {
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const attempt = await trx
        .selectFrom('olympiad_attempts')
        .selectAll()
        .where('olympiad_id', '=', olympiadId)
        .where('user_id', '=', actor.id)
        .executeTakeFirst();
      if (!attempt) throw new AppError(409, OLYMPIAD_MESSAGES.notStarted);
      const dealt = JSON.parse(attempt.tasks) as DealtTask[];
      if (attempt.finished_at !== null) throw new AppError(409, OLYMPIAD_MESSAGES.alreadyTaken);
      const now = clock.now();
      const late = isLate(now, attempt.deadline);
      const tasks = await tasksById(
        trx,
        dealt.map((d) => d.id),
      );
      const results: TaskResult[] = scoreDealt(tasks, dealt, answers, late);
      const score = results.reduce((sum, r) => sum + r.points, 0);
      const updated = await trx
        .updateTable('olympiad_attempts')
        .set({ finished_at: now, score, results: JSON.stringify(results) })
        .where('olympiad_id', '=', olympiadId)
        .where('user_id', '=', actor.id)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, OLYMPIAD_MESSAGES.alreadyTaken);
      const olympiad = await trx
        .selectFrom('olympiads')
        .select(['title', 'ends_at'])
        .where('id', '=', olympiadId)
        .executeTakeFirstOrThrow();
      if (score > 0) {
        await addFootprint(trx, {
          userId: actor.id,
          points: score,
          comment: `Олімпіада «${olympiad.title}»: ${score} балів`,
          sourceKey: `olympiad:${olympiadId}:${actor.id}`,
          date: now,
        });
      }
      return scoreOf(olympiad, { ...attempt, finished_at: now, score }, results, now);
    });
  }

  /**
   * Once an olympiad's answers are no longer secret (its end and the grace, see `answersVisible`),
   * every participant's wrong or partly right tasks become their «Повторення» cards: an attempt
   * finished in time, since a late or unfinished one shows nothing about what its player knows.
   * The olympiad is claimed first (`mistakes_carded_at`, set from null in the same transaction),
   * so concurrent ticks on several instances card it once; the cards' unique keys back that up.
   */
  async cardMistakes(now: number): Promise<number> {
    const { db } = this.deps;
    const ended = await db
      .selectFrom('olympiads')
      .select(['id', 'ends_at'])
      .where('mistakes_carded_at', 'is', null)
      .where('ends_at', '<', now)
      .execute();
    let carded = 0;
    for (const o of ended.filter((o) => answersVisible(o, now))) {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('olympiads')
          .set({ mistakes_carded_at: now })
          .where('id', '=', o.id)
          .where('mistakes_carded_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return;
        const attempts = await trx
          .selectFrom('olympiad_attempts')
          .select(['user_id', 'deadline', 'finished_at', 'results'])
          .where('olympiad_id', '=', o.id)
          .where('finished_at', 'is not', null)
          .execute();
        const mistakes = attempts.flatMap((a) =>
          a.results === null || isLate(a.finished_at ?? now, a.deadline)
            ? []
            : taskMistakes(a.user_id, JSON.parse(a.results) as TaskResult[]),
        );
        await noteMistakes(trx, mistakes, now);
        carded += 1;
      });
    }
    return carded;
  }

  /** My finished attempt of this olympiad, once it is over (its right answers visible); else null. */
  private async mine(actor: Actor, o: OlympiadsTable, now: number): Promise<OlympiadScore | null> {
    if (!answersVisible(o, now)) return null;
    const attempt = await this.deps.db
      .selectFrom('olympiad_attempts')
      .select(['tasks', 'deadline', 'finished_at', 'score', 'results'])
      .where('olympiad_id', '=', o.id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    if (!attempt || attempt.finished_at === null || attempt.results === null) return null;
    return scoreOf(o, attempt, JSON.parse(attempt.results) as TaskResult[], now);
  }

  /** Personal and team top 10 once the olympiad is over; the top three get their bonus, once. */
  async results(actor: Actor, olympiadId: string): Promise<OlympiadResults> {
    const { db, clock } = this.deps;
    const o = await this.find(olympiadId);
    const olympiad = await this.view(actor, o);
    const now = clock.now();
    if (olympiad.state !== 'finished') return { olympiad, personal: [], team: [], mine: null };
    const standings = await this.standings(olympiadId, now);
    const personal = [...standings].sort(byRank);

    // Every attempt is over once the last possible deadline has passed: the winners are final.
    if (now > o.ends_at) {
      await db.transaction().execute(async (trx) => {
        for (const [place, winner] of personal.slice(0, OLYMPIAD_WINNER_POINTS.length).entries()) {
          if (winner.score <= 0) continue;
          await addFootprint(trx, {
            userId: winner.userId,
            points: OLYMPIAD_WINNER_POINTS[place] ?? 0,
            comment: `Олімпіада «${o.title}»: ${place + 1} місце`,
            sourceKey: `olympiad-winner:${olympiadId}:${winner.userId}`,
            date: o.ends_at,
          });
        }
      });
    }

    // A team is an inviter and the people they invited; its score is all of theirs together.
    const byId = new Map(standings.map((s) => [s.userId, s]));
    const teams = new Map<string, { score: number; members: number }>();
    for (const s of standings) {
      for (const leader of [s.userId, s.inviterId]) {
        if (!leader || leader === ROOT_USER_ID) continue;
        if (leader === s.userId && !standings.some((m) => m.inviterId === s.userId)) continue;
        const team = teams.get(leader) ?? { score: 0, members: 0 };
        team.score += s.score;
        team.members += 1;
        teams.set(leader, team);
      }
    }
    const leaders = await this.people([...teams.keys()], now);
    const team = [...teams.entries()]
      .flatMap(([leaderId, t]) => {
        const leader = byId.get(leaderId) ?? leaders.get(leaderId);
        return leader ? [{ ...leader, score: t.score, members: t.members }] : [];
      })
      .sort(byRank)
      .slice(0, TOP)
      .map((t, i) => ({
        place: i + 1,
        name: `Команда ${t.name}`,
        score: t.score,
        members: t.members,
        isMe: t.userId === actor.id || byId.get(actor.id)?.inviterId === t.userId,
      }));
    return {
      olympiad,
      personal: personal.slice(0, TOP).map((s, i) => ({
        place: i + 1,
        name: s.name,
        score: s.score,
        isMe: s.userId === actor.id,
      })),
      team,
      mine: await this.mine(actor, o, now),
    };
  }

  /** Finished attempts with each participant's tie-breakers. */
  private async standings(olympiadId: string, now: number): Promise<Standing[]> {
    const rows = await this.deps.db
      .selectFrom('olympiad_attempts')
      .select(['user_id', 'score'])
      .where('olympiad_id', '=', olympiadId)
      .where('finished_at', 'is not', null)
      .execute();
    const people = await this.people(
      rows.map((r) => r.user_id),
      now,
    );
    return rows.flatMap((r) => {
      const person = people.get(r.user_id);
      return person ? [{ ...person, score: r.score ?? 0 }] : [];
    });
  }

  /** Names, inviters, support levels and footprints of these people. */
  private async people(ids: string[], now: number): Promise<Map<string, Omit<Standing, 'score'>>> {
    const result = new Map<string, Omit<Standing, 'score'>>();
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      const [users, levels] = await Promise.all([
        this.deps.db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'inviter_id', 'mark'])
          .where('id', 'in', slice)
          .execute(),
        this.deps.support.supportLevels(slice, now),
      ]);
      for (const u of users) {
        result.set(u.id, {
          userId: u.id,
          name: shortName(u.first_name, u.last_name),
          inviterId: u.inviter_id,
          level: levels.get(u.id) ?? 0,
          footprint: u.mark,
        });
      }
    }
    return result;
  }
}

/** The play view of a task as it was dealt before (same order of the shuffled column). */
function replay(task: AuthoredTask, dealt: DealtTask) {
  const { plays } = deal([task]);
  const play = plays[0] as NonNullable<(typeof plays)[0]>;
  const shuffled = dealt.layout.shuffled;
  if (!shuffled) return play;
  if (task.type === 'match') return { ...play, right: shuffled.map((i) => (task.pairs[i] as [string, string])[1]) };
  if (task.type === 'order') return { ...play, words: shuffled.map((i) => task.words[i] as string) };
  return play;
}
