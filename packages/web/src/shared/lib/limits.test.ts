import { describe, expect, it } from 'vitest';
import { characters, excessOf, limitTexts, nearLimit, overLimit } from './limits';

describe('limits', () => {
  it('names the characters to remove in the right Ukrainian form', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1_002].map((n) => `${n} ${characters(n)}`)).toEqual([
      '1 символ',
      '2 символи',
      '4 символи',
      '5 символів',
      '11 символів',
      '12 символів',
      '14 символів',
      '21 символ',
      '22 символи',
      '25 символів',
      '101 символ',
      '111 символів',
      '1002 символи',
    ]);
  });

  it('counts the excess and shows the counter from 90 % of the limit', () => {
    expect(excessOf('абв', 2)).toBe(1);
    expect(excessOf('аб', 2)).toBe(0);
    expect(nearLimit('а'.repeat(449), 500)).toBe(false);
    expect(nearLimit('а'.repeat(450), 500)).toBe(true);
    expect(limitTexts.over(1_205)).toBe('Задовго: приберіть 1\u00a0205 символів.');
  });

  it('refuses with the first over-long field', () => {
    expect(overLimit([['Запис', 'а', 5]])).toBe('');
    expect(
      overLimit([
        ['Запис', 'а', 5],
        ['План', 'ааааааа', 5],
        ['Ще', 'аааааааа', 5],
      ]),
    ).toBe('«План»: текст задовгий, приберіть 2 символи. Нічого не надіслано.');
  });
});
