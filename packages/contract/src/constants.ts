/** The unit of support: 40 UAH helps one person for one month. */
export const BASE_AMOUNT_SUPPORT = 40;
/** One course cycle, 28 days, in seconds. */
export const BASE_COURSE_TIME = 2_419_200;
export const MIN_DONATION_UAH = 40;
export const MAX_DONATION_UAH = 100_000;
export const KYIV_TIME_ZONE = 'Europe/Kyiv';
/** Page size of every history list. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** redux-persist gives up restoring after this long. */
export const PERSIST_TIMEOUT_MS = 5_000;
/** A lazily loaded screen that has not arrived by then shows an error with a retry button. */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;
/** A password reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Points in the footprint ledger for registering, and for the inviter of a new member. */
export const REGISTRATION_POINTS = 10;
export const INVITATION_POINTS = 10;
/** localStorage key of the place a visitor wanted before signing in. */
export const PREVIOUS_LOCATION_KEY = 'previousLocation';

/** 10 MiB: the largest file a learner or curator may attach (homework, comments, chat). */
export const MAX_FILE_BYTES = 10_485_760;
/** The longest chat message, counted after trimming. */
export const CHAT_TEXT_MAX = 500;

/** Course media an admin uploads (lesson images and audio): at most 50 MiB each. */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
/** The admin payments view shows totals for this many Kyiv months, the current one first. */
export const MONTH_TOTALS_SHOWN = 12;

/** Audit actions and how the console names them. */
export const AUDIT_ACTIONS = {
  'user.role': 'Зміна ролі',
  'course.create': 'Новий курс',
  'course.update': 'Зміна курсу',
  'course.next-wave': 'Наступна хвиля',
  'lesson.create': 'Новий урок',
  'lesson.update': 'Зміна уроку',
  'lesson.delete': 'Видалення уроку',
  'lesson.reorder': 'Порядок уроків',
  'lesson.schedule': 'Розклад уроку',
  'media.upload': 'Завантаження медіа',
  'task.create': 'Нове завдання гри',
  'task.update': 'Зміна завдання гри',
  'olympiad.create': 'Нова олімпіада',
  'olympiad.update': 'Зміна олімпіади',
  'olympiad.delete': 'Видалення олімпіади',
  'club.create': 'Новий клуб',
  'club.update': 'Зміна клубу',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
