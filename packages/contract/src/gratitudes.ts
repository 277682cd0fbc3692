// A module of its own, not among the constants: the web's first screen imports a few constants,
// and everything in a module it imports is part of its bytes; only the support screens show these.

/** docs/domain.md «Gratitudes»: gift tiers by monthly subscription total and by a single one-off gift, UAH. */
export const GRATITUDE_TIERS: readonly { type: 'subscribe' | 'once'; from: number; gift: string }[] = [
  { type: 'subscribe', from: 480, gift: 'Фірмова футболка руху' },
  { type: 'subscribe', from: 960, gift: 'Фірмове худі руху' },
  { type: 'subscribe', from: 1920, gift: 'Курс для вас або для друга' },
  { type: 'subscribe', from: 5760, gift: 'Вебінар або коучинг-сесія' },
  { type: 'subscribe', from: 11520, gift: 'Запрошення на події руху' },
  { type: 'subscribe', from: 23040, gift: 'Згадка в медійних релізах руху' },
  { type: 'once', from: 960, gift: 'Фірмова футболка руху' },
  { type: 'once', from: 1920, gift: 'Фірмове худі руху' },
  { type: 'once', from: 5760, gift: 'Курс для вас або для друга' },
  { type: 'once', from: 11520, gift: 'Вебінар або коучинг-сесія та запрошення на події руху' },
  { type: 'once', from: 23040, gift: 'Згадка в медійних релізах руху' },
];

type Tier = (typeof GRATITUDE_TIERS)[number];

/** Where a supporter stands in one kind of tiers: the highest reached, the next, and how far it is. */
export interface GratitudeProgress {
  reached: Tier | null;
  next: Tier | null;
  /** UAH from `total` to the next tier; 0 when every tier is reached. */
  left: number;
}

/**
 * `total` is what reaches the tiers of that type (docs/domain.md «Gratitudes»): the active
 * subscriptions' monthly sum, or the largest one-off payment.
 */
export function gratitudeProgress(type: Tier['type'], total: number): GratitudeProgress {
  const tiers = GRATITUDE_TIERS.filter((tier) => tier.type === type);
  const reached = tiers.filter((tier) => total >= tier.from).at(-1) ?? null;
  const next = tiers.find((tier) => total < tier.from) ?? null;
  return { reached, next, left: next ? next.from - total : 0 };
}
