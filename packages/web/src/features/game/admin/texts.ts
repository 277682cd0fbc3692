import type { TaskType } from '@yedyni/contract';

/*
 * The game-task editor's texts. The contract's TASK_TYPES / TASK_TOPICS / TASK_POOLS live in a file with zod
 * schemas (game.ts), which the web may import only as types: the lists are repeated here, in order.
 */

export type TaskTopic = 'russianisms' | 'stress' | 'vocabulary' | 'grammar';
export type TaskPool = 'game' | 'olympiad';

export const TYPE_NAMES: Record<TaskType, string> = {
  quiz: 'вікторина',
  match: 'відповідність',
  gap: 'пропуск',
  order: 'порядок слів',
  error: 'знайди помилку',
};

export const TOPIC_NAMES: Record<TaskTopic, string> = {
  russianisms: 'русизми',
  stress: 'наголос',
  vocabulary: 'лексика',
  grammar: 'граматика',
};

/** The game never deals olympiad tasks: every round reveals the answers of the tasks it deals. */
export const POOL_NAMES: Record<TaskPool, string> = {
  game: 'гра',
  olympiad: 'олімпіади',
};

export const taskAdminTexts = {
  title: 'Завдання гри «Паляниця»',
  lead:
    'Завдання для раундів гри й для олімпіад: за рівнем, типом, темою і тим, для чого вони. ' +
    'Олімпіадні завдання гра не показує: раунд відкриває свої відповіді.',
  loading: 'Завантажуємо завдання…',
  filters: 'Фільтр завдань',
  level: 'Рівень',
  type: 'Тип',
  topic: 'Тема',
  pool: 'Для чого',
  all: 'Усі',
  levelName: (level: number) => `Рівень ${level}`,
  search: 'Пошук',
  searchHint: 'id або слова із завдання',
  found: (n: number) => `Знайдено завдань: ${n}`,
  empty: 'Завдань за цим вибором немає.',
  list: 'Завдання',
  prompt: 'Завдання',
  state: 'Стан',
  actions: 'Дії',
  active: 'активне',
  inactive: 'вимкнене',
  edit: 'Редагувати',
  editTask: (id: string) => `Редагувати завдання ${id}`,
  pages: 'Сторінки завдань',

  newTask: 'Нове завдання',
  createTitle: 'Нове завдання',
  editTitle: (id: string) => `Завдання ${id}`,
  id: 'id',
  idHint: 'Латинські малі літери, цифри й дефіси, 3–64 символи, напр. l1-quiz-uchast. Потім не змінюється.',
  idFixed: 'id не змінюється.',
  promptLabel: 'Завдання (що бачить гравець)',
  explanation: 'Пояснення (після відповіді)',
  activeLabel: 'Активне: потрапляє в раунди гри чи в олімпіади (за вибором «Для чого»)',
  create: 'Створити завдання',
  save: 'Зберегти',
  created: (id: string) => `Завдання ${id} створено.`,
  saved: (id: string) => `Завдання ${id} збережено.`,

  // Per type.
  quizOptions: 'Варіанти відповіді',
  quizHint: 'Від 2 до 6 варіантів; позначте всі правильні (щонайменше один).',
  option: (n: number) => `Варіант ${n}`,
  rightAnswer: 'Правильний',
  addOption: 'Додати варіант',
  pairs: 'Пари',
  pairsHint: 'Від 2 до 6 пар: ліворуч — що бачить гравець, праворуч — його пара.',
  pairLeft: (n: number) => `Пара ${n}: ліворуч`,
  pairRight: (n: number) => `Пара ${n}: праворуч`,
  addPair: 'Додати пару',
  pair: (n: number) => `Пара ${n}`,
  gapText: 'Речення з пропуском',
  gapTextHint: 'Рівно один пропуск: три підкреслення ___.',
  gapAnswers: 'Правильні відповіді',
  gapAnswersHint: 'Кожне слово, яке зарахуємо (великі й малі літери не важать).',
  answer: (n: number) => `Відповідь ${n}`,
  addAnswer: 'Додати відповідь',
  gapUseOptions: 'Дати гравцеві варіанти на вибір',
  gapOptions: 'Варіанти на вибір',
  gapOptionsHint: 'Від 2 до 6; серед них має бути правильна відповідь.',
  orderWords: 'Речення в правильному порядку',
  orderWordsHint: 'Слова через пробіл (від 2 до 12); розділові знаки — разом зі словом: «допомогу.»',
  alternatives: 'Інші правильні порядки (необовʼязково)',
  alternativesHint: 'Ті самі слова в іншому порядку, через пробіл.',
  alternative: (n: number) => `Інший порядок ${n}`,
  addAlternative: 'Додати інший порядок',
  errorWords: 'Речення з помилкою',
  errorWordsHint: 'Слова через пробіл (від 2 до 20).',
  wrongWord: 'Слово з помилкою',
  wrongWordHint: 'Оберіть одне слово.',
  noWords: 'Спершу впишіть речення.',
  correction: 'Як правильно',
  words: (n: number) => `Слів: ${n}`,

  // Checks before sending (the server checks again).
  needGap: 'Речення з пропуском: рівно один пропуск ___.',
  needQuizAnswer: 'Вікторина: позначте щонайменше один правильний варіант.',
  needWrong: 'Знайди помилку: оберіть слово з помилкою.',
  badAlternative: (n: number) => `Інший порядок ${n}: мають бути ті самі слова, що й у реченні.`,

  preview: 'Перегляд для гравця',
  hidePreview: 'Сховати перегляд',
  previewLead: 'Так завдання виглядатиме в грі (відповідь тут ніде не зберігається).',
  noPrompt: '(текст завдання ще не вписано)',
  previewShuffled: 'У грі порядок варіантів перемішано.',
} as const;

/** [value, name] of each choice, in order. */
type Options = readonly (readonly [string, string])[];

/**
 * The four ways a task is sorted: the form's selects and the list's filters offer the same
 * choices (the filters add «Усі» first).
 */
export const TASK_CHOICES: Record<'type' | 'level' | 'topic' | 'pool', { label: string; options: Options }> = {
  type: { label: taskAdminTexts.type, options: Object.entries(TYPE_NAMES) },
  level: {
    label: taskAdminTexts.level,
    options: [1, 2, 3].map((level) => [String(level), taskAdminTexts.levelName(level)]),
  },
  topic: { label: taskAdminTexts.topic, options: Object.entries(TOPIC_NAMES) },
  pool: { label: taskAdminTexts.pool, options: Object.entries(POOL_NAMES) },
};
