import { KYIV_TIME_ZONE } from './constants.js';

interface ZonedParts {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: KYIV_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Calendar fields of an instant as a clock in Kyiv shows them. */
export function kyivParts(instant: number): ZonedParts {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** Kyiv's offset from UTC at an instant, in milliseconds. */
function kyivOffset(instant: number): number {
  const p = kyivParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which a Kyiv wall clock shows the given fields (month 1–12; overflow rolls over). */
export function kyivTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // The offset at the guessed instant is right except within a DST switch; a second pass settles it.
  const guess = wall - kyivOffset(wall);
  return wall - kyivOffset(guess);
}

/** 00:00:00.000 to 23:59:59.999 Kyiv time of the day that contains the instant. */
export function kyivDayRange(instant: number): { start: number; end: number } {
  const p = kyivParts(instant);
  const start = kyivTime(p.year, p.month, p.day);
  const next = kyivTime(p.year, p.month, p.day + 1);
  return { start, end: next - 1 };
}

/** The range of a 'YYYY-MM-DD' Kyiv date. */
export function kyivDateRange(isoDate: string): { start: number; end: number } {
  const [y, m, d] = isoDate.split('-').map(Number);
  return kyivDayRange(kyivTime(y ?? 1970, m ?? 1, d ?? 1, 12));
}

/** 'YYYY-MM-DD' of the Kyiv day that contains the instant. */
export function kyivIsoDate(instant: number): string {
  const p = kyivParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The ISO 8601 week of the Kyiv day that contains the instant, as '2025-W07' (weeks start on Monday). */
export function kyivIsoWeek(instant: number): string {
  const p = kyivParts(instant);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const weekday = date.getUTCDay() || 7;
  // The week's Thursday decides its year (ISO 8601).
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${pad(week)}`;
}

/** How many Kyiv calendar days lie between two instants: 0 within one Kyiv day, 1 from 23:59 to 00:00. */
export function kyivDaysBetween(from: number, to: number): number {
  const a = kyivParts(from);
  const b = kyivParts(to);
  // Calendar dates as UTC midnights: whole days apart, whatever daylight saving did meanwhile.
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** The same Kyiv day and time `months` later; a day that month lacks becomes its last day. */
export function addMonth(instant: number, months = 1): number {
  const p = kyivParts(instant);
  const lastDayOfNext = new Date(Date.UTC(p.year, p.month + months, 0)).getUTCDate();
  const day = Math.min(p.day, lastDayOfNext);
  return kyivTime(p.year, p.month + months, day, p.hour, p.minute, p.second, instant % 1000);
}

const GENITIVE_MONTHS = [
  'січня',
  'лютого',
  'березня',
  'квітня',
  'травня',
  'червня',
  'липня',
  'серпня',
  'вересня',
  'жовтня',
  'листопада',
  'грудня',
] as const;

const MONTHS = [
  'січень',
  'лютий',
  'березень',
  'квітень',
  'травень',
  'червень',
  'липень',
  'серпень',
  'вересень',
  'жовтень',
  'листопад',
  'грудень',
] as const;

/** A Kyiv calendar month `2026-03` as people say it: «березень 2026» (unreadable input as it came). */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  const name = MONTHS[(number ?? 1) - 1];
  return name && year ? `${name} ${year}` : month;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** dd-mm-yyyy in Kyiv. */
export function formatDate(instant: number): string {
  const p = kyivParts(instant);
  return `${pad(p.day)}-${pad(p.month)}-${p.year}`;
}

/** d <month in genitive> yyyy in Kyiv, e.g. «3 березня 2026»: a day without its hour. */
export function formatDay(instant: number): string {
  const p = kyivParts(instant);
  return `${p.day} ${GENITIVE_MONTHS[p.month - 1]} ${p.year}`;
}

/** dd-mm-yyyy HH:mm in Kyiv. */
export function formatDateTime(instant: number): string {
  const p = kyivParts(instant);
  return `${formatDate(instant)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** HH:mm, d <month in genitive> yyyy in Kyiv, e.g. «14:05, 3 березня 2026». */
export function formatLongDate(instant: number): string {
  const p = kyivParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}, ${p.day} ${GENITIVE_MONTHS[p.month - 1]} ${p.year}`;
}
