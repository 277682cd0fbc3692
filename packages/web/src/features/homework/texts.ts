import { formatDateTime } from '@yedyni/contract';

// Limits of the contract (packages/contract/src/homework.ts), copied: values from that file would
// bring its zod schemas into the bundle.
/** Homework text, characters. */
export const HOMEWORK_MAX = 30_000;
/** A comment, characters. */
export const COMMENT_MAX = 3_000;
/** Waiting homeworks per page. */
export const NOTIFICATIONS_PAGE = 10;

/** 30000 → «30 000» (a no-break space between thousands). */

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** Texts of the homework screens (they load with them). e2e tests rely on some of these. */
export const homeworkTexts = {
  fullName,
  when: formatDateTime,

  homework: 'Домашнє завдання',
  replyPromise: (hours: number) => `Зазвичай відповідаємо протягом ${hours} год.`,
  homeworkLead: 'Напишіть відповідь на завдання і, якщо треба, додайте файл. Куратор перевірить і відповість тут.',
  answer: 'Ваша відповідь',
  file: 'Файл (необовʼязково)',
  replaceFile: 'Новий файл (необовʼязково)',
  replaceHint: 'Якщо не обрати новий файл, залишиться попередній.',
  fileHint: 'Зображення, PDF, аудіо або документ (Word, Excel, PowerPoint, OpenDocument), до 10 МБ.',
  choose: 'Обрати файл',
  chooseOther: 'Обрати інший',
  noFile: 'Файл не обрано',
  chosen: (name: string, size: string) => `Обрано: ${name} (${size})`,
  unchoose: 'Прибрати файл',
  tooLarge: (size: string) => `Файл завеликий (${size}): щонайбільше 10 МБ. Оберіть менший файл.`,
  send: 'Надіслати',
  sending: 'Надсилаємо…',
  uploadCancelled: 'Надсилання скасовано. Текст і файл лишилися: можна надіслати знову.',
  save: 'Зберегти зміни',
  saving: 'Зберігаємо…',
  needText: 'Напишіть відповідь або додайте файл, перш ніж надсилати.',
  sent: 'Відповідь надіслано куратору.',
  saved: 'Зміни збережено. Куратор побачить оновлену відповідь.',
  loadFailed: 'Не вдалося завантажити домашнє завдання. Оновіть сторінку трохи згодом.',
  failed: 'Не вдалося зберегти зміни. Спробуйте ще раз.',
  statusLabel: 'Стан',
  active: 'Очікує перевірки',
  inactive: 'Перевірено',
  rating: (rating: number) => `Оцінка: ${rating} з 12`,
  myAnswer: 'Моя відповідь',
  edit: 'Редагувати',
  removeFile: 'Видалити файл',
  fileRemoved: 'Файл видалено.',
  removeAnswer: 'Видалити відповідь',
  removeAnswerAsk: 'Видалити відповідь? Текст і файл зникнуть, а оцінку буде скасовано.',
  removeAnswerYes: 'Так, видалити',
  answerRemoved: 'Відповідь видалено. Можна надіслати нову.',
  curatorsHere: 'Ви куратор: домашні завдання учнів чекають на вас на сторінці',
  toReview: '«Перевірка завдань»',

  thread: 'Коментарі',
  threadEmpty: 'Коментарів ще немає.',
  curator: 'Куратор',
  you: 'Ви',
  unread: 'Новий',
  comment: 'Коментар',
  addComment: 'Надіслати коментар',
  commentSent: 'Коментар надіслано.',
  editComment: 'Редагувати',
  editCommentLabel: 'Текст коментаря',
  deleteComment: 'Видалити',
  deleteCommentAsk: 'Видалити цей коментар?',
  deleteCommentYes: 'Так, видалити',
  commentDeleted: 'Коментар видалено.',
  commentSaved: 'Коментар оновлено.',
  needComment: 'Напишіть коментар або додайте файл, перш ніж надсилати.',
  commentOf: (name: string) => `Коментар: ${name}`,

  waitingTitle: 'Чекають на перевірку',
  notificationsLeadCurator: 'Домашні завдання учнів, що чекають на перевірку.',
  notificationsEmptyCurator: 'Усі домашні завдання перевірено. Нових робіт поки немає.',
  notificationsFailed: 'Не вдалося завантажити сповіщення. Оновіть сторінку трохи згодом.',
  lesson: (lessonId: string) => `Урок ${lessonId}`,
  waitingFrom: (name: string) => `Чекає на перевірку: ${name}`,
  pages: 'Сторінки сповіщень',
  prevPage: 'Попередня',
  nextPage: 'Наступна',
  page: (page: number) => `Сторінка ${page}`,

  review: 'Перевірка завдань',
  reviewLead: 'Відповідь учня, коментарі та оцінка.',
  curatorsOnly: 'Ця сторінка — для кураторів',
  curatorsOnlyText:
    'Тут куратори перевіряють домашні завдання. Ваші завдання й відповіді кураторів — у практиці кожного уроку та в сповіщеннях.',
  toNotifications: 'До сповіщень',
  learner: 'Учень',
  course: 'Курс',
  lessonLabel: 'Урок',
  submitted: 'Відповідь учня',
  noAnswer: 'Учень ще не надіслав відповідь або видалив її.',
  notFound: 'Завдання не знайдено. Можливо, його видалено.',
  allDone: 'Усі завдання перевірено',
  allDoneText: 'Нових відповідей, що чекають на перевірку, немає. Чудова робота!',
  next: 'Наступне завдання',
  finding: 'Шукаємо…',
  ratingTitle: 'Оцінка',
  ratingHint:
    'Від 1 до 12; бали додадуться до «Українського сліду» учня. Протягом 10 секунд оцінку можна скасувати, і доти учень не отримає сповіщення.',
  ratingNone: 'Ще без оцінки',
  rateLegend: 'Поставити оцінку від 1 до 12',
  rated: (n: number) => `Оцінку ${n} з 12 збережено.`,
  /** The undo toast's words while the rating may still be withdrawn. */
  ratedUndoable: (n: number) => `Оцінку ${n} з 12 виставлено`,
  undo: 'Скасувати',
  undone: 'Оцінку скасовано. Учень не отримає про неї сповіщення.',
} as const;
