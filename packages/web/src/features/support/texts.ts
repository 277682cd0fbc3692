import { BASE_AMOUNT_SUPPORT, formatDate, plural, formatUah as uah } from '@yedyni/contract';

export const supportTexts = {
  // Indicators
  indicators: 'Показники',
  level: 'Рівень стабільності підтримки',
  levelExplain: `Скільки людей у середньому ваші внески забезпечують навчанням на кожні 28 днів, відколи ви в русі. ${uah(BASE_AMOUNT_SUPPORT)} — це місяць навчання для однієї людини.`,
  donate: 'Зробити внесок',
  footprint: 'Український слід',
  footprintValue: (points: number) => plural(points, 'бал', 'бали', 'балів', 'бала'),
  footprintExplain: 'Бали за реєстрацію, запрошених, внески, домашні завдання, щоденник і гру.',
  footprintLink: 'Історія балів',
  totalDonat: 'Усього внесків',
  totalDonatExplain: 'Разові внески й щомісячні списання за весь час.',
  paymentsLink: 'Усі внески',
  current: 'Підтримка за останні 28 днів',
  past: 'Підтримка раніше',
  people: (count: number) => plural(count, 'місяць навчання', 'місяці навчання', 'місяців навчання', 'місяця навчання'),
  currentExplain: `Стільки місяців навчання однієї людини оплатили ваші внески за останні 28 днів (${uah(BASE_AMOUNT_SUPPORT)} — один місяць).`,
  pastExplain: 'Те саме за внески, старші за 28 днів.',
  time: 'Ви в русі',
  /** Kyiv calendar days since registration; the day of it is the first. */
  days: (days: number) => (days === 0 ? 'Перший день' : plural(days, 'день', 'дні', 'днів', 'дня')),
  timeExplain: 'Днів від реєстрації. Рівень стабільності рахує щонайменше 28 днів — один цикл курсу.',
  gratitudesLink: 'Подяки руху за підтримку',
  failed: 'Не вдалося завантажити показники.',
  retry: 'Спробувати ще раз',

  // Team
  team: 'Моя команда',
  teamOf: (name: string) => `Команда: ${name}`,
  teamLead: 'Люди, які зареєструвалися за вашим посиланням-запрошенням. Відкрийте учасника, щоб побачити його команду.',
  teamNav: 'Учасники команди',
  back: 'Назад',
  backTo: (name: string) => `Назад: ${name}`,
  since: (instant: number) => `У русі з ${formatDate(instant)}`,
  teamSize: (size: number) => `Команда: ${plural(size, 'учасник', 'учасники', 'учасників', 'учасника')}`,
  emptyRoot: 'Ви ще нікого не запросили. Поділіться своїм посиланням-запрошенням — і ваша команда зʼявиться тут.',
  inviteLink: 'Моє посилання-запрошення',
  emptyMember: 'У цього учасника поки немає команди.',
  you: 'ви',

  // Gratitudes
  gratitudes: 'Подяки',
  gratitudesLead: 'Рух дякує за регулярну підтримку. Оберіть рівень — і форма внеску заповниться сама.',
  subscribe: 'Щомісячна підписка',
  once: 'Разовий внесок',
  fromMonthly: (from: number) => `від ${uah(from)} на місяць`,
  fromOnce: (from: number) => `від ${uah(from)}`,
  reached: 'Досягнуто',
  next: 'Наступний',
  // Where I stand (docs/domain.md «Gratitudes»): monthly tiers add up my active subscriptions,
  // a one-off tier takes one payment of its size, so «what is left» means different things.
  monthlyNow: (total: number, gift: string | null) =>
    gift
      ? `Ваш рівень: «${gift}». Ваші підписки разом — ${uah(total)} на місяць.`
      : total > 0
        ? `Ваші підписки разом — ${uah(total)} на місяць: рівень ще не досягнуто.`
        : 'Щомісячних підписок поки немає — рівень ще не досягнуто.',
  monthlyNext: (gift: string, left: number) => `До рівня «${gift}» бракує ${uah(left)} на місяць.`,
  onceNow: (total: number, gift: string | null) =>
    gift
      ? `Ваш рівень: «${gift}». Найбільший разовий внесок — ${uah(total)}.`
      : total > 0
        ? `Найбільший разовий внесок — ${uah(total)}: рівень ще не досягнуто.`
        : 'Разових внесків поки не було — рівень ще не досягнуто.',
  onceNext: (gift: string, from: number) => `Рівень «${gift}» — за один внесок від ${uah(from)}.`,
  top: 'Це найвищий рівень. Дякуємо!',
  choose: 'Обрати',
  chooseWhat: (what: string) => ` ${what}`,
  gratitudesFailed: 'Не вдалося перевірити, які подяки ви вже отримали.',
} as const;
