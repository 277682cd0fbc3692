import {
  ACCESS_MESSAGES,
  CLAIM_MINUTES,
  type Claim,
  HOMEWORK_MESSAGES,
  kyivIsoWeek,
  LAST_WORD_CHARS,
  percentile,
  QUEUE_PAGE,
  type Queue,
  type QueueWho,
  REVIEW_MESSAGES,
  type ReplyFigures,
  type ReplyTimes,
  type Reviewed,
} from '@yedyni/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import type { Database, ExercisesTable } from '../../infra/db/schema.js';
import { containsPattern } from '../../infra/db/search.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { authorsById } from '../auth/index.js';
import { canHoldClaim, canReassignClaim, canReview, claimHeld, replyTimesScope } from './policy.js';
import { ReviewPages, reviewVersions } from './queue-pages.js';

const CLAIM_MS = CLAIM_MINUTES * 60_000;
const HOUR_MS = 3_600_000;

interface QueueFilter {
  course?: string | undefined;
  wave?: string | undefined;
  lesson?: number | undefined;
  learner?: string | undefined;
  who: QueueWho;
  page: number;
}

interface ReviewedFilter {
  q?: string | undefined;
  course?: string | undefined;
  wave?: string | undefined;
  page: number;
}

/** A history search takes the first this many learners whose name or e-mail matches. */
const LEARNER_MATCHES = 200;
/**
 * The curators' side of homework (docs/domain.md «Homework and review»): the queue of waiting work,
 * oldest first; the history of reviewed work; claims, so two curators do not review one homework
 * at once; and the reply-time report from the reply log the homework service writes.
 */
export class ReviewQueue {
  /** Queue pages, under both numbers: a claim changes them. */
  private readonly queuePages = new ReviewPages();
  /** History pages, the queue's counts and learners found by name: under the work number alone. */
  private readonly workPages = new ReviewPages();

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private guard(actor: Actor): void {
    if (!canReview(actor)) throw new AppError(403, ACCESS_MESSAGES.curatorsOnly);
  }

  /** Homework with its learner, course and the learner's wave in it: the rows of the queue and the history. */
  private work() {
    return this.deps.db
      .selectFrom('exercises as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .leftJoin('enrollments as en', (join) =>
        join.onRef('en.user_id', '=', 'e.user_id').onRef('en.course_id', '=', 'e.course_id'),
      );
  }

