import { z } from 'zod';
import uk from 'zod/v4/locales/uk.js';

/**
 * Every error the API answers with. A refused body also names each wrong field in `fields`
 * (its dotted path → its message), so a form can mark all of them at once; `message` is the first.
 */
export const errorSchema = z
  .object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const idSchema = z.string().min(1).max(64);

/**
 * The latest instant (ms) the API takes, 2100-01-01: a JS Date, and every date format with it,
 * ends long before a number does (9007199254740991 made the course pages fail).
 */
export const INSTANT_MAX = Date.UTC(2100, 0, 1);
export const tooLate = (label: string) => `${label}: не пізніше 2100 року`;

export const authorSchema = z
  .object({ _id: z.string(), first_name: z.string(), last_name: z.string() })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

/** zod's own messages (a missing body, a wrong type), on the server and in the web's forms, in Ukrainian like the contract's. */
export function configureUkrainianMessages(): void {
  z.config(uk());
}

/**
 * A whole number from `min` to `max` whose every message names the field and the range: one
 * message for every failure once answered «Завдань: ціле число» for 500 tasks, which was true
 * but not what was wrong.
 */
/** The whole numbers a field takes; the web's number inputs use the same (min, max). */
export interface WholeRange {
  min: number;
  max: number;
}

export function wholeNumber(label: string, { min, max }: WholeRange, unit = '') {
  const range = `${label}: від ${min} до ${max}${unit ? ` ${unit}` : ''}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label}: обовʼязкове поле` : `${range}, ціле число`) })
    .int(`${range}, ціле число`)
    .min(min, range)
    .max(max, range);
}

/**
 * A required text field whose every message names the field, so the server can pass zod's
 * message straight to the user.
 */
export function requiredText(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label}: обовʼязкове поле` : `${label}: має бути текстом`),
  });
}

/**
 * Characters no typed text needs and some use to deceive: the C0 and C1 controls (NUL, line
 * breaks, tab, escape…) and DEL, the Unicode line and paragraph separators, and the bidirectional
 * overrides and isolates that make text read otherwise than it is stored. A line break in a
 * donation comment once started a new row, with a formula, in the admins' CSV export.
 */
const NOT_IN_A_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** The same, except the line feed and tab that chat, homework, diaries and descriptions use. */
const NOT_IN_A_TEXT = /(?![\n\t])[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * One line of free text (a name, title, comment, place…): trimmed, and refused with a message
 * naming the field when it holds a line break or another control character. Every free-text
 * field of the contract is this or `multiLine`.
 */
export function singleLine(label: string) {
  return requiredText(label)
    .trim()
    .refine((text) => !NOT_IN_A_LINE.test(text), {
      error: `${label}: без розривів рядка, табуляції та інших невидимих керівних символів`,
      // The one message that matters: the checks after it (length, pattern) are not run.
      abort: true,
    });
}

/**
 * Free text of several lines (chat, homework, comments, diary, descriptions, lesson Markdown):
 * line feeds and tabs are allowed (a CR LF or lone CR becomes a line feed); every other control
 * character is refused with a message naming the field. Not trimmed: callers choose.
 */
export function multiLine(label: string) {
  return requiredText(label)
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .refine((text) => !NOT_IN_A_TEXT.test(text), {
      error: `${label}: без невидимих керівних символів (можна лише розрив рядка й табуляцію)`,
      abort: true,
    });
}

/** A page of a list: `page` from 1, `limit` up to 50 (10 when missing or unreadable). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .catch(10)
    .default(10)
    .transform((n) => Math.min(n, 50)),
});

/** A filter left empty in a form (`?role=`) counts as not given. */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The one refusal for a caller whose role may not do something (every server policy answers 403
 * with it): who may is named, the rest is the same everywhere.
 */
export const ACCESS_MESSAGES = {
  adminsOnly: 'Це можуть робити лише адміністратори',
  curatorsOnly: 'Це можуть робити лише куратори',
} as const;

/** A form's file refused before any feature sees it (the server's multipart reader). */
export const FILE_MESSAGES = {
  fileTooLarge: 'Файл завеликий: щонайбільше 10 МБ',
  oneFile: 'Можна додати лише один файл',
  fileType:
    'Такий файл не приймаємо: додайте зображення, PDF, аудіо або документ (Word, Excel, PowerPoint, OpenDocument)',
  noFile: 'Файлу немає',
  linkExpired: 'Посилання на файл застаріло або недійсне. Оновіть сторінку.',
  quotaFull: 'Місце для ваших файлів вичерпано: видаліть непотрібні вкладення або додайте менший файл',
  tooManyUploads: 'Забагато файлів за годину. Спробуйте пізніше.',
} as const;
