import { describe, expect, it } from 'vitest';
import { isoInstant } from './common.js';
import { lessonDateBodySchema, nextWaveBodySchema } from './courses.js';
import { kyivTime } from './dates.js';
import { diaryBodySchema } from './diary.js';
import { donationBodySchema, historyQuerySchema } from './payments.js';

// Issue 24, point 4: where the spec names no format, its calls take other spellings too; the
// answers, and the messages for what is still wrong, stay as they were.
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ISO 8601 instants besides milliseconds', () => {
  const nineKyiv = kyivTime(2026, 9, 1, 9);

  it('reads an instant with Z or an offset exactly, one without as a Kyiv clock, a date as its Kyiv midnight', () => {
    expect(isoInstant('2026-09-01T06:00:00Z')).toBe(nineKyiv);
    expect(isoInstant('2026-09-01T06:00:00.000Z')).toBe(nineKyiv);
    expect(isoInstant('2026-09-01T09:00:00+03:00')).toBe(nineKyiv);
    expect(isoInstant('2026-09-01T09:00+0300')).toBe(nineKyiv);
    expect(isoInstant('2026-09-01T09:00:00')).toBe(nineKyiv);
    expect(isoInstant('2026-09-01')).toBe(kyivTime(2026, 9, 1));
    expect(isoInstant('2026-01-15T10:00:00.5+02:00')).toBe(Date.UTC(2026, 0, 15, 8, 0, 0, 500));
    for (const wrong of ['2026-02-30', '2026-13-01T00:00:00Z', '2026-09-01T25:00:00Z', 'завтра', '1756713600000']) {
      expect(isoInstant(wrong)).toBeUndefined();
    }
  });

  it('PATCH /api/courses/next and /api/courses/lesson/date take them', () => {
    expect(
      nextWaveBodySchema.parse({ courseId: 'c', nextWave: '7', nextStart: '2026-09-01T09:00:00+03:00' }).nextStart,
    ).toBe(nineKyiv);
    expect(nextWaveBodySchema.parse({ courseId: 'c', nextWave: '7', nextStart: nineKyiv }).nextStart).toBe(nineKyiv);
    expect(
      lessonDateBodySchema.parse({ courseId: 'c', lessonId: '3', scheduledDate: '2026-09-01T06:00:00Z' }).scheduledDate,
    ).toBe(nineKyiv);
    expect(lessonDateBodySchema.parse({ courseId: 'c', lessonId: '3', scheduledDate: null }).scheduledDate).toBeNull();
  });

  it('still refuses what is no date, with the same message', () => {
    for (const scheduledDate of ['2026-02-30', 'завтра', '1756713600000', true]) {
      const result = lessonDateBodySchema.safeParse({ courseId: 'c', lessonId: '3', scheduledDate });
      expect(firstMessage(result)).toBe('Дата: вкажіть час у мілісекундах');
    }
    const late = lessonDateBodySchema.safeParse({
      courseId: 'c',
      lessonId: '3',
      scheduledDate: '2100-01-02T00:00:00Z',
    });
    expect(firstMessage(late)).toBe('Дата: не пізніше 2100 року');
  });
});

describe('the diary’s date', () => {
  const body = (date: unknown) => ({ courseId: 'c', lessonId: '3', date, entry: 'Запис' });

  it('takes a full ISO instant as the Kyiv day it falls on', () => {
    expect(diaryBodySchema.parse(body('2026-03-01')).date).toBe('2026-03-01');
    // 21:30 UTC is 23:30 in Kyiv (UTC+2 in winter); 22:30 UTC is already the next day there.
    expect(diaryBodySchema.parse(body('2026-03-01T21:30:00Z')).date).toBe('2026-03-01');
    expect(diaryBodySchema.parse(body('2026-03-01T22:30:00.000Z')).date).toBe('2026-03-02');
    expect(diaryBodySchema.parse(body('2026-07-01T23:30:00+03:00')).date).toBe('2026-07-01');
  });

  it('still refuses anything else with the same message', () => {
    for (const date of ['01.03.2026', '2026-03-01T99:00:00Z', 'вчора']) {
      expect(firstMessage(diaryBodySchema.safeParse(body(date)))).toBe('Дата: у форматі РРРР-ММ-ДД');
    }
  });
});

describe('the donation form', () => {
  const body = (amount: unknown) => ({ amount, subscribe: false, offerAccepted: true });

  it('takes the amount as a numeric string', () => {
    expect(donationBodySchema.parse(body('400')).amount).toBe(400);
    expect(donationBodySchema.parse(body(' 80 ')).amount).toBe(80);
    expect(donationBodySchema.parse(body(120)).amount).toBe(120);
  });

  it('still refuses a wrong amount with the same message', () => {
    const message = firstMessage(donationBodySchema.safeParse(body(41)));
    expect(message).toMatch(/^Сума: /);
    for (const amount of ['41', '40.5', 'сорок', '', '4e2']) {
      expect(firstMessage(donationBodySchema.safeParse(body(amount)))).toBe(message);
    }
  });
});

describe('history lists', () => {
  it('take start=null and end=null as absent', () => {
    const open = historyQuerySchema.parse({ start: 'null', end: 'null' });
    expect([open.start, open.end]).toEqual([undefined, undefined]);
    const half = historyQuerySchema.parse({ start: 'null', end: '1700000000000' });
    expect([half.start, half.end]).toEqual([undefined, 1700000000000]);
  });

  it('still refuse another word with the same message', () => {
    expect(firstMessage(historyQuerySchema.safeParse({ start: 'undefined' }))).toBe('start: має бути числом (мс)');
  });
});
