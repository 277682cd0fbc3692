import { describe, expect, it } from 'vitest';
import { BASE_COURSE_TIME } from './constants.js';
import { gratitudeProgress } from './gratitudes.js';
import { formatLevel, supportLevel, supportTotalTime } from './support.js';

describe('support level', () => {
  it('counts membership as at least one course cycle', () => {
    const registered = Date.UTC(2026, 0, 1);
    expect(supportTotalTime(registered, registered + 1000)).toBe(BASE_COURSE_TIME);
    expect(supportTotalTime(registered, registered + 2 * BASE_COURSE_TIME * 1000 + 999)).toBe(2 * BASE_COURSE_TIME);
  });

  it('is people-months of support per cycle of membership', () => {
    expect(supportLevel(120, BASE_COURSE_TIME)).toBe(3);
    expect(supportLevel(120, 2 * BASE_COURSE_TIME)).toBe(1.5);
    expect(supportLevel(0, BASE_COURSE_TIME)).toBe(0);
  });

  it('shows two decimals with the Ukrainian comma', () => {
    expect(formatLevel(3)).toBe('3,00');
    expect(formatLevel(1 / 3)).toBe('0,33');
  });
});

describe('gratitude progress (issue 18, item 7)', () => {
  it('names the highest tier reached, the next one and what is left to it', () => {
    expect(gratitudeProgress('subscribe', 0)).toMatchObject({ reached: null, next: { from: 480 }, left: 480 });
    expect(gratitudeProgress('subscribe', 600)).toMatchObject({
      reached: { from: 480 },
      next: { from: 960 },
      left: 360,
    });
    expect(gratitudeProgress('once', 960)).toMatchObject({ reached: { from: 960 }, next: { from: 1920 }, left: 960 });
    expect(gratitudeProgress('once', 50_000)).toMatchObject({ reached: { from: 23040 }, next: null, left: 0 });
  });
});
