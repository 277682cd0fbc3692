import { describe, expect, it } from 'vitest';
import { formatNumber, formatUah } from './numbers.js';

describe('one number style (issue 18, item 9)', () => {
  it('writes money with a Ukrainian comma, kopecks and no-break spaces', () => {
    expect(formatUah(2800)).toBe('2\u00a0800,00\u00a0₴');
    expect(formatUah(40)).toBe('40,00\u00a0₴');
    expect(formatUah(1234567.5)).toBe('1\u00a0234\u00a0567,50\u00a0₴');
    expect(formatUah(0.1 + 0.2)).toBe('0,30\u00a0₴');
  });

  it('writes other numbers with as many decimals as asked, the same comma and spaces', () => {
    expect(formatNumber(1920)).toBe('1\u00a0920');
    expect(formatNumber(3, 2)).toBe('3,00');
    expect(formatNumber(1 / 3, 2)).toBe('0,33');
    expect(formatNumber(12.5, 0, 2)).toBe('12,5');
    expect(formatNumber(12, 0, 2)).toBe('12');
    expect(formatNumber(-1500)).toBe('-1\u00a0500');
    expect(formatNumber(-0.001, 2)).toBe('0,00');
  });
});
