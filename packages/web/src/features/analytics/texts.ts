import { INACTIVE_DAYS, NUDGE_DAYS, plural } from '@yedyni/contract';

export const analyticsTexts = {
  title: 'Аналітика хвилі',
  lead: `Скільки учасників хвилі відкрили кожен урок, пройшли самоперевірку, написали щоденник і здали домашнє — за номером уроку, хоч би коли це зробили. Нижче — хто не займався ${INACTIVE_DAYS} дні й більше.`,
  course: 'Курс',
  wave: 'Хвиля',
  noWaves: 'Ще немає жодної хвилі, що почалася.',
  size: (n: number) => `У хвилі ${plural(n, 'учасник', 'учасники', 'учасників')}.`,
  series: { opened: 'Відкрили урок', selfTest: 'Самоперевірка', diary: 'Щоденник', homework: 'Домашнє' },
  chartSummary: (n: number, opened: number) =>
    `Графік: чотири лінії за уроками 1–28. Перший урок відкрили ${opened} з ${n}. Точні числа — у таблиці нижче.`,
  tableCaption: 'Уроки хвилі день за днем',
  tableToggle: 'Показати таблицю',
  lesson: 'Урок',
  inactiveTitle: 'Неактивні учасники',
  inactiveLead: `Жодної практики й жодного відкритого уроку за останні ${INACTIVE_DAYS} дні (за київським часом). Нагадати можна раз на ${NUDGE_DAYS} дні кожному, хоч би хто нагадував.`,
  inactiveNone: 'Усі учасники хвилі займалися останніми днями.',
  inactiveMore: (shown: number, total: number) => `Показано ${shown} з ${total}, спершу ті, хто найдовше не заходив.`,
  name: 'Учасник',
  lastActive: 'Востаннє займався',
  never: 'ще не починав',
  nudge: 'Нагадати',
  nudgeAll: 'Нагадати всім',
  nudged: (date: string) => `Нагадали ${date}`,
  nudgedAll: (n: number, refused: number) =>
    `Надіслано нагадувань: ${n}.${refused ? ` Не надіслано: ${refused} (їм уже нагадували нещодавно).` : ''}`,
  state: 'Стан',
} as const;
