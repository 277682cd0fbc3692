import { rollWaves, type WaveState } from '@yedyni/contract';
import { type Executor, inserted } from '../../infra/db/index.js';

/** What a course row says of itself (the console's form and a content manifest both write these). */
export interface CourseFields {
  title: string;
  description: string;
  starter: boolean;
  position: number;
}

const courseColumns = (fields: CourseFields) => ({
  title: fields.title,
  description: fields.description,
  starter: fields.starter ? 1 : 0,
  position: fields.position,
});

/** The one course row update: the console's edit and a re-imported course. */
export function updateCourse(db: Executor, courseId: string, fields: CourseFields) {
  return db.updateTable('courses').set(courseColumns(fields)).where('id', '=', courseId).execute();
}

/** A new course row, its current wave named and nothing announced yet. */
export function insertCourse(
  db: Executor,
  course: CourseFields & { id: string; slug: string; currentWave: string; now: number },
) {
  return db
    .insertInto('courses')
    .values({
      id: course.id,
      slug: course.slug,
      ...courseColumns(course),
      current_wave: course.currentWave,
      next_wave: null,
      created_at: course.now,
    })
    .execute();
}

export function listCourses(db: Executor) {
  return db.selectFrom('courses').selectAll().orderBy('position').orderBy('title').execute();
}

export function findCourse(db: Executor, courseId: string) {
  return db.selectFrom('courses').selectAll().where('id', '=', courseId).executeTakeFirst();
}

/**
 * A course with the caller's enrolment in it (`enrolled_wave`, null when not enrolled): one
 * query, where a course page's access check read the two apart (issue 23).
 */
export async function findCourseWithEnrollment(db: Executor, courseId: string, userId: string) {
  const row = await db
    .selectFrom('courses')
    .leftJoin('enrollments as e', (join) => join.onRef('e.course_id', '=', 'courses.id').on('e.user_id', '=', userId))
    .selectAll('courses')
    .select(['e.wave as enrolled_wave', 'e.user_id as enrolled_user_id'])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { enrolled_wave, enrolled_user_id, ...course } = row;
  return { course, enrollment: enrolled_user_id === null ? undefined : { wave: enrolled_wave as string } };
}

/** The courses a learner is enrolled in, each with their wave: one query for home's «Що сьогодні». */
export async function enrolledCourses(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('enrollments as e')
    .innerJoin('courses', 'courses.id', 'e.course_id')
    .selectAll('courses')
    .select('e.wave as enrolled_wave')
    .where('e.user_id', '=', userId)
    .execute();
  return rows.map(({ enrolled_wave, ...course }) => ({ course, wave: enrolled_wave }));
}

export function waveStarts(db: Executor, courseIds: string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('course_waves').selectAll().where('course_id', 'in', courseIds).execute();
}

/** The current and next wave of a course as of `now`, with the rollover rule applied. */
export function waveStateOf(
  course: { id: string; current_wave: string; next_wave: string | null },
  starts: readonly { course_id: string; label: string; start: number }[],
  now: number,
): WaveState {
  const startOf = (label: string) => starts.find((w) => w.course_id === course.id && w.label === label)?.start;
  return rollWaves(
    {
      currentWave: course.current_wave,
      currentStart: startOf(course.current_wave) ?? 0,
      nextWave: course.next_wave,
      nextStart: course.next_wave ? (startOf(course.next_wave) ?? null) : null,
    },
    now,
  );
}

/** A learner's enrolments with their courses, in the catalogue's order: one query. */
export function enrolledCoursesOf(db: Executor, userId: string) {
  return db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .selectAll('courses')
    .select(['enrollments.wave', 'enrollments.enrolled_at'])
    .where('enrollments.user_id', '=', userId)
    .orderBy('courses.position')
    .orderBy('courses.title')
    .execute();
}

export function enrollmentsOf(db: Executor, userId: string) {
  return db.selectFrom('enrollments').selectAll().where('user_id', '=', userId).execute();
}

/** Enrols a learner in a wave; a second enrolment in the same course changes nothing (false). */
export async function insertEnrollment(
  db: Executor,
  userId: string,
  courseId: string,
  wave: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('enrollments')
    .values({ user_id: userId, course_id: courseId, wave, enrolled_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'course_id']).doNothing())
    .executeTakeFirst();
  return inserted(result);
}

export function findEnrollment(db: Executor, userId: string, courseId: string) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** Every lesson's day, theme and image, by day (the editor's course page and reordering). */
export function lessonsOf(db: Executor, courseId: string) {
  return db
    .selectFrom('lessons')
    .select(['course_id', 'day', 'theme', 'image'])
    .where('course_id', '=', courseId)
    .orderBy('day')
    .execute();
}

export function findLesson(db: Executor, courseId: string, day: number) {
  return db
    .selectFrom('lessons')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('day', '=', day)
    .executeTakeFirst();
}

export async function schedulesOf(db: Executor, courseId: string, wave: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('lesson_schedules')
    .select(['day', 'scheduled_date'])
    .where('course_id', '=', courseId)
    .where('wave', '=', wave)
    .execute();
  return new Map(rows.map((r) => [r.day, r.scheduled_date]));
}

/** The first time a learner opens a lesson; later opens change nothing (the row's key is learner, course, day). */
export async function recordLessonOpen(
  db: Executor,
  userId: string,
  courseId: string,
  wave: string,
  day: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('lesson_opens')
    .values({ user_id: userId, course_id: courseId, wave, day, opened_at: now })
    .onConflict((c) => c.columns(['user_id', 'course_id', 'day']).doNothing())
    .execute();
}

/** The courses a person is enrolled in, with the wave and the day, as their data export gives them back. */
export function enrollmentsForExport(db: Executor, userId: string) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select(['c.title as course', 'e.wave', 'e.enrolled_at'])
    .where('e.user_id', '=', userId)
    .orderBy('e.enrolled_at')
    .execute();
}
