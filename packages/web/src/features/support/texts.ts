import { BASE_AMOUNT_SUPPORT, formatDate } from '@yedyni/contract';

const rules = new Intl.PluralRules('uk-UA');

/** «1 день», «2 дні», «5 днів», «1,5 дня». */
export function plural(n: number, one: string, few: string, many: string, other = few): string {
  const form = rules.select(n);
  const word = form === 'one' ? one : form === 'few' ? few : form === 'many' ? many : other;
  return `${n.toLocaleString('uk-UA')} ${word}`;
}

const uah = (amount: number) => `${amount.toLocaleString('uk-UA')}\u00a0₴`;
const DAY_SECONDS = 24 * 60 * 60;

export const supportTexts = {
  // Indicators
  indicators: 'Показники',
  level: 'Рівень стабільності підтримки',
  levelExplain: `Скільки людей у середньому ваші внески забезпечують навчанням на кожні 28 днів, відколи ви в русі. ${BASE_AMOUNT_SUPPORT} ₴ — це місяць навчання для однієї людини.`,
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
  currentExplain: `Стільки місяців навчання однієї людини оплатили ваші внески за останні 28 днів (${BASE_AMOUNT_SUPPORT} ₴ — один місяць).`,
  pastExplain: 'Те саме за внески, старші за 28 днів.',
  time: 'Ви в русі',
  days: (totalTime: number) => plural(Math.floor(totalTime / DAY_SECONDS), 'день', 'дні', 'днів', 'дня'),
  timeExplain: 'Для рівня стабільності береться щонайменше 28 днів — один цикл курсу.',
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
  choose: 'Обрати',
  chooseWhat: (what: string) => ` ${what}`,
  gratitudesFailed: 'Не вдалося перевірити, які подяки ви вже отримали.',
} as const;
