import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { kyivIsoDate, kyivTime, waveLabelSchema } from '@yedyni/contract';
import { marked } from 'marked';
import { z } from 'zod';
import type { Db } from '../../infra/db/index.js';
import { checkedMedia, copyMedia, MediaRefusal, servedMedia } from './media.js';
import * as repo from './repo.js';
import { isSafeMediaUrl, sanitizeLessonHtml } from './sanitize.js';

/*
 * Course content as files: a folder per course with `course.json` (the manifest) and one
 * Markdown or HTML file per lesson, media in `media/` beside them. A lesson file holds the main
 * text, then `<!-- section: theory -->` and the theory, then `<!-- section: practice -->` and
 * the practice task. Import sanitizes everything; export writes HTML that imports back the same.
 */

export const THEORY_MARKER = '<!-- section: theory -->';
export const PRACTICE_MARKER = '<!-- section: practice -->';
const MANIFEST = 'course.json';
const MEDIA_DIR = 'media';

const questionSchema = z
  .object({
    question: z.string().min(1).max(500),
    options: z.array(z.string().min(1).max(300)).min(2).max(8),
    answer: z.number().int().min(0),
    explanation: z.string().max(1000).default(''),
  })
  .refine((q) => q.answer < q.options.length, { error: 'answer має вказувати на один із варіантів' });
export type StoredQuestion = z.infer<typeof questionSchema>;

const mediaUrl = z.string().refine((url) => url.startsWith(`${MEDIA_DIR}/`) || isSafeMediaUrl(url), {
  error: 'посилання має бути https:// або media/…',
});

const manifestSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,79}$/, 'slug: латинські малі літери, цифри й дефіс'),
  title: z.string().trim().min(2).max(200),
  description: z.string().max(1000).default(''),
  starter: z.boolean().default(false),
  position: z.number().int().default(0),
  wave: z.object({ label: waveLabelSchema, start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  lessons: z
    .array(
      z.object({
        day: z.number().int().min(1).max(999),
        file: z.string().regex(/^[\w.-]+\.(md|html)$/, 'file: імʼя файлу .md або .html у теці курсу'),
        theme: z.string().trim().min(1).max(200),
        image: z.union([z.literal(''), mediaUrl]).default(''),
        audio: z.array(mediaUrl).max(20).default([]),
        video: z
          .array(z.object({ title: z.string().max(200), url: mediaUrl }))
          .max(20)
          .default([]),
        diary: z.string().max(1000).default(''),
        test: z.array(questionSchema).max(50).default([]),
      }),
    )
    .min(1)
    .refine((lessons) => new Set(lessons.map((l) => l.day)).size === lessons.length, {
      error: 'дні уроків мають бути різними',
    }),
});
type Manifest = z.infer<typeof manifestSchema>;

export class ContentError extends Error {}

export interface ImportOptions {
  /** Where media are copied to, to be served at `/media/<slug>/…`. */
  mediaRoot: string;
  now: number;
  /** Overrides the manifest's first-wave start (the demo seed starts it a few days ago). */
  waveStart?: number;
}

/** Splits a lesson file into its three parts (the markers may be absent: then those are empty). */
export function splitLesson(source: string): { content: string; theory: string; practice: string } {
  const [beforePractice = '', practice = ''] = source.split(PRACTICE_MARKER);
  const [content = '', theory = ''] = beforePractice.split(THEORY_MARKER);
  return { content, theory, practice };
}

