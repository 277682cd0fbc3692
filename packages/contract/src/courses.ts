import { z } from 'zod';
import { INSTANT_MAX, idSchema, requiredText, tooLate } from './common.js';

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
  /** The caller's wave when enrolled, else the wave a new learner would join. */
  wave: z.string(),
  start: z.number(),
  enrolled: z.boolean(),
  lessonsTotal: z.number().int(),
  lessonsOpen: z.number().int(),
  /** Lessons with a diary entry. */
  lessonsDone: z.number().int(),
});
export const courseListSchema = z.object({ courses: z.array(courseListItemSchema) }).meta({ id: 'CourseList' });
export type CourseListItem = z.infer<typeof courseListItemSchema>;

export const courseIdParamsSchema = z.object({ id: idSchema });
export const lessonParamsSchema = z.object({ id: idSchema, lessonId: lessonIdSchema });

const instantOrNull = z
  .number({ error: 'Дата: вкажіть час у мілісекундах' })
  .int()
  .min(0)
  .max(INSTANT_MAX, tooLate('Дата'))
  .nullable();

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
     * True for the first complete attempt, whose score is kept in the diary and joins the
     * footprint; a retake is scored for the learner to see, and adds nothing.
     */
    counted: z.boolean(),
    /** The right option of each question, revealed once the learner has answered every one. */
    correct: z.array(z.number().int()),
    explanations: z.array(z.string()),
  })
  .meta({ id: 'SelfTestResult' });
export type SelfTestResult = z.infer<typeof selfTestResultSchema>;

/** What to do today: the next lesson of each of my courses and diary entries still to write. */
export const todaySchema = z
  .object({
    courses: z.array(
      z.object({
        _id: idSchema,
        title: z.string(),
        wave: z.string(),
        nextLesson: z
          .object({ day: z.string(), theme: z.string(), opensAt: z.number(), isOpen: z.boolean() })
          .nullable(),
        diaryMissing: z.array(z.object({ day: z.string(), theme: z.string() })),
        lessonsTotal: z.number().int(),
        lessonsDone: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Today' });
export type Today = z.infer<typeof todaySchema>;

export const COURSE_MESSAGES = {
  notFound: 'Курс не знайдено',
  notMember: 'Цей курс доступний лише його учасникам. Приєднайтеся до курсу на сторінці «Курси».',
  lessonNotFound: 'Урок не знайдено',
  nextStartInPast: 'Наступна хвиля: дата старту має бути в майбутньому',
  waveTaken: 'Наступна хвиля: цей номер уже використано',
  selfTestIncomplete: 'Тест: дайте відповідь на кожне питання, тоді його буде перевірено',
} as const;
