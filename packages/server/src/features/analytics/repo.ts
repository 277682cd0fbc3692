import { sql } from 'kysely';
import type { Executor } from '../../infra/db/index.js';
import { lastPracticeDay, practisedSince } from '../habit/index.js';

/** The courses and every wave each has had, newest first, for the screen's pickers. */
export function coursesWithWaves(db: Executor) {
  return db
    .selectFrom('courses as c')
    .innerJoin('course_waves as w', 'w.course_id', 'c.id')
    .select(['c.id', 'c.title', 'c.position', 'w.label', 'w.start'])
    .orderBy('c.position')
    .orderBy('c.title')
    .orderBy('w.start', 'desc')
    .execute();
}

export function findWave(db: Executor, courseId: string, wave: string) {
  return db
    .selectFrom('courses as c')
    .innerJoin('course_waves as w', 'w.course_id', 'c.id')
    .select(['c.id', 'c.title', 'w.label', 'w.start'])
    .where('c.id', '=', courseId)
    .where('w.label', '=', wave)
    .executeTakeFirst();
}

/**
 * The wave's learners as a subquery (for the grouped counts: no list of ids travels). Learners
 * only: registration enrols curators and admins in the starter courses too, and they are not the
 * wave's learners to count or to nudge.
 */
export function waveMembers(db: Executor, courseId: string, wave: string) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select('e.user_id')
    .where('e.course_id', '=', courseId)
    .where('e.wave', '=', wave)
    .where('u.role', '=', 'user');
}

export async function waveSize(db: Executor, courseId: string, wave: string): Promise<number> {
  const row = await db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('e.course_id', '=', courseId)
    .where('e.wave', '=', wave)
    .where('u.role', '=', 'user')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per lesson day, how many of the wave opened it (the wave column is the opener's wave). */
export async function opensByDay(db: Executor, courseId: string, wave: string) {
  const rows = await db
    .selectFrom('lesson_opens')
    .select(['day', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('course_id', '=', courseId)
    .where('wave', '=', wave)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}

/**
 * The wave's learners with neither practice since `fromDay` nor a lesson opened since `fromAt`
 * (the same Kyiv day's start), who joined before it: one query, the tests correlated on the
 * (user, day) and (user, opened_at) indexes, so only the inactive have their last dates looked up.
 */
export function inactiveLearners(db: Executor, courseId: string, wave: string, fromDay: string, fromAt: number) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('learner_nudges as n', 'n.user_id', 'e.user_id')
    .select([
      'e.user_id',
      'u.first_name',
      'u.last_name',
      'n.nudged_at',
      lastPracticeDay('e.user_id').as('last_practice'),
      sql<number | string | null>`(select max(o.opened_at) from lesson_opens o where o.user_id = e.user_id)`.as(
        'last_open',
      ),
    ])
    .where('e.course_id', '=', courseId)
    .where('e.wave', '=', wave)
    .where('u.role', '=', 'user')
    .where('e.enrolled_at', '<', fromAt)
    .where(sql<boolean>`not ${practisedSince('e.user_id', fromDay)}`)
    .where(
      sql<boolean>`not exists (select 1 from lesson_opens o where o.user_id = e.user_id and o.opened_at >= ${fromAt})`,
    )
    .execute();
}

/** Which of these people are learners of the wave. */
export async function membersAmong(db: Executor, courseId: string, wave: string, userIds: string[]) {
  const rows = await waveMembers(db, courseId, wave).where('e.user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The last lesson day each of these people opened in the course: where they stopped. */
export async function lastOpenedDays(db: Executor, courseId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('lesson_opens')
    .select(['user_id', (eb) => eb.fn.max('day').as('day')])
    .where('course_id', '=', courseId)
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.day)]));
}

/**
 * Takes the learner's nudge if the standing one (anyone's) is older than `before`: one upsert
 * whose update is conditional, so two curators clicking at once make one nudge (the second waits
 * on the row and then finds it fresh). True when this one was taken.
 */
export async function takeNudge(
  db: Executor,
  nudge: { userId: string; courseId: string; wave: string; by: string; at: number },
  before: number,
): Promise<boolean> {
  const row = await db
    .insertInto('learner_nudges')
    .values({
      user_id: nudge.userId,
      course_id: nudge.courseId,
      wave: nudge.wave,
      nudged_by: nudge.by,
      nudged_at: nudge.at,
    })
    .onConflict((c) =>
      c
        .column('user_id')
        .doUpdateSet((eb) => ({
          course_id: eb.ref('excluded.course_id'),
          wave: eb.ref('excluded.wave'),
          nudged_by: eb.ref('excluded.nudged_by'),
          nudged_at: eb.ref('excluded.nudged_at'),
        }))
        .where('learner_nudges.nudged_at', '<=', before),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function standingNudge(db: Executor, userId: string) {
  const row = await db
    .selectFrom('learner_nudges')
    .select('nudged_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.nudged_at) : undefined;
}
