import { z } from 'zod';
import { INSTANT_MAX, idSchema, liberal, multiLine, requiredText, singleLine, spellings, tooLate } from './common.js';
import { LESSON_LIMITS as LIMIT } from './constants.js';
import { replyTargetHoursSchema } from './review.js';

/** A lesson is named by its day: "3" (a number is accepted too). */
export const lessonIdSchema = z
  .union([z.string(), z.number()], { error: 'Урок: вкажіть номер дня' })
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,2}$/, 'Урок: вкажіть номер дня'));

/** Wave labels are strings such as "29". */
export const waveLabelSchema = z
  .union([z.string(), z.number()], { error: 'Хвиля: вкажіть номер' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[0-9A-Za-zА-Яа-яІіЇїЄєҐґ-]{1,20}$/u, 'Хвиля: від 1 до 20 літер або цифр'));

export const videoSchema = z.object({ title: z.string(), url: z.string() });

/** A self-test question as the learner sees it: the right answer stays on the server. */
export const selfTestQuestionSchema = z.object({ text: z.string(), options: z.array(z.string()) });

export const lessonSchema = z
  .object({
    day: z.string(),
    theme: z.string(),
    image: z.string(),
    /** URL of the sanitized HTML, fetched as text with the Bearer token; 403 while closed. */
    content: z.string(),
    theory: z.string(),
    practice: z.string(),
    audio: z.array(z.string()),
    video: z.array(videoSchema),
    test: z.object({ questions: z.array(selfTestQuestionSchema) }),
    diary: z.string(),
    scheduledDate: z.number().nullable(),
    opensAt: z.number(),
    isOpen: z.boolean(),
  })
  .meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof lessonSchema>;

export const courseSchema = z
  .object({
    _id: idSchema,
    title: z.string(),
    description: z.string(),
    /** The caller's own wave; for curators the current one. */
    wave: z.string(),
    /** Start of that wave. */
    start: z.number(),
    currentWave: z.string(),
    nextWave: z.string().nullable(),
    nextStart: z.number().nullable(),
    /** Whether the caller may schedule lessons and announce waves. */
    canManage: z.boolean(),
    /** The caller may moderate the course's chat rooms (delete anyone's message): server policy. */
    canModerateChat: z.boolean(),
    lessons: z.array(lessonSchema),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof courseSchema>;

export const courseListItemSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  /** The caller's wave when enrolled, else the wave a join without a choice takes. */
  wave: z.string(),
  start: z.number(),
  enrolled: z.boolean(),
  /**
   * The waves the caller may choose when joining, earliest first (`joinableWaves`): the running
   * one while it is young, and the announced next one. Empty once enrolled.
   */
  joinWaves: z.array(
    z.object({ wave: z.string(), start: z.number(), joinUntil: z.number().nullable() }).meta({ id: 'WaveChoice' }),
  ),
  lessonsTotal: z.number().int(),
  lessonsOpen: z.number().int(),
  /** Lessons with a diary entry. */
  lessonsDone: z.number().int(),
});
export const courseListSchema = z.object({ courses: z.array(courseListItemSchema) }).meta({ id: 'CourseList' });
export type CourseListItem = z.infer<typeof courseListItemSchema>;

export const courseIdParamsSchema = z.object({ id: idSchema });
export const lessonParamsSchema = z.object({ id: idSchema, lessonId: lessonIdSchema });

/** An instant in ms, or an ISO 8601 text of it (`2026-09-01T09:00:00+03:00`, `2026-09-01`: Kyiv midnight). */
const instantOrNull = liberal(
  spellings.instant,
  z.number({ error: 'Дата: вкажіть час у мілісекундах' }).int().min(0).max(INSTANT_MAX, tooLate('Дата')).nullable(),
);

/**
 * `POST /api/courses/{id}/enroll`. Without a body (or without `wave`) it keeps its first meaning:
 * the announced next wave if there is one, else the current wave. With `wave`, that wave, if it is
 * one of the course's `joinWaves`.
 */
export const enrollBodySchema = z
  .object({ wave: waveLabelSchema.optional() })
  // A POST without a body reaches the validator as null.
  .nullish()
  .meta({ id: 'EnrollBody' });
export type EnrollBody = z.input<typeof enrollBodySchema>;

export const nextWaveBodySchema = z
  .object({
    courseId: requiredText('Курс'),
    nextWave: waveLabelSchema.nullable(),
    nextStart: instantOrNull,
  })
  .refine((b) => (b.nextWave === null) === (b.nextStart === null), {
    error: 'Наступна хвиля: вкажіть і номер, і дату старту (або приберіть обидва, щоб скасувати оголошення)',
  })
  .meta({ id: 'NextWaveBody' });
export const nextWaveAnswerSchema = z.object({
  _id: idSchema,
  nextWave: z.string().nullable(),
  nextStart: z.number().nullable(),
});

export const lessonDateBodySchema = z
  .object({ courseId: requiredText('Курс'), lessonId: lessonIdSchema, scheduledDate: instantOrNull })
  .meta({ id: 'LessonDateBody' });
export const lessonDateAnswerSchema = z.object({ lessonId: z.string(), scheduledDate: z.number().nullable() });

export const selfTestBodySchema = z
  .object({
    answers: z.array(z.number().int().min(0).max(20).nullable(), { error: 'Тест: надішліть відповіді' }).max(50),
  })
  .meta({ id: 'SelfTestBody' });
