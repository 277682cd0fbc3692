import { z } from 'zod';
import { idSchema, multiLine, singleLine } from './common.js';
import { COMMENT_MAX, mistakeTagSchema, mistakeTagsSchema } from './homework.js';

export const REPLY_TITLE_MAX = 80;

/**
 * A curator's saved reply: a comment written once and inserted into many, with the mistakes it
 * names. Private to its author, or shared with every curator (docs/domain.md «Saved replies»).
 */
export const savedReplySchema = z
  .object({
    _id: idSchema,
    title: z.string(),
    text: z.string(),
    tags: z.array(mistakeTagSchema),
    shared: z.boolean(),
    /** Whose it is; the caller's own ones come first in the list. */
    authorName: z.string(),
    mine: z.boolean(),
    /** The caller's abilities (server policy): change or delete it. */
    canEdit: z.boolean(),
    updatedAt: z.number(),
  })
  .meta({ id: 'SavedReply' });
export type SavedReply = z.infer<typeof savedReplySchema>;

export const savedRepliesSchema = z.object({ replies: z.array(savedReplySchema) }).meta({ id: 'SavedReplies' });

export const savedReplyBodySchema = z
  .object({
    title: singleLine('Назва')
      .min(1, 'Назва: обовʼязкове поле')
      .max(REPLY_TITLE_MAX, `Назва: не більше ${REPLY_TITLE_MAX} символів`),
    // The same rules as the comment it becomes.
    text: multiLine('Текст')
      .refine((text) => text.trim() !== '', 'Текст: обовʼязкове поле')
      .refine((text) => text.length <= COMMENT_MAX, `Текст: не більше ${COMMENT_MAX} символів`),
    tags: mistakeTagsSchema.default([]),
    shared: z.boolean({ error: 'Спільна: так або ні' }).default(false),
  })
  .meta({ id: 'SavedReplyBody' });
export type SavedReplyBody = z.input<typeof savedReplyBodySchema>;

export const savedReplyParamsSchema = z.object({ id: idSchema });

export const REPLY_MESSAGES = {
  curatorsOnly: 'Шаблони відповідей — лише для кураторів',
  notFound: 'Шаблон не знайдено',
  notYours: 'Змінювати чи видаляти шаблон може лише його автор або адміністратор',
} as const;
