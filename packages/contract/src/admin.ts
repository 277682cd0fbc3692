import { z } from 'zod';
import { roleSchema } from './auth.js';
import { clubSchema } from './clubs.js';
import { INSTANT_MAX, idSchema, multiLine, requiredText, singleLine, tooLate } from './common.js';
import { lessonIdSchema, videoSchema, waveLabelSchema } from './courses.js';
import { pageQuerySchema } from './exercises.js';
import { authoredTaskSchema, TASK_POOLS, TASK_TOPICS, TASK_TYPES } from './game.js';
import { olympiadSchema } from './olympiads.js';
import { historyQuerySchema } from './payments.js';

/*
 * The admin and curator console (`/api/admin/...`). Everything here is for admins, except the
 * course overview (curators schedule lessons and announce waves, DOMAIN.md).
 */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

// ─── Users ──────────────────────────────────────────────────────────────────────────────────────

export const adminUserSchema = z
  .object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: roleSchema,
    createdAt: z.number(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = pageQuerySchema.extend({
  /** Part of a name or an email, any case. */
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Пошук: не більше 100 символів').optional()),
  role: z.preprocess(emptyToUndefined, roleSchema.optional()),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersSchema = z
  .object({ users: z.array(adminUserSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminUsers' });
export type AdminUsers = z.infer<typeof adminUsersSchema>;

export const adminUserDetailSchema = adminUserSchema
  .extend({
    enrollments: z.array(
      z.object({ courseId: z.string(), title: z.string(), wave: z.string(), enrolledAt: z.number() }),
    ),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const roleBodySchema = z.object({
  role: z.enum(['user', 'moderator', 'admin'], { error: 'Роль: user, moderator або admin' }),
});

// ─── Courses, waves, lessons ────────────────────────────────────────────────────────────────────

const isoDay = z.number({ error: 'Дата: вкажіть дату' }).int().nonnegative().max(INSTANT_MAX, tooLate('Дата'));

export const adminCourseSchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    starter: z.boolean(),
    position: z.number().int(),
    currentWave: z.string(),
    currentStart: z.number(),
    nextWave: z.string().nullable(),
    nextStart: z.number().nullable(),
    lessonCount: z.number().int(),
    learnerCount: z.number().int(),
  })
  .meta({ id: 'AdminCourse' });
export type AdminCourse = z.infer<typeof adminCourseSchema>;

export const adminCoursesSchema = z
  .object({ courses: z.array(adminCourseSchema), canAuthor: z.boolean() })
  .meta({ id: 'AdminCourses' });
export type AdminCourses = z.infer<typeof adminCoursesSchema>;

export const adminLessonSummarySchema = z.object({
  day: z.number().int(),
  theme: z.string(),
  /** When the lesson opens for the current wave (the curator's date, else the rule). */
  opensAt: z.number(),
  scheduledDate: z.number().nullable(),
});
export type AdminLessonSummary = z.infer<typeof adminLessonSummarySchema>;

export const adminCourseDetailSchema = adminCourseSchema
  .extend({ lessons: z.array(adminLessonSummarySchema), canAuthor: z.boolean() })
  .meta({ id: 'AdminCourseDetail' });
export type AdminCourseDetail = z.infer<typeof adminCourseDetailSchema>;

const title = singleLine('Назва').min(2, 'Назва: щонайменше 2 символи').max(200, 'Назва: не більше 200 символів');
const description = multiLine('Опис').trim().max(1000, 'Опис: не більше 1000 символів');

export const courseCreateBodySchema = z
  .object({
    title,
    /** The content folder's name: Latin lower case, digits and hyphens. */
    slug: requiredText('Код курсу').regex(
      /^[a-z0-9][a-z0-9-]{1,79}$/,
      'Код курсу: латинські малі літери, цифри й дефіс (2–80)',
    ),
    description: description.default(''),
    starter: z.boolean().default(false),
    waveLabel: waveLabelSchema,
    waveStart: isoDay,
  })
  .meta({ id: 'CourseCreateBody' });
export type CourseCreateBody = z.input<typeof courseCreateBodySchema>;

export const courseUpdateBodySchema = z
  .object({
    title,
    description: description.default(''),
    starter: z.boolean().default(false),
    position: z.number().int().min(-1000).max(1000).default(0),
    /** The current wave's start (fixing a mistake); the label stays. */
    currentStart: isoDay.optional(),
  })
  .meta({ id: 'CourseUpdateBody' });
export type CourseUpdateBody = z.input<typeof courseUpdateBodySchema>;

export const SELF_TEST_MAX_QUESTIONS = 50;

export const selfTestEditSchema = z
  .object({
    question: singleLine('Питання').min(1, 'Питання: обовʼязкове поле').max(500),
    options: z
      .array(singleLine('Варіант').min(1, 'Варіант: не може бути порожнім').max(300))
      .min(2, 'Питання: щонайменше 2 варіанти')
      .max(8, 'Питання: не більше 8 варіантів'),
    answer: z.number().int().min(0),
    explanation: multiLine('Пояснення').trim().max(1000).default(''),
  })
  .refine((q) => q.answer < q.options.length, { message: 'Питання: позначте правильний варіант', path: ['answer'] });

const mediaUrl = singleLine('Посилання')
  .max(500)
  .refine((url) => url.startsWith('/media/') || /^https:\/\/\S+$/.test(url), {
    message: 'Посилання: https://… або завантажений файл',
  });

/** A lesson as the editor holds it: Markdown sources (HTML inside is allowed, and sanitized). */
export const lessonEditSchema = z
  .object({
    theme: singleLine('Тема').min(1, 'Тема: обовʼязкове поле').max(200, 'Тема: не більше 200 символів'),
    image: z.union([z.literal(''), mediaUrl]).default(''),
    content: multiLine('Текст уроку').max(200_000, 'Текст уроку: задовгий').default(''),
    theory: multiLine('Теорія').max(200_000, 'Теорія: задовга').default(''),
    practice: multiLine('Практика').max(200_000, 'Практика: задовга').default(''),
    audio: z.array(mediaUrl).max(20, 'Аудіо: не більше 20').default([]),
    video: z
      .array(videoSchema.extend({ title: singleLine('Назва відео').max(200), url: mediaUrl }))
      .max(20, 'Відео: не більше 20')
      .default([]),
    test: z.array(selfTestEditSchema).max(SELF_TEST_MAX_QUESTIONS).default([]),
    diary: multiLine('Завдання щоденника').trim().max(1000, 'Завдання щоденника: не більше 1000 символів').default(''),
  })
  .meta({ id: 'LessonEdit' });
export type LessonEdit = z.infer<typeof lessonEditSchema>;
export type LessonEditBody = z.input<typeof lessonEditSchema>;

export const adminLessonSchema = lessonEditSchema.extend({ day: z.number().int() }).meta({ id: 'AdminLesson' });
export type AdminLesson = z.infer<typeof adminLessonSchema>;

export const lessonCreateBodySchema = z.object({
  theme: singleLine('Тема').min(1, 'Тема: обовʼязкове поле').max(200, 'Тема: не більше 200 символів'),
});

export const lessonOrderBodySchema = z
  .object({
    /** Every lesson's current day, in the new order: [3, 1, 2] makes lesson 3 the first. */
    days: z.array(z.number().int().min(1)).min(1).max(999),
  })
  .meta({ id: 'LessonOrderBody' });

export const adminCourseParamsSchema = z.object({ id: idSchema });
export const adminLessonParamsSchema = z.object({ id: idSchema, day: lessonIdSchema.transform(Number) });

export const previewBodySchema = z.object({ markdown: multiLine('Текст').max(200_000, 'Текст: задовгий') });
export const previewSchema = z.object({ html: z.string() });

export const mediaSchema = z
  .object({ url: z.string(), name: z.string(), mime: z.string(), size: z.number() })
  .meta({ id: 'CourseMedia' });
export type CourseMedia = z.infer<typeof mediaSchema>;

// ─── Game tasks ─────────────────────────────────────────────────────────────────────────────────

export const adminTaskSchema = z
  .object({ task: authoredTaskSchema, active: z.boolean(), updatedAt: z.number() })
  .meta({ id: 'AdminTask' });
export type AdminTask = z.infer<typeof adminTaskSchema>;

export const adminTasksQuerySchema = pageQuerySchema.extend({
  level: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(TASK_TYPES).optional()),
  topic: z.preprocess(emptyToUndefined, z.enum(TASK_TOPICS).optional()),
  pool: z.preprocess(emptyToUndefined, z.enum(TASK_POOLS).optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type AdminTasksQuery = z.input<typeof adminTasksQuerySchema>;

export const adminTasksSchema = z
  .object({ tasks: z.array(adminTaskSchema), totalPages: z.number().int(), total: z.number().int() })
  .meta({ id: 'AdminTasks' });
export type AdminTasks = z.infer<typeof adminTasksSchema>;

export const taskBodySchema = z.object({ task: authoredTaskSchema, active: z.boolean().default(true) });
export type TaskBody = z.input<typeof taskBodySchema>;
export const taskParamsSchema = z.object({ id: z.string().min(1).max(64) });

// ─── Olympiads and clubs ────────────────────────────────────────────────────────────────────────

export const adminOlympiadSchema = olympiadSchema
  .extend({ participants: z.number().int() })
  .meta({ id: 'AdminOlympiad' });
export type AdminOlympiad = z.infer<typeof adminOlympiadSchema>;
export const adminOlympiadsSchema = z
  .object({ olympiads: z.array(adminOlympiadSchema) })
  .meta({ id: 'AdminOlympiads' });
export type AdminOlympiads = z.infer<typeof adminOlympiadsSchema>;

export const adminClubsSchema = z.object({ clubs: z.array(clubSchema) }).meta({ id: 'AdminClubs' });
export type AdminClubs = z.infer<typeof adminClubsSchema>;

// ─── Payments ───────────────────────────────────────────────────────────────────────────────────

const payer = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const adminPaymentSchema = z.object({
  _id: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  user: payer,
  /** `pay`, `subscribe` (a subscription's first charge) or `regular`. */
  action: z.string(),
  amount: z.number(),
  date: z.number(),
  info: z.string(),
  cardMask: z.string(),
  /** When the provider reported the charge refunded. */
  reversedAt: z.number().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsQuerySchema = historyQuerySchema.extend({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentsSchema = z
  .object({ payments: z.array(adminPaymentSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminPayments' });
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;

export const monthTotalSchema = z.object({
  /** `yyyy-mm`, a Kyiv calendar month. */
  month: z.string(),
  count: z.number().int(),
  /** UAH of the charges that stand (refunds taken out). */
  amount: z.number(),
  refunded: z.number(),
  donors: z.number().int(),
});
export type MonthTotal = z.infer<typeof monthTotalSchema>;
export const monthTotalsSchema = z.object({ months: z.array(monthTotalSchema) }).meta({ id: 'PaymentMonthTotals' });
export type MonthTotals = z.infer<typeof monthTotalsSchema>;

export const adminSubscriptionSchema = z.object({
  orderId: z.string(),
  user: payer,
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'failed', 'subscribed', 'unsubscribed']),
  createdAt: z.number(),
  subscribedAt: z.number().nullable(),
  unsubscribedAt: z.number().nullable(),
  charges: z.number().int(),
  lastChargeAt: z.number().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(emptyToUndefined, z.enum(['subscribed', 'unsubscribed']).optional()),
});
export const adminSubscriptionsSchema = z
  .object({ subscriptions: z.array(adminSubscriptionSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminSubscriptions' });
export type AdminSubscriptions = z.infer<typeof adminSubscriptionsSchema>;

/**
 * Verified callbacks that moved nothing: unknown order, wrong currency or amount, a second charge
 * of a one-off order that was already paid, unreadable, after cancelling.
 */
export const UNMATCHED_OUTCOMES = [
  'unknown_order',
  'wrong_currency',
  'wrong_amount',
  'already_paid',
  'unreadable',
  'after_unsubscribe',
] as const;
export const unmatchedCallbackSchema = z.object({
  _id: z.string(),
  receivedAt: z.number(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  action: z.string().nullable(),
  status: z.string().nullable(),
  outcome: z.string(),
  /** The decoded `data`, for reconciliation by hand. */
  data: z.string(),
});
export type UnmatchedCallback = z.infer<typeof unmatchedCallbackSchema>;
export const unmatchedCallbacksSchema = z
  .object({ callbacks: z.array(unmatchedCallbackSchema), totalPages: z.number().int() })
  .meta({ id: 'UnmatchedCallbacks' });
export type UnmatchedCallbacks = z.infer<typeof unmatchedCallbacksSchema>;

// ─── Audit log ──────────────────────────────────────────────────────────────────────────────────

export const auditEntrySchema = z.object({
  _id: z.string(),
  date: z.number(),
  /** Null for the operator's command line. */
  actor: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  action: z.string(),
  /** What was changed, e.g. `course:<id>`. */
  target: z.string(),
  /** A short Ukrainian line for people. */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuerySchema.extend({
  action: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
});
export const auditLogSchema = z
  .object({ entries: z.array(auditEntrySchema), totalPages: z.number().int() })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof auditLogSchema>;

export const ADMIN_MESSAGES = {
  adminsOnly: 'Це можуть робити лише адміністратори',
  curatorsOnly: 'Це можуть робити лише куратори',
  userNotFound: 'Користувача не знайдено',
  lastAdmin: 'Не можна зняти роль з останнього адміністратора',
  rootAccount: 'Кореневий обліковий запис не змінюється',
  slugTaken: 'Курс із таким кодом уже існує',
  courseNotFound: 'Курс не знайдено',
  lessonNotFound: 'Урок не знайдено',
  lessonHasWork: 'Урок не можна видалити: учні вже здали домашні завдання чи щоденник',
  lastLesson: 'У курсі має лишитися хоча б один урок',
  badOrder: 'Порядок має містити кожен урок курсу рівно один раз',
  taskExists: 'Завдання з таким id уже існує',
  taskNotFound: 'Завдання не знайдено',
  taskIdMismatch: 'id завдання не можна змінити',
  olympiadStarted: 'Олімпіада вже почалася: її не можна змінити чи видалити',
  mediaType: 'Можна завантажити зображення (JPEG, PNG, WebP, GIF) або аудіо (MP3, OGG, WAV, M4A)',
  mediaTooLarge: 'Файл завеликий: не більше 50 МБ',
  noFile: 'Оберіть файл',
} as const;
