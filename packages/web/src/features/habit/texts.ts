import { type CalendarState, plural } from '@yedyni/contract';

/**
 * Each day's state, the same on home's week and the wave's calendar: the mark seen, the legend's
 * name, and the words a screen reader says (a colour is never the only sign).
 */
export const DAY_STATES: Record<CalendarState, { mark: string; name: string; said: string }> = {
  done: { mark: '✓', name: 'Практика', said: 'практика була' },
  frozen: { mark: '✦', name: 'Світлий день', said: 'світлий день, пропуск пробачено' },
  missed: { mark: '✕', name: 'Пропущено', said: 'пропущено' },
  today: { mark: '•', name: 'Сьогодні', said: 'сьогодні, практики ще не було' },
  future: { mark: '', name: 'Попереду', said: 'попереду' },
  before: { mark: '', name: 'До вступу', said: 'ще до вступу на курс' },
};

/** The habit card's Ukrainian texts. */
export const habitTexts = {
  title: 'Моя серія',
  loading: 'Завантажуємо серію…',
  streak: (days: number) => (days === 0 ? 'Серії ще немає' : `${plural(days, 'день', 'дні', 'днів', 'дня')} поспіль`),
  best: (days: number) => `Найдовша: ${days}`,
  freezes: (left: number) => `Світлих днів лишилося: ${left}`,
  freezesHint: 'Світлий день зберігає серію, якщо один день пропущено (по два на хвилю).',
  todayDone: 'Сьогодні вже є практика',
  todayOpen: 'Сьогодні ще немає практики: щоденник, тест, домашнє чи гра збережуть серію',
  weekLabel: 'Останні сім днів',
  legend: 'Позначки календаря',
  weekdays: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Нд'],
  goalLabel: 'Мета дня',
  goalProgress: (done: number, goal: number, what: 'lessons' | 'repetitions') =>
    `${what === 'lessons' ? 'Уроки' : 'Повторення'} ${done} з ${goal}`,
  goalMet: 'Мету дня виконано!',
  changeGoal: 'Змінити мету',
  repeatCards: (n: number) => `Повторити ${plural(n, 'картку', 'картки', 'карток', 'картки')}`,
  team: (days: number, members: number) =>
    `Командна серія: ${plural(days, 'день', 'дні', 'днів', 'дня')} (у команді ${plural(members, 'людина', 'людини', 'людей', 'людини')})`,
  dialogTitle: 'Мета дня',
  dialogLead: 'Скільки хочете встигати щодня? Невелика мета, виконана щодня, краща за велику.',
  presets: 'Готові варіанти',
  custom: 'Своя мета',
  lessons: 'Уроків (щоденник, тест чи домашнє)',
  repetitions: 'Повторень (гра чи «Повторення»)',
  save: 'Зберегти',
  cancel: 'Скасувати',
  presetGoal: (lessons: number, repetitions: number) => `${lessons} ур. + ${repetitions} повт.`,
} as const;
