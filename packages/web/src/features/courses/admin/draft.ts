import type { LessonEdit } from '@yedyni/contract';

/*
 * A lesson as the editor holds it: the LessonEdit fields, with a local key on every list item so
 * rows keep their identity while they are added, moved and removed.
 */

let sequence = 0;
/** A key for a new row, unique in this page's life. */
export const newKey = () => `row-${++sequence}`;

export interface AudioRow {
  key: string;
  url: string;
}

export interface VideoRow {
  key: string;
  title: string;
  url: string;
}

export interface OptionRow {
  key: string;
  text: string;
}

export interface QuestionRow {
  key: string;
  question: string;
  options: OptionRow[];
  /** The right option's index. */
  answer: number;
  explanation: string;
}

export const MARKDOWN_FIELDS = ['content', 'theory', 'practice'] as const;
export type MarkdownName = (typeof MARKDOWN_FIELDS)[number];

export interface Draft {
  theme: string;
  image: string;
  content: string;
  theory: string;
  practice: string;
  audio: AudioRow[];
  video: VideoRow[];
  test: QuestionRow[];
  diary: string;
}

/** Self-test limits of the contract (selfTestEditSchema). */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;
export const MAX_QUESTIONS = 50;
/** Audio and video lists: at most this many each. */
export const MAX_MEDIA_ITEMS = 20;

export const blankQuestion = (): QuestionRow => ({
  key: newKey(),
  question: '',
  options: [
    { key: newKey(), text: '' },
    { key: newKey(), text: '' },
  ],
  answer: 0,
  explanation: '',
});

export function draftOf(lesson: LessonEdit): Draft {
  return {
    theme: lesson.theme,
    image: lesson.image,
    content: lesson.content,
    theory: lesson.theory,
    practice: lesson.practice,
    audio: lesson.audio.map((url) => ({ key: newKey(), url })),
    video: lesson.video.map((video) => ({ key: newKey(), title: video.title, url: video.url })),
    test: lesson.test.map((q) => ({
      key: newKey(),
      question: q.question,
      options: q.options.map((text) => ({ key: newKey(), text })),
      answer: q.answer,
      explanation: q.explanation,
    })),
    diary: lesson.diary,
  };
}

/** The body of `PUT /api/admin/courses/:id/lessons/:day`. */
export function bodyOf(draft: Draft): LessonEdit {
  return {
    theme: draft.theme,
    image: draft.image.trim(),
    content: draft.content,
    theory: draft.theory,
    practice: draft.practice,
    audio: draft.audio.map((row) => row.url.trim()),
    video: draft.video.map((row) => ({ title: row.title, url: row.url.trim() })),
    test: draft.test.map((q) => ({
      question: q.question,
      options: q.options.map((option) => option.text),
      answer: q.answer,
      explanation: q.explanation,
    })),
    diary: draft.diary,
  };
}

const TEXTS = ['theme', 'image', 'content', 'theory', 'practice', 'diary'] as const;
const LISTS = ['audio', 'video', 'test'] as const;

/**
 * A lesson draft kept in this browser (shared/lib/drafts) back into the editor, with fresh row
 * keys; null when it is not one (kept by an older version of the editor).
 */
export function reviveDraft(stored: unknown): Draft | null {
  const draft = stored as Partial<Record<keyof Draft, unknown>> | null;
  if (!draft || TEXTS.some((name) => typeof draft[name] !== 'string')) return null;
  if (LISTS.some((name) => !Array.isArray(draft[name]))) return null;
  // bodyOf reads every row; a row of another shape throws, and the hook drops the draft.
  return draftOf(bodyOf(draft as Draft));
}

/** Whether two drafts save the same lesson (row keys aside). */
export const sameLesson = (a: Draft, b: Draft) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));

/** A media link the server takes: an uploaded file's `/media/…` or an https address. */
export const isMediaUrl = (url: string) => url.startsWith('/media/') || /^https:\/\/\S+$/.test(url);