export const selfTestResultSchema = z
  .object({
    score: z.number().int().min(0).max(10),
    /**
     * True for the first scored attempt, whose score is kept in the diary and joins the
     * footprint; a retake is scored for the learner to see, and adds nothing.
     */
    counted: z.boolean(),
    /** The right option of each question, revealed once an attempt is scored. */
    correct: z.array(z.number().int()),
    explanations: z.array(z.string()),
  })
  .meta({ id: 'SelfTestResult' });
export type SelfTestResult = z.infer<typeof selfTestResultSchema>;

/**
 * What to do today in each of my courses: the next lesson and diary entries still to write. Home's
 * answer adds the daily habit to it (`todaySchema`, habit.ts), so that this module's users do not
 * carry the habit's schemas.
 */
export const todayCoursesSchema = z.object({
  courses: z.array(
    z.object({
      _id: idSchema,
      title: z.string(),
      wave: z.string(),
      nextLesson: z.object({ day: z.string(), theme: z.string(), opensAt: z.number(), isOpen: z.boolean() }).nullable(),
      diaryMissing: z.array(z.object({ day: z.string(), theme: z.string() })),
      lessonsTotal: z.number().int(),
      lessonsDone: z.number().int(),
    }),
  ),
});

export const COURSE_MESSAGES = {
  notFound: 'Курс не знайдено',
  notMember: 'Цей курс доступний лише його учасникам. Приєднайтеся до курсу на сторінці «Курси».',
  lessonNotFound: 'Урок не знайдено',
  nextStartInPast: 'Наступна хвиля: дата старту має бути в майбутньому',
  waveTaken: 'Наступна хвиля: цей номер уже використано',
  waveUnknown: 'Хвиля: у цього курсу такої хвилі немає',
  waveClosed: (wave: string, days: number) =>
    `Хвиля ${wave}: приєднатися можна лише протягом перших ${days} днів або до оголошеної наступної хвилі. Оновіть сторінку й оберіть хвилю.`,
  /** A self-test sent with no answer at all: it is not a result (docs/domain.md). */
  selfTestBlank: 'Тест: оберіть відповідь хоча б на одне питання, тоді його буде перевірено',
} as const;

// ─── Console (`/api/admin/courses`): courses, waves, lessons ─────────────────────────────────────

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
    /** The reply time curators aim at for its homework (hours). */
    replyTargetHours: z.number().int(),
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
    /** The target reply time for its homework (hours); unchanged when missing. */
    replyTargetHours: replyTargetHoursSchema.optional(),
  })
  .meta({ id: 'CourseUpdateBody' });
export type CourseUpdateBody = z.input<typeof courseUpdateBodySchema>;

export const SELF_TEST_MAX_QUESTIONS = 50;

export const selfTestEditSchema = z
  .object({
    question: singleLine('Питання').min(1, 'Питання: обовʼязкове поле').max(LIMIT.question),
    options: z
      .array(singleLine('Варіант').min(1, 'Варіант: не може бути порожнім').max(LIMIT.option))
      .min(2, 'Питання: щонайменше 2 варіанти')
      .max(8, 'Питання: не більше 8 варіантів'),
    answer: z.number().int().min(0),
    explanation: multiLine('Пояснення').trim().max(LIMIT.explanation).default(''),
  })
  .refine((q) => q.answer < q.options.length, { message: 'Питання: позначте правильний варіант', path: ['answer'] });

const mediaUrl = singleLine('Посилання')
  .max(LIMIT.mediaUrl)
  .refine((url) => url.startsWith('/media/') || /^https:\/\/\S+$/.test(url), {
    message: 'Посилання: https://… або завантажений файл',
  });

/** A lesson as the editor holds it: Markdown sources (HTML inside is allowed, and sanitized). */
export const lessonEditSchema = z
  .object({
    theme: singleLine('Тема')
      .min(1, 'Тема: обовʼязкове поле')
      .max(LIMIT.theme, `Тема: не більше ${LIMIT.theme} символів`),
    image: z.union([z.literal(''), mediaUrl]).default(''),
    content: multiLine('Текст уроку').max(LIMIT.text, 'Текст уроку: задовгий').default(''),
    theory: multiLine('Теорія').max(LIMIT.text, 'Теорія: задовга').default(''),
    practice: multiLine('Практика').max(LIMIT.text, 'Практика: задовга').default(''),
    audio: z.array(mediaUrl).max(20, 'Аудіо: не більше 20').default([]),
    video: z
      .array(videoSchema.extend({ title: singleLine('Назва відео').max(LIMIT.videoTitle), url: mediaUrl }))
      .max(20, 'Відео: не більше 20')
      .default([]),
    test: z.array(selfTestEditSchema).max(SELF_TEST_MAX_QUESTIONS).default([]),
    diary: multiLine('Завдання щоденника')
      .trim()
      .max(LIMIT.diary, `Завдання щоденника: не більше ${LIMIT.diary} символів`)
      .default(''),
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

/** What the course console answers with. */
export const COURSE_ADMIN_MESSAGES = {
  slugTaken: 'Курс із таким кодом уже існує',
  courseNotFound: 'Курс не знайдено',
  lessonNotFound: 'Урок не знайдено',
  lessonHasWork: 'Урок не можна видалити: учні вже здали домашні завдання чи щоденник',
  lastLesson: 'У курсі має лишитися хоча б один урок',
  badOrder: 'Порядок має містити кожен урок курсу рівно один раз',
  mediaType: 'Можна завантажити зображення (JPEG, PNG, WebP, GIF) або аудіо (MP3, OGG, WAV, M4A)',
  mediaTooLarge: 'Файл завеликий: не більше 50 МБ',
  noFile: 'Оберіть файл',
} as const;
