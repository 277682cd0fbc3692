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