  /**
   * How much waiting homework a filter leaves: the homework rows alone, joined to the enrolment or
   * the learner only when the filter names a wave or a learner (a count of 10,000 rows through
   * four joins cost more than the page).
   */
  private async waitingCount(
    actor: Actor,
    filter: QueueFilter,
    learners: string[] | undefined,
    claims: { liveAt: number; by?: string } | undefined,
  ): Promise<number> {
    let query = this.deps.db
      .selectFrom('exercises as e')
      .where('e.waiting_since', 'is not', null)
      .where('e.user_id', '!=', actor.id);
    if (filter.course) query = query.where('e.course_id', '=', filter.course);
    if (filter.lesson) query = query.where('e.day', '=', filter.lesson);
    if (filter.wave) query = query.where(inWave(filter.wave));
    if (learners) query = query.where('e.user_id', 'in', learners);
    // Live claims are few (one or two per curator at work): found through the claim index.
    if (claims) query = query.where('e.claim_until', '>', claims.liveAt).where('e.claimed_by', 'is not', null);
    if (claims?.by) query = query.where('e.claimed_by', '=', claims.by);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Waiting homework with its course, learner, wave and claim holder: the page's rows. */
  private waiting(actor: Actor, filter: QueueFilter, learners: string[] | undefined, now: number) {
    let query = this.work().where('e.waiting_since', 'is not', null).where('e.user_id', '!=', actor.id);
    if (filter.course) query = query.where('e.course_id', '=', filter.course);
    if (filter.wave) query = query.where('en.wave', '=', filter.wave);
    if (filter.lesson) query = query.where('e.day', '=', filter.lesson);
    if (learners) query = query.where('e.user_id', 'in', learners);
    if (filter.who === 'mine') query = query.where('e.claimed_by', '=', actor.id).where('e.claim_until', '>', now);
    if (filter.who === 'unclaimed') {
      query = query.where((eb) => eb.or([eb('e.claimed_by', 'is', null), eb('e.claim_until', '<=', now)]));
    }
    return query;
  }

  async queue(actor: Actor, filter: QueueFilter): Promise<Queue> {
    this.guard(actor);
    const now = this.deps.clock.now();
    const { work, claims } = await reviewVersions(this.deps.db);
    const { rows, total } = await this.queuePages.get(
      `${work}.${claims}`,
      `queue\u0000${actor.id}\u0000${pageKey(filter)}`,
      now,
      () => this.loadQueue(actor, filter, now, work),
    );
    return {
      items: rows.map((r) => {
        const waitingSince = Number(r.waiting_since);
        const held = claimHeld(
          { claimed_by: r.claimed_by, claim_until: r.claim_until === null ? null : Number(r.claim_until) },
          now,
        );
        return {
          exerciseId: r.id,
          courseId: r.course_id,
          courseTitle: r.title,
          wave: r.wave ?? '',
          lessonId: String(r.day),
          learner: { _id: r.uid, first_name: r.first_name, last_name: r.last_name },
          waitingSince,
          overdue: now - waitingSince > r.reply_target_hours * HOUR_MS,
          claim:
            held && r.claimed_by
              ? {
                  curator: { _id: r.claimed_by, first_name: r.holder_first ?? '', last_name: r.holder_last ?? '' },
                  until: Number(r.claim_until),
                }
              : null,
        };
      }),
      total,
      page: filter.page,
      pageSize: QUEUE_PAGE,
    };
  }

  /**
   * The rows and the count of one queue page as the database has them now; whether a claim is held
   * and whether work is overdue are decided per answer. The page holds until the next claim lapses:
   * a lapse moves work into «неназначені» with no write to raise the version.
   */
  private async loadQueue(actor: Actor, filter: QueueFilter, now: number, work: number) {
    const learners = filter.learner ? await this.learnersMatching(work, filter.learner, now) : undefined;
    if (learners?.length === 0) return { value: { rows: [], total: 0 }, until: Number.POSITIVE_INFINITY };
    const [rows, total, lapse] = await Promise.all([
      this.waiting(actor, filter, learners, now)
        .leftJoin('users as h', 'h.id', 'e.claimed_by')
        .select([
          'e.id',
          'e.course_id',
          'e.day',
          'e.waiting_since',
          'e.claimed_by',
          'e.claim_until',
          'c.title',
          'c.reply_target_hours',
          'en.wave',
          'u.id as uid',
          'u.first_name',
          'u.last_name',
          'h.first_name as holder_first',
          'h.last_name as holder_last',
        ])
        .orderBy('e.waiting_since')
        .orderBy('e.id')
        .limit(QUEUE_PAGE)
        .offset((filter.page - 1) * QUEUE_PAGE)
        .execute(),
      this.queueTotal(actor, filter, learners, now, work),
      this.deps.db
        .selectFrom('exercises')
        .select((eb) => eb.fn.min('claim_until').as('at'))
        .where('claim_until', '>', now)
        .executeTakeFirst(),
    ]);
    const until = lapse?.at === null || lapse?.at === undefined ? Number.POSITIVE_INFINITY : Number(lapse.at);
    return { value: { rows, total }, until };
  }

  /**
   * What is left of a filter: all of its waiting work is counted once per work version (claims do
   * not change it), and only the live claims, few, are counted per claim change: «неназначені» is
   * the rest, «мої» my own live claims.
   */
  private async queueTotal(
    actor: Actor,
    filter: QueueFilter,
    learners: string[] | undefined,
    now: number,
    work: number,
  ): Promise<number> {
    if (filter.who === 'mine') return this.waitingCount(actor, filter, learners, { liveAt: now, by: actor.id });
    const { page: _page, who: _who, ...kept } = filter;
    const all = await this.workPages.get(
      String(work),
      `count\u0000${actor.id}\u0000${pageKey(kept)}`,
      now,
      async () => ({
        value: await this.waitingCount(actor, filter, learners, undefined),
        until: Number.POSITIVE_INFINITY,
      }),
    );
    if (filter.who === 'all') return all;
    return all - (await this.waitingCount(actor, filter, learners, { liveAt: now }));
  }

  /** The history's count from the homework rows alone (the reviewed index holds every column it reads). */
  private async reviewedCount(filter: ReviewedFilter, learners: string[] | undefined): Promise<number> {
    let query = this.deps.db
      .selectFrom('exercises as e')
      .where('e.reviewed_at', 'is not', null)
      .where(sql<boolean>`+e.waiting_since is null`);
    if (filter.course) query = query.where('e.course_id', '=', filter.course);
    if (filter.wave) query = query.where(inWave(filter.wave));
    if (learners) query = query.where('e.user_id', 'in', learners);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The first LEARNER_MATCHES people whose name or e-mail holds `text` (a name change raises the work number). */
  private learnersMatching(work: number, text: string, now: number): Promise<string[]> {
    return this.workPages.get(String(work), `learners\u0000${text}`, now, async () => {
      const rows = await this.deps.db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`search like ${containsPattern(text)} escape '\\'`)
        .limit(LEARNER_MATCHES)
        .execute();
      return { value: rows.map((r) => r.id), until: Number.POSITIVE_INFINITY };
    });
  }

  async reviewed(actor: Actor, filter: ReviewedFilter): Promise<Reviewed> {
    this.guard(actor);
    const now = this.deps.clock.now();
    const { work } = await reviewVersions(this.deps.db);
    const page = await this.workPages.get(String(work), `history\u0000${pageKey(filter)}`, now, async () => ({
      value: await this.loadReviewed(filter, work, now),
      until: Number.POSITIVE_INFINITY,
    }));
    return { ...page, page: filter.page, pageSize: QUEUE_PAGE };
  }

  private async loadReviewed(
    filter: ReviewedFilter,
    work: number,
    now: number,
  ): Promise<Pick<Reviewed, 'items' | 'total'>> {
    const { db } = this.deps;
    // `+e.waiting_since`: the unary plus keeps the planner off the waiting index for «is null» (which
    // matches every reviewed row) so a search goes by the learners' own homework (137 → 3 ms on SQLite).
    let base = this.work().where('e.reviewed_at', 'is not', null).where(sql<boolean>`+e.waiting_since is null`);
    if (filter.course) base = base.where('e.course_id', '=', filter.course);
    if (filter.wave) base = base.where('en.wave', '=', filter.wave);
    const learners = filter.q ? await this.learnersMatching(work, filter.q, now) : undefined;
    if (learners?.length === 0) return { items: [], total: 0 };
    if (learners) base = base.where('e.user_id', 'in', learners);
    const [rows, total] = await Promise.all([
      base
        .select([
          'e.id',
          'e.user_id',
          'e.course_id',
          'e.day',
          'e.rating',
          'e.reviewed_at',
          'c.title',
          'en.wave',
          'u.first_name',
          'u.last_name',
        ])
        .orderBy('e.reviewed_at', 'desc')
        .orderBy('e.id')
        .limit(QUEUE_PAGE)
        .offset((filter.page - 1) * QUEUE_PAGE)
        .execute(),
      this.reviewedCount(filter, learners),
    ]);
    // The page's curator comments in one query, newest first: the first seen per homework is its last word.
    const owners = new Map(rows.map((r) => [r.id, r.user_id]));
    const comments = rows.length
      ? await db
          .selectFrom('exercise_comments')
          .select(['exercise_id', 'author_id', 'comment'])
          .where('exercise_id', 'in', [...owners.keys()])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      : [];
    const lastWord = new Map<string, string>();
    for (const c of comments) {
      if (c.author_id !== owners.get(c.exercise_id) && !lastWord.has(c.exercise_id)) {
        lastWord.set(c.exercise_id, c.comment.slice(0, LAST_WORD_CHARS));
      }
    }
    return {
      items: rows.map((r) => ({
        exerciseId: r.id,
        courseId: r.course_id,
        courseTitle: r.title,
        wave: r.wave ?? '',
        lessonId: String(r.day),
        learner: { _id: r.user_id, first_name: r.first_name, last_name: r.last_name },
        reviewedAt: Number(r.reviewed_at),
        rating: r.rating,
        lastWord: lastWord.get(r.id) ?? '',
      })),
      total,
    };
  }

  /**
   * Takes or renews the claim in one conditional UPDATE: it lands only when nobody else holds a live
   * claim, so of two curators at once exactly one gets it. The loser is told who reviews it.
   */
  async claim(actor: Actor, exerciseId: string): Promise<Claim> {
    this.guard(actor);
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const until = now + CLAIM_MS;
    const taken = await db
      .updateTable('exercises')
      .set({ claimed_by: actor.id, claim_until: until })
      .where('id', '=', exerciseId)
      .where('waiting_since', 'is not', null)
      .where('user_id', '!=', actor.id)
      .where((eb) =>
        eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', actor.id), eb('claim_until', '<=', now)]),
      )
      .executeTakeFirst();
    if (taken.numUpdatedRows === 1n) return this.claimOf(actor.id, until);
    const row = await db
      .selectFrom('exercises')
      .select(['user_id', 'waiting_since', 'claimed_by', 'claim_until'])
      .where('id', '=', exerciseId)
      .executeTakeFirst();
    if (!row || row.user_id === actor.id) throw new AppError(404, HOMEWORK_MESSAGES.notFound);
    if (row.waiting_since === null) throw new AppError(409, REVIEW_MESSAGES.notWaiting);
    const holder = await authorsById(db, row.claimed_by ? [row.claimed_by] : []);
    const name = row.claimed_by ? holder.get(row.claimed_by)?.first_name : undefined;
    throw new AppError(409, REVIEW_MESSAGES.claimedBy(name || 'інший куратор'));
  }

  /** The holder lets it go (moving on to the next one); anyone else's release changes nothing. */
  async release(actor: Actor, exerciseId: string): Promise<{ exerciseId: string }> {
    this.guard(actor);
    await this.deps.db
      .updateTable('exercises')
      .set({ claimed_by: null, claim_until: null })
      .where('id', '=', exerciseId)
      .where('claimed_by', '=', actor.id)
      .execute();
    return { exerciseId };
  }

  /** An admin hands waiting work to another curator for a fresh CLAIM_MINUTES; the audit log keeps it. */
  async reassign(actor: Actor, exerciseId: string, curatorId: string): Promise<Claim> {
    this.guard(actor);
    if (!canReassignClaim(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const now = this.deps.clock.now();
    const until = now + CLAIM_MS;
    return this.deps.db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('id', '=', curatorId)
        .executeTakeFirst();
      if (!person || !canHoldClaim(person)) {
        throw new AppError(400, REVIEW_MESSAGES.notCurator);
      }
      const row = await trx
        .selectFrom('exercises')
        .select(['user_id', 'waiting_since', 'claimed_by', 'claim_until', 'course_id', 'day'])
        .where('id', '=', exerciseId)
        .executeTakeFirst();
      if (!row) throw new AppError(404, HOMEWORK_MESSAGES.notFound);
      if (row.waiting_since === null) throw new AppError(409, REVIEW_MESSAGES.notWaiting);
      if (row.user_id === curatorId) {
        throw new AppError(400, REVIEW_MESSAGES.notCurator);
      }
      await trx
        .updateTable('exercises')
        .set({ claimed_by: curatorId, claim_until: until })
        .where('id', '=', exerciseId)
        .execute();
      const from = claimHeld(row, now) ? row.claimed_by : null;
      const people = await authorsById(trx, [curatorId, row.user_id, ...(from ? [from] : [])]);
      const name = (id: string | null) => {
        const p = id ? people.get(id) : undefined;
        return p ? `${p.first_name} ${p.last_name}` : '—';
      };
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'homework.claim.reassign',
        target: `exercise:${exerciseId}`,
        summary: `Завдання ${name(row.user_id)}, урок ${row.day}: ${name(from)} → ${name(curatorId)}`,
        details: { from, to: curatorId, ownerId: row.user_id, courseId: row.course_id, day: row.day },
        now,
      });
      const holder = people.get(curatorId);
      return { curator: holder ?? { _id: curatorId, first_name: '', last_name: '' }, until };
    });
  }

  private async claimOf(curatorId: string, until: number): Promise<Claim> {
    const people = await authorsById(this.deps.db, [curatorId]);
    return { curator: people.get(curatorId) ?? { _id: curatorId, first_name: '', last_name: '' }, until };
  }

  /**
   * Reply times in [from, to): per curator and per wave, the count, median and 90th percentile of
   * the wait, and replies per Kyiv ISO week; one query over the period's rows, one pass over them.
   */
  async replyTimes(actor: Actor, from: number, to: number): Promise<ReplyTimes> {
    this.guard(actor);
    if (from >= to) throw new AppError(400, REVIEW_MESSAGES.badPeriod);
    const scope = replyTimesScope(actor);
    let query = this.deps.db
      .selectFrom('homework_replies as r')
      .leftJoin('users as u', 'u.id', 'r.curator_id')
      .leftJoin('courses as c', 'c.id', 'r.course_id')
      .select([
        'r.curator_id',
        'r.course_id',
        'r.wave',
        'r.waited_from',
        'r.replied_at',
        'u.first_name',
        'u.last_name',
        'c.title',
      ])
      .where('r.replied_at', '>=', from)
      .where('r.replied_at', '<', to);
    if (scope) query = query.where('r.curator_id', '=', scope);
    const rows = await query.execute();
    const curators = new Map<
      string,
      { name: { first_name: string; last_name: string }; waits: number[]; at: number[] }
    >();
    const waves = new Map<
      string,
      { courseId: string; courseTitle: string; wave: string; waits: number[]; at: number[] }
    >();
    for (const r of rows) {
      const wait = Number(r.replied_at) - Number(r.waited_from);
      const curator = curators.get(r.curator_id) ?? {
        name: { first_name: r.first_name ?? 'видалений', last_name: r.last_name ?? 'користувач' },
        waits: [],
        at: [],
      };
      curator.waits.push(wait);
      curator.at.push(Number(r.replied_at));
      curators.set(r.curator_id, curator);
      const key = `${r.course_id}\u0000${r.wave}`;
      const wave = waves.get(key) ?? {
        courseId: r.course_id,
        courseTitle: r.title ?? '',
        wave: r.wave,
        waits: [],
        at: [],
      };
      wave.waits.push(wait);
      wave.at.push(Number(r.replied_at));
      waves.set(key, wave);
    }
    return {
      curators: [...curators.entries()]
        .map(([id, c]) => ({ curator: { _id: id, ...c.name }, ...figures(c.waits, c.at) }))
        .sort((a, b) => b.count - a.count || a.curator.last_name.localeCompare(b.curator.last_name, 'uk')),
      waves: [...waves.values()]
        .map(({ waits, at, ...wave }) => ({ ...wave, ...figures(waits, at) }))
        .sort((a, b) => a.courseTitle.localeCompare(b.courseTitle, 'uk') || a.wave.localeCompare(b.wave)),
    };
  }
}

function figures(waits: number[], at: number[]): ReplyFigures {
  const sorted = [...waits].sort((a, b) => a - b);
  const weeks: Record<string, number> = {};
  for (const instant of at) {
    const week = kyivIsoWeek(instant);
    weeks[week] = (weeks[week] ?? 0) + 1;
  }
  return { count: sorted.length, medianMs: percentile(sorted, 0.5), p90Ms: percentile(sorted, 0.9), weeks };
}

/** One key per distinct page: the filter's fields in a fixed order, absent ones as empty. */
function pageKey(filter: Partial<QueueFilter> | ReviewedFilter): string {
  return JSON.stringify(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The homework `e` is of a learner in `wave` of its course (the wave is the enrolment's). */
function inWave(wave: string) {
  return ({ exists, selectFrom }: ExpressionBuilder<Database & { e: ExercisesTable }, 'e'>) =>
    exists(
      selectFrom('enrollments as en')
        .select('en.user_id')
        .whereRef('en.user_id', '=', 'e.user_id')
        .whereRef('en.course_id', '=', 'e.course_id')
        .where('en.wave', '=', wave),
    );
}
