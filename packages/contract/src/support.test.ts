import { describe, expect, it } from 'vitest';
import { BASE_COURSE_TIME } from './constants.js';
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

  it('shows two decimals with a point', () => {
    expect(formatLevel(3)).toBe('3.00');
    expect(formatLevel(1 / 3)).toBe('0.33');
  });
});
