import { describe, expect, it } from 'vitest';
import {
  addMonth,
  formatDate,
  formatDateTime,
  formatLongDate,
  kyivDateRange,
  kyivDayRange,
  kyivDaysBetween,
  kyivIsoDate,
  kyivTime,
} from './dates.js';

describe('Kyiv dates', () => {
  it('counts Kyiv calendar days between instants, across midnight and daylight saving', () => {
    expect(kyivDaysBetween(kyivTime(2026, 3, 3, 9), kyivTime(2026, 3, 3, 23, 59))).toBe(0);
    expect(kyivDaysBetween(kyivTime(2026, 3, 3, 23, 59), kyivTime(2026, 3, 4, 0, 1))).toBe(1);
    // 23:30 UTC is already the next day in Kyiv.
    expect(kyivDaysBetween(Date.UTC(2026, 2, 3, 12), Date.UTC(2026, 2, 3, 23, 30))).toBe(1);
    // Spring forward on 29 March: a 23-hour day is still one day.
    expect(kyivDaysBetween(kyivTime(2026, 3, 28, 12), kyivTime(2026, 4, 1, 12))).toBe(4);
    expect(kyivDaysBetween(kyivTime(2026, 1, 1), kyivTime(2026, 12, 31))).toBe(364);
  });

  it('finds the Kyiv day of an instant, not the UTC one', () => {
    // 22:30 UTC on 14 March 2026 is already 00:30 on 15 March in Kyiv (UTC+2).
    const instant = Date.UTC(2026, 2, 14, 22, 30);
    expect(kyivIsoDate(instant)).toBe('2026-03-15');
    expect(kyivDayRange(instant)).toEqual({
      start: Date.UTC(2026, 2, 14, 22, 0),
      end: Date.UTC(2026, 2, 15, 22, 0) - 1,
    });
  });

  it('runs a day from 00:00:00.000 to 23:59:59.999 in summer time too', () => {
    expect(kyivDateRange('2026-07-01')).toEqual({
      start: Date.UTC(2026, 5, 30, 21, 0),
      end: Date.UTC(2026, 6, 1, 21, 0) - 1,
    });
  });

  it('has 23 and 25 hour days at the clock changes', () => {
    const spring = kyivDateRange('2026-03-29');
    expect(spring.end + 1 - spring.start).toBe(23 * 3600_000);
    const autumn = kyivDateRange('2026-10-25');
    expect(autumn.end + 1 - autumn.start).toBe(25 * 3600_000);
  });

  it('formats in the three forms of the interface', () => {
    const instant = kyivTime(2026, 3, 3, 14, 5);
    expect(formatDate(instant)).toBe('03-03-2026');
    expect(formatDateTime(instant)).toBe('03-03-2026 14:05');
    expect(formatLongDate(instant)).toBe('14:05, 3 березня 2026');
    expect(formatLongDate(kyivTime(2026, 12, 31, 0, 0))).toBe('00:00, 31 грудня 2026');
  });

  it('adds a month on the same day and time, or the last day of a shorter month', () => {
    expect(addMonth(kyivTime(2026, 1, 15, 10, 30))).toBe(kyivTime(2026, 2, 15, 10, 30));
    expect(addMonth(kyivTime(2026, 1, 31, 9))).toBe(kyivTime(2026, 2, 28, 9));
    expect(addMonth(kyivTime(2028, 1, 31, 9))).toBe(kyivTime(2028, 2, 29, 9));
    expect(addMonth(kyivTime(2026, 12, 10))).toBe(kyivTime(2027, 1, 10));
    // Across the spring clock change the wall-clock time stays, not the count of hours.
    expect(formatDateTime(addMonth(kyivTime(2026, 3, 10, 12)))).toBe('10-04-2026 12:00');
  });
});
