import type { Lesson } from '@yedyni/contract';
import type { Db } from '../../infra/db/index.js';
import type { CourseWavesTable, LessonsTable } from '../../infra/db/schema.js';
import type { StoredQuestion } from './content.js';

/** What a reader may see of a lesson's texts: everything on the course page but the timing. */
export type LessonTexts = Pick<Lesson, 'theory' | 'practice' | 'audio' | 'video' | 'test' | 'diary'>;

export interface CachedLesson {
  day: number;
  theme: string;
  image: string;
  contentHtml: string;
  /** The self-test with its answers, for scoring on the server; never sent as it is. */
  questions: readonly StoredQuestion[];
  texts: LessonTexts;
}

/**
 * A course's lessons (by day), lesson schedules (by wave, then day) and waves with their starts at
 * one content_version.
 */
export interface CourseContent {
  lessons: readonly CachedLesson[];
  schedules: ReadonlyMap<string, ReadonlyMap<number, number>>;
  waves: readonly Readonly<CourseWavesTable>[];
}

/** More courses than any catalogue here has; the least recently used beyond it are dropped. */
const COURSES_KEPT = 200;

/**
 * Each instance keeps the lessons of the courses it serves in memory, under the course's
 * `content_version`, which a database trigger raises with every change to its lessons, lesson
 * schedules or waves (migrations 0009 and 0034). A reader has just read the course row, so it asks for the version
 * it saw: a different one (another instance's edit, a content import, a restore) is loaded anew,
 * so nobody is ever shown lessons older than the course row they read. Reading, parsing and
 * copying the lesson texts was most of a course page's time (bench/README.md).
 */
export class CourseContentCache {
  private readonly courses = new Map<string, { version: number; content: Promise<CourseContent> }>();

  constructor(private readonly db: Db) {}

  get(course: { id: string; content_version: number }): Promise<CourseContent> {
    const kept = this.courses.get(course.id);
    this.courses.delete(course.id);
    if (kept && kept.version === course.content_version) {
      this.courses.set(course.id, kept);
      return kept.content;
    }
    if (this.courses.size >= COURSES_KEPT) this.courses.delete(this.courses.keys().next().value as string);
    // Kept as a promise, so that a crowd of readers of a new version loads it once.
    const entry = { version: course.content_version, content: loadContent(this.db, course.id) };
    this.courses.set(course.id, entry);
    entry.content.catch(() => {
      if (this.courses.get(course.id) === entry) this.courses.delete(course.id);
    });
    return entry.content;
  }
}

async function loadContent(db: Db, courseId: string): Promise<CourseContent> {
  const rows = await db.selectFrom('lessons').selectAll().where('course_id', '=', courseId).orderBy('day').execute();
  const scheduleRows = await db
    .selectFrom('lesson_schedules')
    .select(['wave', 'day', 'scheduled_date'])
    .where('course_id', '=', courseId)
    .execute();
  const schedules = new Map<string, Map<number, number>>();
  for (const row of scheduleRows) {
    const ofWave = schedules.get(row.wave) ?? new Map<number, number>();
    ofWave.set(row.day, row.scheduled_date);
    schedules.set(row.wave, ofWave);
  }
  const waves = await db.selectFrom('course_waves').selectAll().where('course_id', '=', courseId).execute();
  return { lessons: rows.map(cachedLesson), schedules, waves: deepFreeze(waves) };
}

function cachedLesson(row: LessonsTable): CachedLesson {
  const questions = JSON.parse(row.test) as StoredQuestion[];
  // Shared by every answer that shows this lesson: frozen, so no caller can change it for the next.
  return deepFreeze({
    day: row.day,
    theme: row.theme,
    image: row.image,
    contentHtml: row.content_html,
    questions,
    texts: {
      theory: row.theory_html,
      practice: row.practice_html,
      audio: JSON.parse(row.audio) as string[],
      video: JSON.parse(row.video) as Lesson['video'],
      test: { questions: questions.map((q) => ({ text: q.question, options: q.options })) },
      diary: row.diary_prompt,
    },
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
