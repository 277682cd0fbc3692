import { formatNumber, plural } from '@yedyni/contract';

/** «Мій прогрес»: every text of the progress screen (the streak calendar's are habit's). */
export const progressTexts = {
  title: 'Мій прогрес',
  lead: 'Що вже зроблено в кожному курсі, ваша серія днів практики і як зростав ваш слід.',
  failed: 'Не вдалося завантажити прогрес.',
  noCourses: 'Ви ще не приєдналися до жодного курсу. Оберіть курс у розділі «Навчання».',
  toCourses: 'До курсів',
  wave: (wave: string) => `Хвиля ${wave}`,
  toCourse: 'Відкрити курс',
  streak: 'Серія',
  days: (n: number) => plural(n, 'день', 'дні', 'днів', 'дня'),
  best: 'Найдовша',
  freezesLeft: 'Світлих днів лишилося',
  figures: 'Підсумки курсу',
  lessonsDone: 'Уроків пройдено',
  lessonsDoneValue: (done: number, total: number) => `${done} з ${total}`,
  selfTest: 'Середній бал тесту',
  rating: 'Середня оцінка ДЗ',
  homework: 'Домашніх здано',
  diaryDays: 'Днів у щоденнику',
  none: '—',
  outOf: (value: number, max: number) => `${formatNumber(value, 0, 1)} з ${max}`,
  lessons: 'Уроки',
  lesson: (day: string, theme: string) => `Урок ${day}. ${theme}`,
  closed: 'ще закритий',
  diary: 'Щоденник',
  noDiary: 'немає запису',
  test: 'Тест',
  noTest: 'не пройдено',
  homeworkLabel: 'ДЗ',
  noHomework: 'не здано',
  handedIn: 'здано, чекає оцінки',
  ratingValue: (rating: number) => `${rating} з 12`,
  calendar: 'Календар хвилі',
  calendarLead: '28 днів хвилі: день рахується, коли була практика українською.',
  footprint: 'Український слід за 90 днів',
  footprintSummary: (from: number, to: number, since: string) =>
    to === from
      ? `З ${since} слід не змінювався: ${plural(to, 'бал', 'бали', 'балів', 'бала')}.`
      : `З ${since} слід ${to > from ? 'зріс' : 'змінився'} з ${formatNumber(from, 0, 2)} до ${plural(to, 'бала', 'балів', 'балів', 'бала')}.`,
} as const;
