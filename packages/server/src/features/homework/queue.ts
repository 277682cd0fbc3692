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
import { sql } from 'kysely';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { containsPattern } from '../../infra/db/search.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { authorsById } from '../auth/index.js';
import { canHoldClaim, canReassignClaim, canReview, claimHeld, replyTimesScope } from './policy.js';

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
  private async waitingCount(actor: Actor, filter: QueueFilter, now: number): Promise<number> {
    let query = this.deps.db
      .selectFrom('exercises as e')
      .where('e.waiting_since', 'is not', null)
      .where('e.user_id', '!=', actor.id);
    if (filter.course) query = query.where('e.course_id', '=', filter.course);
    if (filter.lesson) query = query.where('e.day', '=', filter.lesson);
    if (filter.wave) {
      const wave = filter.wave;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('enrollments as en')
            .select('en.user_id')
            .whereRef('en.user_id', '=', 'e.user_id')
            .whereRef('en.course_id', '=', 'e.course_id')
            .where('en.wave', '=', wave),
        ),
      );
    }
    if (filter.learner) {
      const pattern = containsPattern(filter.learner);
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('users as u')
            .select('u.id')
            .whereRef('u.id', '=', 'e.user_id')
            .where(sql<boolean>`u.search like ${pattern} escape '\\'`),
        ),
      );
    }
    if (filter.who === 'mine') query = query.where('e.claimed_by', '=', actor.id).where('e.claim_until', '>', now);
    if (filter.who === 'unclaimed') {
      query = query.where((eb) => eb.or([eb('e.claimed_by', 'is', null), eb('e.claim_until', '<=', now)]));
    }
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Waiting homework with its course, learner, wave and claim holder: the page's rows. */
  private waiting(actor: Actor, filter: QueueFilter, now: number) {
    let query = this.work().where('e.waiting_since', 'is not', null).where('e.user_id', '!=', actor.id);
    if (filter.course) query = query.where('e.course_id', '=', filter.course);
    if (filter.wave) query = query.where('en.wave', '=', filter.wave);
    if (filter.lesson) query = query.where('e.day', '=', filter.lesson);
    if (filter.learner) query = query.where(sql<boolean>`u.search like ${containsPattern(filter.learner)} escape '\\'`);
    if (filter.who === 'mine') query = query.where('e.claimed_by', '=', actor.id).where('e.claim_until', '>', now);
    if (filter.who === 'unclaimed') {
      query = query.where((eb) => eb.or([eb('e.claimed_by', 'is', null), eb('e.claim_until', '<=', now)]));
    }
    return query;
  }

  async queue(actor: Actor, filter: QueueFilter): Promise<Queue> {
    this.guard(actor);
    const now = this.deps.clock.now();
    const base = this.waiting(actor, filter, now);
    const [rows, total] = await Promise.all([
      base
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
      this.waitingCount(actor, filter, now),
    ]);
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
   * Reviewed homework, newest answer first; found by the learner's name or e-mail. The learners are
   * matched first (the people table, far smaller than the homework), then their homework through
   * its (user, course, day) index: a search never reads every reviewed homework. Homework text is
   * not searched: a «contains» over 100,000 texts cannot use an index (bench/README.md).
   */
  async reviewed(actor: Actor, filter: ReviewedFilter): Promise<Reviewed> {
    this.guard(actor);
    const { db } = this.deps;
    // `+e.waiting_since`: the unary plus keeps the planner off the waiting index for «is null» (which
    // matches every reviewed row) so a search goes by the learners' own homework (137 → 3 ms on SQLite).
    let base = this.work().where('e.reviewed_at', 'is not', null).where(sql<boolean>`+e.waiting_since is null`);
    if (filter.course) base = base.where('e.course_id', '=', filter.course);
    if (filter.wave) base = base.where('en.wave', '=', filter.wave);
    if (filter.q) {
      const learners = await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`search like ${containsPattern(filter.q)} escape '\\'`)
        .limit(LEARNER_MATCHES)
        .execute();
      if (learners.length === 0) return { items: [], total: 0, page: filter.page, pageSize: QUEUE_PAGE };
      base = base.where(
        'e.user_id',
        'in',
        learners.map((l) => l.id),
      );
    }
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
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
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
      total: Number(total.n),
      page: filter.page,
      pageSize: QUEUE_PAGE,
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
