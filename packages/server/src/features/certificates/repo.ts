import type { Executor } from '../../infra/db/index.js';
import type { CertificatesTable } from '../../infra/db/schema.js';

/**
 * Certificates' queries. The criteria are counted over the learning tables (diary, homework,
 * lessons, enrolments), read only: set-based, one grouped query per criterion for a whole wave.
 */

export type CertificateRow = CertificatesTable;

export async function findCriteria(db: Executor, courseId: string) {
  return db.selectFrom('certificate_criteria').selectAll().where('course_id', '=', courseId).executeTakeFirst();
}

export async function findCourse(db: Executor, courseId: string) {
  return db.selectFrom('courses').select(['id', 'title']).where('id', '=', courseId).executeTakeFirst();
}

export async function lessonCount(db: Executor, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waves not yet swept that started at least `startedBefore` (a superset of the ended ones: the caller checks the exact end). */
export async function unsweptWaves(db: Executor, startedBefore: number) {
  return db
    .selectFrom('course_waves as w')
    .leftJoin('certificate_waves as s', (join) =>
      join.onRef('s.course_id', '=', 'w.course_id').onRef('s.wave', '=', 'w.label'),
    )
    .select(['w.course_id', 'w.label', 'w.start'])
    .where('w.start', '<=', startedBefore)
    .where('s.course_id', 'is', null)
    .execute();
}

/** Marks a wave swept; false when another sweep got there first (its claim stands). */
export async function claimWave(trx: Executor, courseId: string, wave: string, now: number): Promise<boolean> {
  const row = await trx
    .insertInto('certificate_waves')
    .values({ course_id: courseId, wave, issued: 0, swept_at: now })
    .onConflict((c) => c.columns(['course_id', 'wave']).doNothing())
    .returning('course_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function waveLearners(db: Executor, courseId: string, wave: string) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('e.course_id', '=', courseId)
    .where('e.wave', '=', wave)
    .execute();
}

export interface WaveProgress {
  diaryDays: number;
  homework: number;
  selfTests: number;
}

/**
 * Each learner's progress toward the criteria in one wave: distinct Kyiv dates of the course's
 * diary entries in [fromDay, toDay), lessons with homework handed in (text or a file), lessons with
 * a scored self-test. Two grouped queries for the whole wave, or for `onlyUser` alone.
 */
export async function waveProgress(
  db: Executor,
  where: { courseId: string; wave: string; fromDay: string; toDay: string; onlyUser?: string },
): Promise<Map<string, WaveProgress>> {
  const { courseId, wave, fromDay, toDay, onlyUser } = where;
  const learners = db
    .selectFrom('enrollments')
    .select('user_id')
    .where('course_id', '=', courseId)
    .where('wave', '=', wave)
    .$if(onlyUser !== undefined, (q) => q.where('user_id', '=', onlyUser as string));
  const [diary, homework] = await Promise.all([
    // Diary days and self-tests from the same rows: only the days are limited to the wave.
    db
      .selectFrom('diary_entries')
      .select((eb) => [
        'user_id',
        eb.fn
          .count<number | string>(
            eb
              .case()
              .when(eb.and([eb('date', '>=', fromDay), eb('date', '<', toDay)]))
              .then(eb.ref('date'))
              .end(),
          )
          .distinct()
          .as('days'),
        eb.fn.count<number | string>('test').as('tests'),
      ])
      .where('course_id', '=', courseId)
      .where('user_id', 'in', learners)
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('exercises')
      .select((eb) => ['user_id', eb.fn.count<number | string>('day').distinct().as('n')])
      .where('course_id', '=', courseId)
      .where('user_id', 'in', learners)
      .where((eb) => eb.or([eb('homework', '!=', ''), eb('file_id', 'is not', null)]))
      .groupBy('user_id')
      .execute(),
  ]);
  const byUser = new Map<string, WaveProgress>();
  const of = (userId: string) => {
    let progress = byUser.get(userId);
    if (!progress) {
      progress = { diaryDays: 0, homework: 0, selfTests: 0 };
      byUser.set(userId, progress);
    }
    return progress;
  };
  for (const row of diary) {
    const progress = of(row.user_id);
    progress.diaryDays = Number(row.days);
    progress.selfTests = Number(row.tests);
  }
  for (const row of homework) of(row.user_id).homework = Number(row.n);
  return byUser;
}

/** Inserts what no sweep has issued yet; returns the rows this call inserted. */
export async function insertCertificates(trx: Executor, rows: CertificateRow[]) {
  if (rows.length === 0) return [];
  return trx
    .insertInto('certificates')
    .values(rows)
    .onConflict((c) => c.columns(['user_id', 'course_id', 'wave']).doNothing())
    .returning(['id', 'user_id'])
    .execute();
}

/** Certificates whose learner has not been told yet (a revoked one is never told), oldest first. */
export async function untoldCertificates(db: Executor, limit: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'user_id', 'course_id', 'wave', 'course_title'])
    .where('told_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('issued_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markTold(trx: Executor, id: string, now: number) {
  await trx
    .updateTable('certificates')
    .set({ told_at: now })
    .where('id', '=', id)
    .where('told_at', 'is', null)
    .execute();
}

export async function findCertificate(db: Executor, id: string) {
  return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function certificatesOf(db: Executor, userId: string) {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function courseCertificates(db: Executor, courseId: string, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('certificates')
      .selectAll()
      .where('course_id', '=', courseId)
      .orderBy('issued_at', 'desc')
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The learner's enrolments with their wave's start and the course's criteria, where those are on. */
export async function enrollmentsWithCriteria(db: Executor, userId: string) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .innerJoin('course_waves as w', (join) =>
      join.onRef('w.course_id', '=', 'e.course_id').onRef('w.label', '=', 'e.wave'),
    )
    .innerJoin('certificate_criteria as k', 'k.course_id', 'e.course_id')
    .select(['e.course_id', 'e.wave', 'c.title', 'w.start', 'k.diary_days', 'k.all_homework', 'k.self_tests'])
    .where('e.user_id', '=', userId)
    .where('k.enabled', '=', 1)
    .execute();
}

/**
 * Puts `name` on every certificate of the person, inside the caller's transaction. An account's
 * deletion renames them rather than deleting them: a certificate's public verification page
 * must keep answering that it was issued, without naming who it was issued to any more.
 */
export async function renameCertificates(trx: Executor, userId: string, name: string): Promise<void> {
  await trx.updateTable('certificates').set({ name }).where('user_id', '=', userId).execute();
}