/** A lesson part as learners get it: Markdown (or HTML) made sanitized HTML, `media/` paths sited. */
export function lessonHtml(part: string, markdown: boolean, slug: string): string {
  const html = markdown ? (marked.parse(part, { async: false, gfm: true }) as string) : part;
  // Relative media paths become site paths; nothing else relative survives sanitizing intact.
  const sited = html.replace(/(src|href)="media\//g, `$1="/media/${slug}/`);
  return sanitizeLessonHtml(sited);
}

/** A lesson as an author gives it: its texts (Markdown or HTML) and its lists. */
export interface AuthoredLesson {
  theme: string;
  image: string;
  content: string;
  theory: string;
  practice: string;
  audio: string[];
  video: { title: string; url: string }[];
  test: StoredQuestion[];
  diary: string;
}

/**
 * A lesson's stored columns, the same for the content import and the admin editor: sanitized
 * HTML for learners, and for a Markdown lesson its source too, for the editor to open again.
 */
export function lessonColumns(lesson: AuthoredLesson, markdown: boolean, slug: string) {
  return {
    theme: lesson.theme,
    image: lesson.image,
    content_html: lessonHtml(lesson.content, markdown, slug),
    theory_html: lessonHtml(lesson.theory, markdown, slug),
    practice_html: lessonHtml(lesson.practice, markdown, slug),
    audio: JSON.stringify(lesson.audio),
    video: JSON.stringify(lesson.video),
    test: JSON.stringify(lesson.test),
    diary_prompt: lesson.diary,
    content_md: markdown ? lesson.content.trim() : null,
    theory_md: markdown ? lesson.theory.trim() : null,
    practice_md: markdown ? lesson.practice.trim() : null,
  };
}

const siteMedia = (slug: string, url: string) =>
  url.startsWith(`${MEDIA_DIR}/`) ? `/media/${slug}/${url.slice(6)}` : url;
const folderMedia = (slug: string, url: string) =>
  url.startsWith(`/media/${slug}/`) ? `${MEDIA_DIR}/${url.slice(`/media/${slug}/`.length)}` : url;

/**
 * A file of the course folder as text, never through a symlink (lstat, then opened without
 * following one): a link would bring in whatever it points to, the server's secrets included.
 * Null when there is no such file.
 */
async function readOwnFile(folder: string, name: string): Promise<string | null> {
  const file = path.join(folder, name);
  const stats = await lstat(file).catch(() => null);
  if (!stats) return null;
  if (stats.isSymbolicLink()) throw new ContentError(`${folder}: ${name} — посилання (symlink) не приймаємо`);
  if (!stats.isFile()) throw new ContentError(`${folder}: ${name} — це не звичайний файл`);
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => {
    throw new ContentError(`${folder}: ${name} — не вдалося прочитати`);
  });
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function readManifest(folder: string): Promise<Manifest> {
  const raw = await readOwnFile(folder, MANIFEST);
  if (raw === null) throw new ContentError(`${folder}: немає ${MANIFEST}`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ContentError(`${folder}/${MANIFEST}: некоректний JSON (${(error as Error).message})`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ContentError(`${folder}/${MANIFEST}:\n${issues}`);
  }
  return parsed.data;
}

/** Course folders under `folder`: the folder itself when it has a manifest, else its subfolders that do. */
export async function courseFolders(folder: string): Promise<string[]> {
  const has = async (dir: string) =>
    stat(path.join(dir, MANIFEST)).then(
      () => true,
      () => false,
    );
  if (await has(folder)) return [folder];
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => {
    throw new ContentError(`${folder}: теки не знайдено`);
  });
  const found: string[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    if (await has(path.join(folder, entry.name))) found.push(path.join(folder, entry.name));
  }
  if (found.length === 0) throw new ContentError(`${folder}: не знайдено жодного ${MANIFEST}`);
  return found;
}

/**
 * Imports one course folder in one transaction: a new course gets its first wave from the
 * manifest; an existing one (same slug) keeps its waves, enrolments and schedules and gets the
 * new title, description and lessons.
 */
export async function importCourse(
  db: Db,
  folder: string,
  options: ImportOptions,
): Promise<{ id: string; slug: string }> {
  const manifest = await readManifest(folder);
  const { slug } = manifest;
  const lessons = await Promise.all(
    manifest.lessons.map(async (lesson) => {
      const source = await readOwnFile(folder, lesson.file);
      if (source === null) {
        throw new ContentError(`${folder}: урок ${lesson.day} посилається на відсутній файл ${lesson.file}`);
      }
      const parts = splitLesson(source);
      return {
        day: lesson.day,
        ...lessonColumns(
          {
            theme: lesson.theme,
            image: siteMedia(slug, lesson.image),
            ...parts,
            audio: lesson.audio.map((url) => siteMedia(slug, url)),
            video: lesson.video.map((v) => ({ title: v.title, url: siteMedia(slug, v.url) })),
            test: lesson.test,
            diary: lesson.diary,
          },
          lesson.file.endsWith('.md'),
          slug,
        ),
      };
    }),
  );

  // Media are checked before anything is written: one bad file and nothing of the course is imported.
  const media = await mediaOf(folder);

  const [year, month, day] = manifest.wave.start.split('-').map(Number);
  const waveStart = options.waveStart ?? kyivTime(year ?? 1970, month ?? 1, day ?? 1);

  const id = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('courses').select('id').where('slug', '=', slug).executeTakeFirst();
    const courseId = existing?.id ?? randomUUID();
    if (existing) {
      await repo.updateCourse(trx, courseId, manifest);
    } else {
      await repo.insertCourse(trx, {
        id: courseId,
        slug,
        title: manifest.title,
        description: manifest.description,
        starter: manifest.starter,
        position: manifest.position,
        currentWave: manifest.wave.label,
        now: options.now,
      });
      await trx
        .insertInto('course_waves')
        .values({ course_id: courseId, label: manifest.wave.label, start: waveStart })
        .execute();
    }
    await trx.deleteFrom('lessons').where('course_id', '=', courseId).execute();
    await trx
      .insertInto('lessons')
      .values(lessons.map((lesson) => ({ ...lesson, course_id: courseId })))
      .execute();
    return courseId;
  });

  await copyMedia(media, path.join(options.mediaRoot, slug));
  return { id, slug };
}

/** The course folder's media, checked (media.ts); a ContentError naming the file that is refused. */
async function mediaOf(folder: string) {
  const stats = await lstat(path.join(folder, MEDIA_DIR)).catch(() => null);
  if (!stats) return [];
  if (stats.isSymbolicLink()) throw new ContentError(`${folder}: ${MEDIA_DIR} — посилання (symlink) не приймаємо`);
  if (!stats.isDirectory()) throw new ContentError(`${folder}: ${MEDIA_DIR} має бути текою`);
  try {
    return await checkedMedia(path.join(folder, MEDIA_DIR), MEDIA_DIR);
  } catch (error) {
    if (error instanceof MediaRefusal) throw new ContentError(`${folder}: ${error.message}`);
    throw error;
  }
}

/** Writes every course (or the one with `slug`) as a folder under `target`, in the import format. */
export async function exportCourses(db: Db, target: string, mediaRoot: string, slug?: string): Promise<string[]> {
  let query = db.selectFrom('courses').selectAll().orderBy('position').orderBy('title');
  if (slug) query = query.where('slug', '=', slug);
  const courses = await query.execute();
  if (slug && courses.length === 0) throw new ContentError(`Курс ${slug} не знайдено`);
  const written: string[] = [];
  for (const course of courses) {
    const folder = path.join(target, course.slug);
    await mkdir(folder, { recursive: true });
    const wave = await db
      .selectFrom('course_waves')
      .select(['label', 'start'])
      .where('course_id', '=', course.id)
      .where('label', '=', course.current_wave)
      .executeTakeFirstOrThrow();
    const lessons = await db
      .selectFrom('lessons')
      .selectAll()
      .where('course_id', '=', course.id)
      .orderBy('day')
      .execute();
    const unsite = (text: string) => text.replaceAll(`/media/${course.slug}/`, `${MEDIA_DIR}/`);
    // Lessons written in Markdown go out as Markdown, the rest as the HTML they are.
    const fileOf = (lesson: (typeof lessons)[number]) =>
      `${String(lesson.day).padStart(2, '0')}.${lesson.content_md === null ? 'html' : 'md'}`;
    const manifest = {
      slug: course.slug,
      title: course.title,
      description: course.description,
      starter: course.starter === 1,
      position: course.position,
      wave: { label: wave.label, start: kyivIsoDate(wave.start) },
      lessons: lessons.map((lesson) => ({
        day: lesson.day,
        file: fileOf(lesson),
        theme: lesson.theme,
        image: folderMedia(course.slug, lesson.image),
        audio: (JSON.parse(lesson.audio) as string[]).map((url) => folderMedia(course.slug, url)),
        video: (JSON.parse(lesson.video) as { title: string; url: string }[]).map((v) => ({
          title: v.title,
          url: folderMedia(course.slug, v.url),
        })),
        diary: lesson.diary_prompt,
        test: JSON.parse(lesson.test) as StoredQuestion[],
      })),
    };
    await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const lesson of lessons) {
      const markdown = lesson.content_md !== null;
      const body = [
        unsite(markdown ? (lesson.content_md ?? '') : lesson.content_html).trim(),
        THEORY_MARKER,
        unsite(markdown ? (lesson.theory_md ?? '') : lesson.theory_html).trim(),
        PRACTICE_MARKER,
        unsite(markdown ? (lesson.practice_md ?? '') : lesson.practice_html).trim(),
      ];
      await writeFile(path.join(folder, fileOf(lesson)), `${body.join('\n\n')}\n`);
    }
    // Regular media files only: a symlink planted among them is never followed out of the folder.
    const media = await servedMedia(path.join(mediaRoot, course.slug));
    await rm(path.join(folder, MEDIA_DIR), { recursive: true, force: true });
    if (media.length > 0) await copyMedia(media, path.join(folder, MEDIA_DIR));
    written.push(folder);
  }
  return written;
}
