/**
 * Money in Ukrainian words, as receipts write it: «двісті сорок гривень 00 копійок».
 *
 * Written here rather than taken from a package: the one registry library with Ukrainian
 * (n2words) spells «і» with the Latin letter and the apostrophe as «'», so its text looks right
 * but is not Ukrainian to a search, a screen reader or a copy into a tax form. The apostrophe
 * here is «ʼ» (U+02BC), as in every other text of the platform.
 */

type Gender = 'masculine' | 'feminine';

const UNITS: Record<Gender, readonly string[]> = {
  masculine: ['', 'один', 'два', 'три', 'чотири', 'пʼять', 'шість', 'сім', 'вісім', 'девʼять'],
  feminine: ['', 'одна', 'дві', 'три', 'чотири', 'пʼять', 'шість', 'сім', 'вісім', 'девʼять'],
};
const TEENS = [
  'десять',
  'одинадцять',
  'дванадцять',
  'тринадцять',
  'чотирнадцять',
  'пʼятнадцять',
  'шістнадцять',
  'сімнадцять',
  'вісімнадцять',
  'девʼятнадцять',
];
const TENS = [
  '',
  '',
  'двадцять',
  'тридцять',
  'сорок',
  'пʼятдесят',
  'шістдесят',
  'сімдесят',
  'вісімдесят',
  'девʼяносто',
];
const HUNDREDS = ['', 'сто', 'двісті', 'триста', 'чотириста', 'пʼятсот', 'шістсот', 'сімсот', 'вісімсот', 'девʼятсот'];

/** A noun's three forms after a number: one (1, 21), few (2–4, 22), many (5–20, 0, 11–14). */
type Forms = readonly [one: string, few: string, many: string];

/** Thousands are feminine («дві тисячі»), millions and milliards masculine («два мільйони»). */
const SCALES: { forms: Forms; gender: Gender }[] = [
  { forms: ['тисяча', 'тисячі', 'тисяч'], gender: 'feminine' },
  { forms: ['мільйон', 'мільйони', 'мільйонів'], gender: 'masculine' },
  { forms: ['мільярд', 'мільярди', 'мільярдів'], gender: 'masculine' },
];

export const HRYVNIA: Forms = ['гривня', 'гривні', 'гривень'];
export const KOPIYKA: Forms = ['копійка', 'копійки', 'копійок'];

/** The form a whole number takes the noun in: 1, 21, 101 → one; 2–4, 22 → few; 5–20, 11–14, 0 → many. */
export function formOf(n: number, forms: Forms): string {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** 1–999 in words. */
function triad(n: number, gender: Gender): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)] ?? ''];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] ?? '');
  else words.push(TENS[Math.floor(rest / 10)] ?? '', UNITS[gender][rest % 10] ?? '');
  return words.filter(Boolean);
}

/** Largest number spelled: below a trillion (a year of gifts is far smaller). */
const LIMIT = 1e12;

/** A whole number from 0 below a trillion in words, the units agreeing with `gender` («одна», «дві»). */
export function numberInWords(n: number, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= LIMIT) throw new RangeError(`cannot spell ${n}`);
  if (n === 0) return 'нуль';
  const words: string[] = [];
  let rest = n;
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] ?? 0;
    if (group === 0) continue;
    const scale = i > 0 ? SCALES[i - 1] : undefined;
    words.push(...triad(group, scale?.gender ?? gender));
    if (scale) words.push(formOf(group, scale.forms));
  }
  return words.join(' ');
}

/**
 * An amount in kopiykas as a receipt writes it: hryvnias in words (feminine: «одна гривня»,
 * «дві гривні»), kopiykas in two digits with their word, «двісті сорок гривень 00 копійок».
 */
export function amountInWords(kop: number): string {
  if (!Number.isSafeInteger(kop) || kop < 0) throw new RangeError(`not an amount in kopiykas: ${kop}`);
  const hryvnias = Math.floor(kop / 100);
  const kopiykas = kop % 100;
  return `${numberInWords(hryvnias, 'feminine')} ${formOf(hryvnias, HRYVNIA)} ${String(kopiykas).padStart(2, '0')} ${formOf(kopiykas, KOPIYKA)}`;
}
