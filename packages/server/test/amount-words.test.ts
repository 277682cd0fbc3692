import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from '../src/features/payments/amount-words.js';

const uah = (hryvnias: number, kop = 0) => amountInWords(hryvnias * 100 + kop);

describe('amounts in Ukrainian words', () => {
  it('hryvnia is feminine, with its three forms after a number', () => {
    expect(uah(1)).toBe('одна гривня 00 копійок');
    expect(uah(2)).toBe('дві гривні 00 копійок');
    expect(uah(3)).toBe('три гривні 00 копійок');
    expect(uah(4)).toBe('чотири гривні 00 копійок');
    expect(uah(5)).toBe('пʼять гривень 00 копійок');
    expect(uah(11)).toBe('одинадцять гривень 00 копійок');
    expect(uah(12)).toBe('дванадцять гривень 00 копійок');
    expect(uah(14)).toBe('чотирнадцять гривень 00 копійок');
    expect(uah(19)).toBe('девʼятнадцять гривень 00 копійок');
    expect(uah(21)).toBe('двадцять одна гривня 00 копійок');
    expect(uah(22)).toBe('двадцять дві гривні 00 копійок');
    expect(uah(40)).toBe('сорок гривень 00 копійок');
    expect(uah(90)).toBe('девʼяносто гривень 00 копійок');
    expect(uah(101)).toBe('сто одна гривня 00 копійок');
    expect(uah(111)).toBe('сто одинадцять гривень 00 копійок');
    expect(uah(240)).toBe('двісті сорок гривень 00 копійок');
    expect(uah(512)).toBe('пʼятсот дванадцять гривень 00 копійок');
    expect(uah(999)).toBe('девʼятсот девʼяносто девʼять гривень 00 копійок');
  });

  it('thousands are feminine, millions masculine, each in its own form', () => {
    expect(uah(1000)).toBe('одна тисяча гривень 00 копійок');
    expect(uah(1001)).toBe('одна тисяча одна гривня 00 копійок');
    expect(uah(2000)).toBe('дві тисячі гривень 00 копійок');
    expect(uah(4960)).toBe('чотири тисячі девʼятсот шістдесят гривень 00 копійок');
    expect(uah(5000)).toBe('пʼять тисяч гривень 00 копійок');
    expect(uah(11_000)).toBe('одинадцять тисяч гривень 00 копійок');
    expect(uah(21_000)).toBe('двадцять одна тисяча гривень 00 копійок');
    expect(uah(22_040)).toBe('двадцять дві тисячі сорок гривень 00 копійок');
    expect(uah(100_000)).toBe('сто тисяч гривень 00 копійок');
    expect(uah(1_000_000)).toBe('один мільйон гривень 00 копійок');
    expect(uah(2_000_000)).toBe('два мільйони гривень 00 копійок');
    expect(uah(5_002_001)).toBe('пʼять мільйонів дві тисячі одна гривня 00 копійок');
    expect(uah(1_000_000_000)).toBe('один мільярд гривень 00 копійок');
  });

  it('kopiykas in two digits with their word; zero is «нуль»', () => {
    expect(uah(0)).toBe('нуль гривень 00 копійок');
    expect(uah(0, 1)).toBe('нуль гривень 01 копійка');
    expect(uah(2, 2)).toBe('дві гривні 02 копійки');
    expect(uah(240, 11)).toBe('двісті сорок гривень 11 копійок');
    expect(uah(240, 21)).toBe('двісті сорок гривень 21 копійка');
    expect(uah(240, 50)).toBe('двісті сорок гривень 50 копійок');
    expect(uah(240, 99)).toBe('двісті сорок гривень 99 копійок');
  });

  it("only Cyrillic letters and the Ukrainian apostrophe (no Latin «i», no «'»)", () => {
    for (let n = 0; n < 2_000; n++) {
      expect(amountInWords(n * 137)).toMatch(/^[а-щьюяєіїґʼ ]+\d\d [а-яіїє]+$/);
    }
  });

  it('the masculine count for other nouns; nonsense is refused', () => {
    expect(numberInWords(1)).toBe('один');
    expect(numberInWords(2)).toBe('два');
    expect(numberInWords(2, 'feminine')).toBe('дві');
    expect(numberInWords(1_000_000)).toBe('один мільйон');
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(1e12)).toThrow(RangeError);
  });
});
