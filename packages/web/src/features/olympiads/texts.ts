import { formatDateTime } from '@yedyni/contract';

export const olympiadTexts = {
  title: 'Олімпіади',
  lead:
    'Олімпіада — це однаковий для всіх набір завдань, одна спроба й обмежений час. ' +
    'Найкращі потрапляють до особистого й командного заліку (команда — це ви й люди, яких ви запросили).',

  next: 'Наступна олімпіада',
  current: 'Олімпіада триває',
  none: 'Наступну олімпіаду ще не оголошено. Зазирніть сюди трохи згодом!',
  loadFailed: 'Не вдалося завантажити олімпіади.',
  retry: 'Спробувати ще раз',
  startsAt: 'Початок',
  endsAt: 'Завершення',
  duration: 'Час на спробу',
  minutes: (n: number) => `${n} хв`,
  taskCount: 'Завдань',
  untilStart: 'До початку',
  openUntil: (at: number) => `Олімпіада триває до ${formatDateTime(at)}. Спроба одна — переконайтеся, що маєте час.`,
  start: 'Розпочати',
  startTitle: 'Розпочати олімпіаду?',
  startOnce: (minutes: number) => `Спроба лише одна: після початку у вас буде ${minutes} хв на всі завдання.`,
  startNoPause:
    'Час іде, навіть якщо закрити сторінку, і повторити спробу не можна. Розпочинайте, коли матимете вільний час.',
  startYes: 'Так, розпочати',
  startNo: 'Не зараз',
  resume: 'Продовжити спробу',
  resumeHint: 'Вашу спробу розпочато — час іде. Поверніться до завдань.',
  starting: 'Готуємо завдання…',
  startFailed: 'Не вдалося розпочати олімпіаду. Спробуйте ще раз.',
  taken: (score: number | null) => `Ви вже взяли участь: ${score ?? 0} ${points(score ?? 0)}.`,
  /** Under «taken» while others still play: where and when the answers come. */
  answersAt: (endsAt: number) =>
    `Правильні відповіді до ваших завдань зʼявляться на цій сторінці після завершення олімпіади (${formatDateTime(endsAt)}).`,

  running: (title: string) => `Олімпіада «${title}»`,
  sendFailed: 'Не вдалося надіслати відповіді. Спробуйте ще раз.',
  finished: 'Спробу завершено',
  back: 'До олімпіад',

  previous: 'Результати попередньої олімпіади',
  heldAt: (at: number) => `Відбулася ${formatDateTime(at)}`,
  personal: 'Особистий залік',
  team: 'Командний залік',
  place: 'Місце',
  participant: 'Учасник',
  teamName: 'Команда',
  members: 'Учасників',
  score: 'Бали',
  me: 'ви',
  myTeam: 'ваша команда',
  noResults: 'Ніхто не завершив спробу.',
  myAnswers: 'Правильні відповіді до ваших завдань',
  myTask: (n: number, got: number) => `Завдання ${n}: ${got} ${points(got)}`,
} as const;

/** «бал», «бали», «балів» by the number. */
export function points(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return 'бал';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'бали';
  return 'балів';
}
