import { plural } from '@yedyni/contract';
import { TASK_POINTS } from '../../shared/tasks/answers';
import { GAME_DAILY_POINTS, GAME_ROUND_MS, GAME_ROUND_TASKS } from './constants';

const minutes = GAME_ROUND_MS / 60_000;

export const gameTexts = {
  title: 'Паляниця',
  tagline: 'Гра, що тренує українську щодня',
  lead:
    'Сім коротких завдань про слова, наголоси, граматику й русизми — на раунд є сім хвилин. ' +
    'Після раунду одразу побачите правильні відповіді з поясненнями.',
  facts: [
    { value: String(GAME_ROUND_TASKS), label: 'завдань' },
    { value: String(minutes), label: 'хвилин' },
    { value: String(GAME_ROUND_TASKS * TASK_POINTS), label: 'балів максимум' },
  ],
  factsLabel: 'Раунд коротко',
  types: 'Тести, пари слів, пропуски, порядок слів і пошук помилки.',
  footprint: `Бали раунду додаються до вашого «Укр.сліду»: до ${GAME_DAILY_POINTS} балів на день.`,
  start: 'Почати раунд',
  starting: 'Готуємо завдання…',
  startFailed: 'Не вдалося почати раунд. Спробуйте ще раз.',

  mine: 'Ваші результати',
  best: 'Найкращі раунди',
  rounds: 'Зіграно раундів',
  totalPoints: 'Балів у грі',
  bestRound: (score: number, max: number) => `${score} з ${max}`,
  noRounds: 'Ви ще не грали. Перший раунд — найцікавіший!',
  statsFailed: 'Не вдалося завантажити ваші результати.',

  rating: 'Рейтинг гравців',
  ratingCaption: 'Десятка найкращих за найкращим раундом',
  place: 'Місце',
  player: 'Гравець',
  bestColumn: 'Рекорд',
  me: 'ви',
  noRating: 'У рейтингу поки порожньо — станьте першими!',

  sendFailed: 'Не вдалося надіслати відповіді. Спробуйте ще раз.',

  olympiads: 'Олімпіади',
  olympiadsText:
    'Хочете позмагатися? На олімпіаді в усіх однакові завдання, а найкращі потрапляють до особистого й командного заліку.',
  olympiadsLink: 'До олімпіад',

  finished: 'Раунд завершено',
  again: 'Ще раунд',
  toStart: 'До початку гри',
  /** After a round once today's game points have reached the cap. */
  dailyCap: (counted: number, score: number) =>
    (counted > 0
      ? `До «Укр.сліду» зараховано ${counted} з ${score} балів цього раунду: за день гра додає щонайбільше ${GAME_DAILY_POINTS}.`
      : `Сьогодні гра вже додала до «Укр.сліду» ${GAME_DAILY_POINTS} балів, тож цей раунд іде лише в рейтинг і ваші результати.`) +
    ' Завтра бали знову зараховуватимуться.',
  maxScore: GAME_ROUND_TASKS * TASK_POINTS,
} as const;

/** «Повторення»: cards from one's own mistakes, in the game. */
export const repetitionTexts = {
  title: 'Повторення',
  cardTitle: (due: number) => `Повторення: ${plural(due, 'картка', 'картки', 'карток')} на сьогодні`,
  cardLead:
    'Завдання, у яких ви помилилися в грі, самоперевірках чи олімпіадах, повертаються саме тоді, коли їх час повторити.',
  start: 'Почати',
  noneDue: (next: string) => `Карток на сьогодні немає — наступна ${next}`,
  noCards: 'Карток поки немає: помилки з гри, самоперевірок та олімпіад стануть картками для повторення.',
  loading: 'Готуємо картки…',
  startFailed: 'Не вдалося почати повторення. Спробуйте ще раз.',
  sendFailed: 'Не вдалося надіслати відповіді. Спробуйте ще раз.',
  finished: 'Повторення завершено',
  footprint: (points: number) => `До «Укр.сліду» додано ${plural(points, 'бал', 'бали', 'балів')}.`,
  dailyCap: (counted: number, score: number) =>
    `До «Укр.сліду» зараховано ${counted} з ${score} балів: гра й повторення разом додають щонайбільше ${GAME_DAILY_POINTS} на день. Завтра бали знову зараховуватимуться.`,
  dueLeft: (n: number) => `Ще чекають на повторення: ${plural(n, 'картка', 'картки', 'карток')}.`,
  again: 'Ще повторення',
  toGame: 'До гри',
} as const;
