import { z } from 'zod';
import { authorSchema, multiLine, pageQuerySchema, requiredText } from './common.js';
import { CHAT_TEXT_MAX } from './constants.js';
import { waveLabelSchema } from './courses.js';
import { fileFieldsSchema } from './homework.js';

export const chatMessageSchema = z
  .object({
    _id: z.string(),
    courseId: z.string(),
    wave: z.string(),
    text: z.string(),
    date: z.number(),
    editedAt: z.number().nullable(),
    sender: authorSchema,
    /** Shown by the sender's name: the movement's curator or admin; null for a learner (or a deleted account). */
    senderTitle: z.enum(['curator', 'admin']).nullable(),
    ...fileFieldsSchema.shape,
  })
  .meta({ id: 'Message' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  courseId: requiredText('Курс').min(1, 'Курс: обовʼязкове поле'),
  wave: waveLabelSchema,
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatHistoryQuerySchema = chatRoomSchema.extend({
  ...pageQuerySchema.shape,
  /** The anchor: the newest message's date on the first page; later pages never move with new messages. */
  firstMessageDate: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'firstMessageDate: має бути числом' }).int().nonnegative().optional(),
  ),
});
export type ChatHistoryQuery = z.input<typeof chatHistoryQuerySchema>;

export const chatHistorySchema = z
  .object({
    messages: z.array(chatMessageSchema),
    /** Only on page 1 without an anchor: the newest message's date, null in an empty room. */
    firstMessageDate: z.number().nullable().optional(),
  })
  .meta({ id: 'ChatHistory' });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

const chatText = multiLine('Повідомлення')
  .trim()
  .max(CHAT_TEXT_MAX, `Повідомлення: не більше ${CHAT_TEXT_MAX} символів`);

export const chatSendSchema = chatRoomSchema.extend({
  text: chatText.default(''),
  /** A link from `POST /api/chats/upload`, made for the sender; '' or absent when no file. */
  fileURL: z.string().max(2000).optional(),
  fileType: z.string().max(200).optional(),
  fileName: z.string().max(300).optional(),
});
export type ChatSend = z.input<typeof chatSendSchema>;

export const chatEditSchema = z.object({ messageId: requiredText('Повідомлення').min(1).max(64), text: chatText });
export type ChatEdit = z.input<typeof chatEditSchema>;

export const chatDeleteSchema = z.object({ messageId: requiredText('Повідомлення').min(1).max(64) });
export type ChatDelete = z.input<typeof chatDeleteSchema>;

/** Every client → server event is acknowledged with this. */
export type ChatAck = { ok: true; message?: ChatMessage } | { ok: false; message: string };

export interface ClientToServerEvents {
  'chat:join': (room: ChatRoom, ack: (result: ChatAck) => void) => void;
  'chat:leave': (room: ChatRoom, ack: (result: ChatAck) => void) => void;
  'chat:send': (message: ChatSend, ack: (result: ChatAck) => void) => void;
  'chat:edit': (edit: ChatEdit, ack: (result: ChatAck) => void) => void;
  'chat:delete': (target: ChatDelete, ack: (result: ChatAck) => void) => void;
}

export interface ServerToClientEvents {
  'chat:message': (message: ChatMessage) => void;
  'chat:updated': (message: ChatMessage) => void;
  'chat:deleted': (deleted: { _id: string }) => void;
  'notifications:count': (count: { countNotifications: number }) => void;
}

export const CHAT_MESSAGES = {
  notMember: 'Цей чат доступний лише учасникам хвилі курсу',
  notJoined: 'Спершу відкрийте чат курсу',
  empty: 'Повідомлення: напишіть текст або додайте файл',
  notFound: 'Повідомлення не знайдено',
  notYours: 'Змінювати повідомлення може лише його автор',
  cannotDelete: 'Видаляти повідомлення можуть лише автор і куратори',
  badFile: 'Файл не знайдено: завантажте його ще раз',
  noFile: 'Файл: оберіть файл для завантаження',
  tooManyRooms: 'Забагато відкритих чатів одночасно',
  tooFast: 'Ви надсилаєте повідомлення надто часто. Зачекайте трохи.',
  unauthorized: 'Увійдіть, щоб відкрити чат',
  failed: 'Не вдалося виконати дію. Спробуйте ще раз.',
} as const;
