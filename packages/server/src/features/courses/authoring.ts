import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ACCESS_MESSAGES,
  type AdminCourse,
  type AdminCourseDetail,
  type AdminLesson,
  COURSE_ADMIN_MESSAGES,
  type CourseCreateBody,
  type CourseMedia,
  type CourseUpdateBody,
  type LessonEdit,
  lessonOpensAt,
  MEDIA_MAX_BYTES,
} from '@yedyni/contract';
import { zipSync } from 'fflate';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import type { CourseRow, LessonsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { FileReceiver } from '../../infra/http/multipart.js';
import { limitBytes, TooManyBytes } from '../../infra/storage.js';
import type { Actor } from '../auth/index.js';
import { detectStreamType, EXTENSIONS, MEDIA_TYPES } from '../files/index.js';
import { type AuthoredLesson, exportCourses, lessonColumns, lessonHtml, type StoredQuestion } from './content.js';
import { canAuthorCourse, canManageCourse } from './policy.js';
import * as repo from './repo.js';

/** A media file written under its served name, not yet recorded in the audit log. */
interface ReceivedMedia {
  file: string;
  name: string;
  mime: string;
  size: number;
  /** The name it was uploaded under, for the audit log. */
  original: string;
  settled: boolean;
}

/** A new lesson: nothing but the theme it is given. */
const EMPTY_LESSON: AuthoredLesson = {
  theme: '',
  image: '',
  content: '',
  theory: '',
  practice: '',
  audio: [],
  video: [],
  test: [],
  diary: '',
};

type CourseInput = Required<Omit<CourseCreateBody, 'waveLabel' | 'waveStart'>> & {
  waveLabel: string;
  waveStart: number;
};
type CourseChange = Required<Omit<CourseUpdateBody, 'currentStart' | 'replyTargetHours'>> & {
  currentStart?: number | undefined;
  replyTargetHours?: number | undefined;
};

/**
 * Authoring in the admin console: courses, their first wave, and lessons written in Markdown.
 * Every change is one transaction with its audit row. Lessons are keyed by day everywhere
 * (homework, diary, schedules), so reordering moves those along with the lesson.
 */
export class CourseAuthoring {
  constructor(private readonly deps: { db: Db; clock: Clock; mediaRoot: string }) {}

  private author(actor: Actor): void {
    if (!canAuthorCourse(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  }

  async list(actor: Actor): Promise<{ courses: AdminCourse[]; canAuthor: boolean }> {
    if (!canManageCourse(actor)) throw new AppError(403, ACCESS_MESSAGES.curatorsOnly);
    const { db } = this.deps;
    const courses = await repo.listCourses(db);
    const [starts, lessons, learners] = await Promise.all([
      repo.waveStarts(
        db,
        courses.map((c) => c.id),
      ),
      db
        .selectFrom('lessons')
        .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('course_id')
        .execute(),
      db
        .selectFrom('enrollments')
        .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('course_id')
        .execute(),
    ]);
    const count = (rows: { course_id: string; n: number }[], id: string) =>
      Number(rows.find((r) => r.course_id === id)?.n ?? 0);
    return {
      courses: courses.map((course) =>
        this.summary(course, starts, count(lessons, course.id), count(learners, course.id)),
      ),
      canAuthor: canAuthorCourse(actor),
    };
  }

  async detail(actor: Actor, courseId: string, db: Executor = this.deps.db): Promise<AdminCourseDetail> {
    if (!canManageCourse(actor)) throw new AppError(403, ACCESS_MESSAGES.curatorsOnly);
    const course = await this.course(db, courseId);
    const starts = await repo.waveStarts(db, [courseId]);
    const lessons = await db
      .selectFrom('lessons')
      .select(['day', 'theme'])
      .where('course_id', '=', courseId)
      .orderBy('day')
      .execute();
    const learners = await db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    const summary = this.summary(course, starts, lessons.length, Number(learners.n));
    const schedules = await repo.schedulesOf(db, courseId, summary.currentWave);
    return {
      ...summary,
      lessons: lessons.map((lesson) => {
        const scheduledDate = schedules.get(lesson.day) ?? null;
        return {
          day: lesson.day,
          theme: lesson.theme,
          scheduledDate,
          opensAt: lessonOpensAt(summary.currentStart, lesson.day, scheduledDate),
        };
      }),
      canAuthor: canAuthorCourse(actor),
    };
  }

  private summary(
    course: CourseRow,
    starts: { course_id: string; label: string; start: number }[],
    lessonCount: number,
    learnerCount: number,
  ): AdminCourse {
    const state = repo.waveStateOf(course, starts, this.deps.clock.now());
    return {
      _id: course.id,
      slug: course.slug,
      title: course.title,
      description: course.description,
      starter: course.starter === 1,
      position: course.position,
      currentWave: state.currentWave,
      currentStart: state.currentStart,
      nextWave: state.nextWave,
      nextStart: state.nextStart,
      lessonCount,
      learnerCount,
      replyTargetHours: course.reply_target_hours,
    };
  }

  private async course(db: Executor, courseId: string): Promise<CourseRow> {
    const course = await repo.findCourse(db, courseId);
    if (!course) throw new AppError(404, COURSE_ADMIN_MESSAGES.courseNotFound);
    return course;
  }

  /** A new course with its first wave and one empty lesson to start writing. */
  async create(actor: Actor, input: CourseInput): Promise<AdminCourseDetail> {
    this.author(actor);
    const { db, clock } = this.deps;
    const now = clock.now();
    const id = randomUUID();
    try {
      return await db.transaction().execute(async (trx) => {
        await repo.insertCourse(trx, {
          id,
          slug: input.slug,
          title: input.title,
          description: input.description,
          starter: input.starter,
          position: 0,
          currentWave: input.waveLabel,
          now,
        });
        await trx
          .insertInto('course_waves')
          .values({ course_id: id, label: input.waveLabel, start: input.waveStart })
          .execute();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'course.create',
          target: `course:${id}`,
          summary: `«${input.title}» (${input.slug}), хвиля ${input.waveLabel}`,
          details: input,
          now,
        });
        return this.detail(actor, id, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, COURSE_ADMIN_MESSAGES.slugTaken);
      throw error;
    }
  }

  async update(actor: Actor, courseId: string, input: CourseChange): Promise<AdminCourseDetail> {
    this.author(actor);
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const course = await this.course(trx, courseId);
      await repo.updateCourse(trx, courseId, input);
      if (input.replyTargetHours !== undefined) {
        await trx
          .updateTable('courses')
          .set({ reply_target_hours: input.replyTargetHours })
          .where('id', '=', courseId)
          .execute();
      }
      if (input.currentStart !== undefined) {
        await trx
          .updateTable('course_waves')
          .set({ start: input.currentStart })
          .where('course_id', '=', courseId)
          .where('label', '=', course.current_wave)
          .execute();
      }
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'course.update',
        target: `course:${courseId}`,
        summary: `«${input.title}»`,
        details: input,
        now: clock.now(),
      });
      return this.detail(actor, courseId, trx);
    });
  }

  async lesson(actor: Actor, courseId: string, day: number, db: Executor = this.deps.db): Promise<AdminLesson> {
    this.author(actor);
    await this.course(db, courseId);
    const lesson = await repo.findLesson(db, courseId, day);
    if (!lesson) throw new AppError(404, COURSE_ADMIN_MESSAGES.lessonNotFound);
    return editableLesson(lesson);
  }

  /** Appends a lesson as the next day, empty but for its theme. */
  async addLesson(actor: Actor, courseId: string, theme: string): Promise<AdminLesson> {
    this.author(actor);
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const course = await this.course(trx, courseId);
      const last = await trx
        .selectFrom('lessons')
        .select((eb) => eb.fn.max('day').as('day'))
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      const day = Number(last?.day ?? 0) + 1;
      await trx
        .insertInto('lessons')
        .values({ course_id: courseId, day, ...lessonColumns({ ...EMPTY_LESSON, theme }, true, course.slug) })
        .execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'lesson.create',
        target: `lesson:${courseId}:${day}`,
        summary: `«${course.title}», день ${day}: ${theme}`,
        now: clock.now(),
      });
      return this.lesson(actor, courseId, day, trx);
    });
  }

  /** Saves the whole lesson: Markdown kept for the editor, sanitized HTML for learners. */
  async saveLesson(actor: Actor, courseId: string, day: number, edit: LessonEdit): Promise<AdminLesson> {
    this.author(actor);
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const course = await this.course(trx, courseId);
      const result = await trx
        .updateTable('lessons')
        .set(lessonColumns(edit, true, course.slug))
        .where('course_id', '=', courseId)
        .where('day', '=', day)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError(404, COURSE_ADMIN_MESSAGES.lessonNotFound);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'lesson.update',
        target: `lesson:${courseId}:${day}`,
        summary: `«${course.title}», день ${day}: ${edit.theme}`,
        now: clock.now(),
      });
      return this.lesson(actor, courseId, day, trx);
    });
  }

  /** Removes a lesson nobody has worked on yet; the later ones move up a day. */
  async deleteLesson(actor: Actor, courseId: string, day: number): Promise<AdminCourseDetail> {
    this.author(actor);
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const course = await this.course(trx, courseId);
      const days = (await repo.lessonsOf(trx, courseId)).map((l) => l.day);
      if (!days.includes(day)) throw new AppError(404, COURSE_ADMIN_MESSAGES.lessonNotFound);
      if (days.length === 1) throw new AppError(409, COURSE_ADMIN_MESSAGES.lastLesson);
      const work = await Promise.all(
        (['exercises', 'diary_entries'] as const).map((table) =>
          trx
            .selectFrom(table)
            .select('id')
            .where('course_id', '=', courseId)
            .where('day', '=', day)
            .limit(1)
            .executeTakeFirst(),
        ),
      );
      if (work.some(Boolean)) throw new AppError(409, COURSE_ADMIN_MESSAGES.lessonHasWork);
      const theme = (await repo.findLesson(trx, courseId, day))?.theme ?? '';
      await trx.deleteFrom('lesson_schedules').where('course_id', '=', courseId).where('day', '=', day).execute();
      await trx.deleteFrom('lessons').where('course_id', '=', courseId).where('day', '=', day).execute();
      await renumber(
        trx,
        courseId,
        days.filter((d) => d !== day),
      );
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'lesson.delete',
        target: `lesson:${courseId}:${day}`,
        summary: `«${course.title}», день ${day}: ${theme}`,
        now: clock.now(),
      });
      return this.detail(actor, courseId, trx);
    });
  }

  /** `days`: every lesson's current day, in the new order. */
  async reorder(actor: Actor, courseId: string, days: number[]): Promise<AdminCourseDetail> {
    this.author(actor);
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      const course = await this.course(trx, courseId);
      const current = (await repo.lessonsOf(trx, courseId)).map((l) => l.day);
      const sorted = [...days].sort((a, b) => a - b);
      if (sorted.length !== current.length || sorted.some((d, i) => d !== current[i])) {
        throw new AppError(400, COURSE_ADMIN_MESSAGES.badOrder);
      }
      await renumber(trx, courseId, days);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'lesson.reorder',
        target: `course:${courseId}`,
        summary: `«${course.title}»: ${days.join(', ')}`,
        details: { days },
        now: clock.now(),
      });
      return this.detail(actor, courseId, trx);
    });
  }

  /** The HTML learners would get for this Markdown: the same conversion and sanitizer as saving. */
  preview(actor: Actor, markdown: string): { html: string } {
    this.author(actor);
    return { html: lessonHtml(markdown, true, '') };
  }

  /**
   * Keeps an image or a recording under the course's media folder, served at `/media/<slug>/…`.
   * `readFile` reads the request's form with the receiver it is given: the file streams to a
   * temporary name in the folder, within 50 MiB, and takes its served name once its content
   * proved it a picture or a recording (the extension is the detected type's).
   */
  async uploadMedia(
    actor: Actor,
    courseId: string,
    readFile: (receiver: FileReceiver<ReceivedMedia | undefined>) => Promise<ReceivedMedia | undefined>,
  ): Promise<CourseMedia> {
    this.author(actor);
    const { db, clock, mediaRoot } = this.deps;
    const course = await this.course(db, courseId);
    const folder = path.join(mediaRoot, course.slug);
    const received = await readFile({
      limit: { bytes: MEDIA_MAX_BYTES, message: COURSE_ADMIN_MESSAGES.mediaTooLarge },
      receive: (source, fileName) => receiveMedia(folder, source, fileName),
      release: async (media) => {
        if (media && !media.settled) await rm(media.file, { force: true });
      },
    });
    if (!received) throw new AppError(400, COURSE_ADMIN_MESSAGES.noFile);
    const media = {
      url: `/media/${course.slug}/${received.name}`,
      name: received.name,
      mime: received.mime,
      size: received.size,
    };
    await writeAudit(db, {
      actorId: actor.id,
      action: 'media.upload',
      target: `course:${courseId}`,
      summary: `«${course.title}»: ${media.url}`,
      details: { mime: media.mime, size: media.size, original: received.original },
      now: clock.now(),
    });
    received.settled = true;
    return media;
  }

  /** The course folder in the `npm run content` format, zipped: `<slug>/course.json`, lessons, `media/`. */
  async exportZip(actor: Actor, courseId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
    this.author(actor);
    const course = await this.course(this.deps.db, courseId);
    const scratch = await mkdtemp(path.join(tmpdir(), 'yedyni-export-'));
    try {
      await exportCourses(this.deps.db, scratch, this.deps.mediaRoot, course.slug);
      const files: Record<string, Uint8Array> = {};
      for (const relative of await filesUnder(scratch)) {
        files[relative] = await readFile(path.join(scratch, relative));
      }
      return { fileName: `${course.slug}.zip`, bytes: zipSync(files, { level: 6 }) };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

function editableLesson(lesson: LessonsTable): AdminLesson {
  return {
    day: lesson.day,
    theme: lesson.theme,
    image: lesson.image,
    // Lessons written as HTML are edited as HTML: Markdown lets HTML through, and it is sanitized again.
    content: lesson.content_md ?? lesson.content_html,
    theory: lesson.theory_md ?? lesson.theory_html,
    practice: lesson.practice_md ?? lesson.practice_html,
    audio: JSON.parse(lesson.audio) as string[],
    video: JSON.parse(lesson.video) as AdminLesson['video'],
    test: JSON.parse(lesson.test) as StoredQuestion[],
    diary: lesson.diary_prompt,
  };
}

/**
 * Gives the lessons `order[i]` the day i + 1, and moves everything keyed by day with them:
 * schedules, homework and diary entries. Days go negative first, so no unique key collides midway.
 */
async function renumber(trx: Executor, courseId: string, order: number[]): Promise<void> {
  const tables = ['lessons', 'lesson_schedules', 'exercises', 'diary_entries'] as const;
  const moves = order.map((from, i) => ({ from, to: i + 1 })).filter((m) => m.from !== m.to);
  if (moves.length === 0) return;
  for (const table of tables) {
    for (const { from } of moves) {
      await trx
        .updateTable(table)
        .set({ day: -from })
        .where('course_id', '=', courseId)
        .where('day', '=', from)
        .execute();
    }
    for (const { from, to } of moves) {
      await trx
        .updateTable(table)
        .set({ day: to })
        .where('course_id', '=', courseId)
        .where('day', '=', -from)
        .execute();
    }
  }
}

/** The uploaded name, reduced to something safe in a URL (transliteration is not worth guessing). */
function mediaStem(fileName: string): string {
  const stem = path
    .basename(fileName.replaceAll('\\', '/'))
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return stem || 'media';
}

/** Streams one uploaded media file into `folder`; undefined for an empty one. */
async function receiveMedia(folder: string, source: Readable, fileName: string): Promise<ReceivedMedia | undefined> {
  await mkdir(folder, { recursive: true });
  // Whole or not at all: a half-written file never sits under its served name (nor is served:
  // /media serves media names only, never a dotted temporary).
  const temporary = path.join(folder, `.${randomBytes(8).toString('hex')}.tmp`);
  try {
    let size = 0;
    try {
      await pipeline(
        source,
        limitBytes(MEDIA_MAX_BYTES, (total) => {
          size = total;
        }),
        createWriteStream(temporary, { flags: 'wx', mode: 0o644 }),
      );
    } catch (error) {
      if (error instanceof TooManyBytes) throw new AppError(413, COURSE_ADMIN_MESSAGES.mediaTooLarge);
      throw error;
    }
    if (size === 0) {
      await rm(temporary, { force: true });
      return undefined;
    }
    const mime = await detectStreamType(createReadStream(temporary), fileName);
    if (!mime || !(MEDIA_TYPES as readonly string[]).includes(mime))
      throw new AppError(415, COURSE_ADMIN_MESSAGES.mediaType);
    const name = `${mediaStem(fileName)}-${randomBytes(4).toString('hex')}.${EXTENSIONS[mime as keyof typeof EXTENSIONS][0]}`;
    const file = path.join(folder, name);
    await rename(temporary, file);
    return { file, name, mime, size, original: fileName, settled: false };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function filesUnder(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, relative)));
    // Regular files only (readdir tells symlinks apart without following them).
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}
