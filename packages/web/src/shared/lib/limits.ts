/*
 * Text limits shown before sending: a field never cuts what was typed or pasted (no maxLength);
 * it counts, marks the excess and the form refuses to send it, saying how much to remove.
 */

import { formatNumber } from '@yedyni/contract';

/** The counter of a limited field shows from this share of the limit on. */
export const COUNTER_FROM_SHARE = 0.9;

/** How many characters are over `max` (0 when within). */
export const excessOf = (text: string, max: number) => Math.max(0, text.length - max);

/** Whether the counter of a field holding `text` should show. */
export const nearLimit = (text: string, max: number) => text.length >= max * COUNTER_FROM_SHARE;

/** «символ», «символи», «символів» after a number (the accusative of «приберіть N …»). */
export function characters(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return 'символів';
  if (ones === 1) return 'символ';
  if (ones >= 2 && ones <= 4) return 'символи';
  return 'символів';
}

const number = (n: number) => formatNumber(n);

export const limitTexts = {
  counter: (used: number, max: number) => `${number(used)} з ${number(max)} символів`,
  /** Under an over-long field. */
  over: (excess: number) => `Задовго: приберіть ${number(excess)} ${characters(excess)}.`,
  /** When sending is refused. */
  refused: (label: string, excess: number) =>
    `«${label}»: текст задовгий, приберіть ${number(excess)} ${characters(excess)}. Нічого не надіслано.`,
};

/** The refusal for the first over-long field of `fields` ([label, text, max]), or ''. */
export function overLimit(fields: readonly (readonly [string, string, number])[]): string {
  for (const [label, text, max] of fields) {
    const excess = excessOf(text, max);
    if (excess > 0) return limitTexts.refused(label, excess);
  }
  return '';
}
