import { config, z } from 'zod';
import uk from 'zod/v4/locales/uk.js';
import { kyivIsoDate, kyivTime } from './dates.js';

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

/**
 * Where the spec names no format, a call is liberal in what it accepts: `schema` checks the value
 * after `spelling` has turned another way of writing it into the one the schema takes. What no
 * spelling recognises reaches the schema as it came, so bad input keeps the schema's own message.
 */
export const liberal = <S extends z.ZodType>(spelling: (value: unknown) => unknown, schema: S) =>
  z.preprocess(spelling, schema);

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * An ISO 8601 date or date-time as ms: with `Z` or an offset, that instant; without one, what a
 * clock in Kyiv shows (a date alone is its Kyiv midnight). Anything else: undefined.
 */
export function isoInstant(text: string): number | undefined {
  const m = ISO_8601.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = m;
  const fields = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)] as const;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const wall = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], ms);
  // Date.UTC rolls 2026-02-30 over to March: a date that is not on the calendar is not a date.
  const back = new Date(wall);
  if (
    back.getUTCMonth() !== fields[1] - 1 ||
    back.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59 ||
    fields[5] > 59
  ) {
    return undefined;
  }
  if (zone === undefined) return kyivTime(...fields, ms);
  if (zone.toUpperCase() === 'Z') return wall;
  const [, sign, zh, zm = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
  return wall - (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) * 60_000;
}

/** Spellings for `liberal`: each converts the text it recognises and passes anything else on. */
export const spellings = {
  /** An instant as an ISO 8601 text besides milliseconds (a number, or digits in a query). */
  instant: (value: unknown) => (typeof value === 'string' ? (isoInstant(value) ?? value) : value),
  /** A Kyiv day 'YYYY-MM-DD' also as a full ISO 8601 instant: the Kyiv day it falls on. */
  kyivDay: (value: unknown) => {
    if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const instant = isoInstant(value);
    return instant === undefined ? value : kyivIsoDate(instant);
  },
  /** A number also as a numeric string ("500", " 500 "), as a form's field holds it. */
  number: (value: unknown) =>
    typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
  /** An optional query value also as the word `null` (or empty), which means it is absent. */
  absent: (value: unknown) => (value === 'null' ? undefined : emptyToUndefined(value)),
};

export const authorSchema = z
  .object({ _id: z.string(), first_name: z.string(), last_name: z.string() })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

/** zod's own messages (a missing body, a wrong type), on the server and in the web's forms, in Ukrainian like the contract's. */
export function configureUkrainianMessages(): void {
  // Called by its own name, not as `z.config`: the web's build takes every `z.…` call for pure
  // (vite.config.ts, `manualPureFunctions`), and would drop this one, whose result nobody reads.
  config(uk());
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
