import { z } from 'zod';
import { authorSchema, idSchema, multiLine, requiredText } from './common.js';
import { lessonIdSchema } from './courses.js';
import { MISTAKE_TAGS } from './mistakes.js';

export const HOMEWORK_MAX = 30_000;
export const COMMENT_MAX = 3_000;
/** What may be attached: images, PDF, audio and office documents, as told by their content. */
export const ACCEPTED_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/mp4',
  'audio/webm',
  'audio/aac',
  'audio/flac',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
] as const;

/** A file on a record: a short-lived signed URL, its type and original name; '' when absent. */
export const fileFieldsSchema = z.object({ fileURL: z.string(), fileType: z.string(), fileName: z.string() });
export type FileFields = z.infer<typeof fileFieldsSchema>;

export const mistakeTagSchema = z.enum(MISTAKE_TAGS, {
  error: `Мітки: лише ${MISTAKE_TAGS.join(', ')}`,
});

/** Tags as given: each of the set, at most once, in the set's order (so equal sets compare equal). */
export const mistakeTagsSchema = z
  .array(mistakeTagSchema, { error: 'Мітки: має бути списком' })
  .transform((tags) => MISTAKE_TAGS.filter((tag) => tags.includes(tag)));

/**
 * The tags field of a multipart form: ids separated by commas, '' for none; absent stays undefined
 * (an edit then keeps the comment's tags).
 */
export const mistakeTagsFieldSchema = z
  .string({ error: 'Мітки: має бути текстом' })
  .transform((value) => (value ? value.split(',').map((tag) => tag.trim()) : []))
  .pipe(mistakeTagsSchema)
  .optional();

export const commentSchema = z
  .object({
    _id: idSchema,
    author: authorSchema,
    comment: z.string(),
    date: z.number(),
    isRead: z.boolean(),
    /** The usual mistakes a curator named in it (links to their explanations); [] for most. */
    tags: z.array(mistakeTagSchema),
    ...fileFieldsSchema.shape,
    /** The caller's abilities (server policy): edit its text or file; delete it (its author, or moderation). */
    canEdit: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const exerciseSchema = z
  .object({
    _id: idSchema,
    courseId: z.string(),
    lessonId: z.string(),
    homework: z.string(),
    status: z.enum(['active', 'inactive']),
    rating: z.number().int().nullable(),
    owner: authorSchema.optional(),
    courseTitle: z.string().optional(),
    comments: z.array(commentSchema),
    ...fileFieldsSchema.shape,
    /** The caller's abilities (server policy): change the homework and its file; rate it. */
    canEdit: z.boolean(),
    canRate: z.boolean(),
    /** The course's target reply time (hours), told to the learner. */
    replyTargetHours: z.number().int(),
    /** Since when it waits for a curator; null when answered. */
    waitingSince: z.number().nullable(),
  })
  .meta({ id: 'Exercise' });
export type Exercise = z.infer<typeof exerciseSchema>;

export const exerciseQuerySchema = z.object({ courseId: requiredText('Курс'), lessonId: lessonIdSchema });
export const exerciseIdParamsSchema = z.object({ id: idSchema });

const homeworkText = multiLine('Домашнє завдання').max(
  HOMEWORK_MAX,
  `Домашнє завдання: не більше ${HOMEWORK_MAX} символів`,
);
const commentText = multiLine('Коментар').max(COMMENT_MAX, `Коментар: не більше ${COMMENT_MAX} символів`);

/** The text fields of the multipart bodies (the file travels beside them as `file`). */
export const createExerciseFieldsSchema = z.object({
  courseId: requiredText('Курс'),
  lessonId: lessonIdSchema,
  homework: homeworkText,
});
export const updateExerciseFieldsSchema = z.object({ exerciseId: requiredText('Завдання'), homework: homeworkText });
export const addCommentFieldsSchema = z.object({
  exerciseId: requiredText('Завдання'),
  comment: commentText,
  tags: mistakeTagsFieldSchema,
});
export const editCommentFieldsSchema = z.object({
  exerciseId: requiredText('Завдання'),
  commentId: requiredText('Коментар'),
  comment: commentText,
  tags: mistakeTagsFieldSchema,
});

// No component id: it is used as a query string too, which OpenAPI cannot reference.
export const exerciseRefSchema = z.object({ exerciseId: requiredText('Завдання') });
export const removeFileBodySchema = z
  .object({ exerciseId: requiredText('Завдання'), commentId: z.string().optional() })
  .meta({ id: 'RemoveFileBody' });
export const commentRefSchema = z.object({ exerciseId: requiredText('Завдання'), commentId: requiredText('Коментар') });
export const ratingBodySchema = z
  .object({
    exerciseId: requiredText('Завдання'),
    rating: z
      .number({ error: 'Оцінка: ціле число від 1 до 12' })
      .int('Оцінка: ціле число від 1 до 12')
      .min(1, 'Оцінка: ціле число від 1 до 12')
      .max(12, 'Оцінка: ціле число від 1 до 12'),
  })
  .meta({ id: 'RatingBody' });

export const notificationSchema = z.object({
  exerciseId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lessonId: z.string(),
  from: authorSchema,
  date: z.number(),
});
export type ExerciseNotification = z.infer<typeof notificationSchema>;
export const notificationsSchema = z
  .object({ notifications: z.array(notificationSchema), countNotifications: z.number().int() })
  .meta({ id: 'Notifications' });

export const HOMEWORK_MESSAGES = {
  notFound: 'Завдання не знайдено',
  exists: 'Домашнє завдання до цього уроку вже здано — відредагуйте його',
  commentNotFound: 'Коментар не знайдено',
  notYours: 'Це може робити лише автор',
  curatorsOnly: 'Оцінювати можуть лише куратори',
  tagsCuratorsOnly: 'Мітки помилок ставлять лише куратори до чужих робіт',
  emptyHomework: 'Домашнє завдання: напишіть відповідь або додайте файл',
  emptyComment: 'Коментар: напишіть текст або додайте файл',
  nothingToRate: 'Відповідь видалено — оцінювати нічого',
  noRatingToUndo: 'Цю оцінку вже не можна скасувати: її немає або її змінено',
  undoNotYours: 'Скасувати оцінку може лише куратор, який її поставив',
  undoTooLate: 'Оцінку вже не можна скасувати: минуло понад 10 секунд',
} as const;

/**
 * How long the curator who gave a rating may withdraw it (ms). Its notification reaches the learner
 * only after this, so a withdrawn rating is never told. `undoTooLate` names the same span.
 */
export const RATING_UNDO_MS = 10_000;

/** The answer to a rating's withdrawal: the homework's rating and status as they are again. */
export const ratingUndoneSchema = z.object({
  exerciseId: z.string(),
  rating: z.number().int().nullable(),
  status: z.enum(['active', 'inactive']),
});
export type RatingUndone = z.infer<typeof ratingUndoneSchema>;
