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
/** A password reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Points in the footprint ledger for registering, and for the inviter of a new member. */
export const REGISTRATION_POINTS = 10;
export const INVITATION_POINTS = 10;

/** 10 MiB: the largest file a learner or curator may attach (homework, comments, chat). */
export const MAX_FILE_BYTES = 10_485_760;
/** The longest chat message, counted after trimming. */
export const CHAT_TEXT_MAX = 500;
/** Reports from this many different members hide a message until a curator decides. */
export const REPORTS_TO_HIDE = 3;
/** The longest own words a report may carry. */
export const CHAT_REPORT_TEXT_MAX = 200;

/** The longest text of each lesson editor field, in characters (lessonEditSchema). */
export const LESSON_LIMITS = {
  theme: 200,
  /** Each Markdown text: the lesson, its theory and its practice. */
  text: 200_000,
  diary: 1000,
  mediaUrl: 500,
  videoTitle: 200,
  question: 500,
  option: 300,
  explanation: 1000,
} as const;

/** Course media an admin uploads (lesson images and audio): at most 50 MiB each. */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
/** The admin payments view shows totals for this many Kyiv months, the current one first. */
export const MONTH_TOTALS_SHOWN = 12;

/** What the audit log records; the console names each one (its texts are the web's). */
export type AuditAction =
  | 'user.role'
  | 'user.password'
  | 'account.email.request'
  | 'account.email'
  | 'account.password'
  | 'account.profile'
  | 'course.create'
  | 'course.update'
  | 'course.next-wave'
  | 'lesson.create'
  | 'lesson.update'
  | 'lesson.delete'
  | 'lesson.reorder'
  | 'lesson.schedule'
  | 'media.upload'
  | 'task.create'
  | 'task.update'
  | 'olympiad.create'
  | 'olympiad.update'
  | 'olympiad.delete'
  | 'club.create'
  | 'club.update'
  | 'club.attendance'
  | 'chat.delete'
  | 'chat.report'
  | 'chat.hide'
  | 'chat.keep'
  | 'chat.mute'
  | 'chat.unmute'
  | 'chat.slow'
  | 'chat.pin'
  | 'comment.delete'
  | 'homework.rate'
  | 'homework.rate.undo'
  | 'homework.claim.reassign'
  | 'certificate.criteria'
  | 'certificate.revoke'
  | 'learner.nudge'
  | 'account.deletion.request'
  | 'account.deletion.cancel'
  | 'account.delete'
  | 'two-step.setup'
  | 'two-step.on'
  | 'two-step.off'
  | 'two-step.codes'
  | 'two-step.sign-in'
  | 'two-step.refused'
  | 'expense.create'
  | 'expense.update'
  | 'expense.delete';
