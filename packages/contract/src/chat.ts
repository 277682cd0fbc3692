import { z } from 'zod';
import { authorSchema, multiLine, pageQuerySchema, requiredText, singleLine } from './common.js';
import { CHAT_REPORT_TEXT_MAX, CHAT_TEXT_MAX } from './constants.js';
import { waveLabelSchema } from './courses.js';
import { formatDateTime } from './dates.js';
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
    /**
     * Hidden by members' reports until a curator decides; only curators and its author receive it
     * then (others never do), shown as «Приховано до рішення куратора».
     */
    hidden: z.boolean().optional(),
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

/** Why a member reports a message: a few fixed reasons (the labels below), optionally in their own words. */
export const CHAT_REPORT_REASONS = {
  rude: 'Образа чи грубість',
  spam: 'Спам або реклама',
  offtopic: 'Не стосується курсу',
  personal: 'Особисті дані',
  other: 'Інше',
} as const;
export type ChatReportReason = keyof typeof CHAT_REPORT_REASONS;
const reportReasons = Object.keys(CHAT_REPORT_REASONS) as [ChatReportReason, ...ChatReportReason[]];

export const chatReportSchema = z.object({
  reason: z.enum(reportReasons, { error: 'Причина: оберіть одну зі списку' }),
  text: singleLine('Коментар')
    .max(CHAT_REPORT_TEXT_MAX, `Коментар: не більше ${CHAT_REPORT_TEXT_MAX} символів`)
    .default(''),
});
export type ChatReportInput = z.input<typeof chatReportSchema>;

/** How long a curator may mute a member, in minutes: 15 min, 1 h, 1 day, 1 week. */
export const CHAT_MUTE_MINUTES = [15, 60, 24 * 60, 7 * 24 * 60] as const;
/** Slow mode's choices, in seconds (0 turns it off). */
export const CHAT_SLOW_SECONDS = [0, 10, 30, 60, 300] as const;

const oneOf = <T extends number>(values: readonly T[], message: string) =>
  z.coerce
    .number({ error: message })
    .refine((value): value is T => values.includes(value as T), { error: message }) as unknown as z.ZodType<T>;

export const chatMuteSchema = chatRoomSchema.extend({
  userId: requiredText('Учасник').min(1, 'Учасник: обовʼязкове поле').max(64),
  minutes: oneOf(CHAT_MUTE_MINUTES, 'Тривалість: 15 хв, 1 год, 1 день або 1 тиждень'),
  reason: singleLine('Причина').min(1, 'Причина: обовʼязкове поле').max(200, 'Причина: не більше 200 символів'),
});
export type ChatMuteInput = z.input<typeof chatMuteSchema>;

export const chatUnmuteSchema = chatRoomSchema.extend({
  userId: requiredText('Учасник').min(1, 'Учасник: обовʼязкове поле').max(64),
});

export const chatSlowSchema = chatRoomSchema.extend({
  seconds: oneOf(CHAT_SLOW_SECONDS, 'Повільний режим: 10, 30, 60 або 300 секунд (0 — вимкнути)'),
});

export const chatPinSchema = chatRoomSchema.extend({
  /** The message to pin; null unpins. */
  messageId: z.string().min(1).max(64).nullable(),
});

export const chatMuteViewSchema = z.object({ until: z.number(), reason: z.string() });
export type ChatMuteView = z.infer<typeof chatMuteViewSchema>;

/** A room's moderation as one reader sees it: the pinned message, slow mode, their own mute. */
export const chatRoomStateSchema = z
  .object({
    courseId: z.string(),
    wave: z.string(),
    pinned: chatMessageSchema.nullable(),
    slowSeconds: z.number(),
    /** For this reader only; null when they may write. */
    mute: chatMuteViewSchema.nullable(),
    /** Under slow mode, when this reader may write again (null: now). */
    nextSendAt: z.number().nullable(),
  })
  .meta({ id: 'ChatRoomState' });
export type ChatRoomState = z.infer<typeof chatRoomStateSchema>;

/** What every member of the room is told when a curator changes its slow mode or pinned message. */
export type ChatRoomChange = Pick<ChatRoomState, 'courseId' | 'wave' | 'pinned' | 'slowSeconds'>;

export const chatReportedSchema = z
  .object({
    message: chatMessageSchema,
    courseTitle: z.string(),
    count: z.number(),
    reasons: z.array(
      z.object({
        reason: z.enum(reportReasons),
        text: z.string(),
        date: z.number(),
        reporter: authorSchema,
      }),
    ),
  })
  .meta({ id: 'ChatReported' });
export type ChatReported = z.infer<typeof chatReportedSchema>;
export const chatReportsSchema = z.object({ reports: z.array(chatReportedSchema) }).meta({ id: 'ChatReports' });
export type ChatReports = z.infer<typeof chatReportsSchema>;

/** The refusal a muted member gets, with why and until when (Kyiv time). */
export const mutedMessage = (mute: ChatMuteView) =>
  `Ви не можете писати в цьому чаті до ${formatDateTime(mute.until)}: ${mute.reason}`;
/** The refusal under slow mode, with the seconds left. */
export const slowMessage = (seconds: number) =>
  `Увімкнено повільний режим: наступне повідомлення можна надіслати через ${seconds} с`;

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
  /** Members' reports hid it: curators and its author mark it, everyone else drops it. */
  'chat:hidden': (hidden: { _id: string; courseId: string; wave: string }) => void;
  /** A curator kept a hidden message: it shows again, to those who lost it too. */
  'chat:shown': (message: ChatMessage) => void;
  /** A curator changed the room's slow mode or pinned message. */
  'chat:room': (room: ChatRoomChange) => void;
  /** To the member only: a curator muted (or, with null, unmuted) them in this room. */
  'chat:mute': (mute: { courseId: string; wave: string; mute: ChatMuteView | null }) => void;
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
  ownReport: 'Власне повідомлення оскаржувати не потрібно: його можна змінити чи видалити',
  reportedAlready: 'Ви вже поскаржилися на це повідомлення',
  tooManyReports: 'Забагато скарг поспіль. Зачекайте трохи.',
  notCurator: 'Це можуть робити лише куратори',
  staffNotMuted: 'Кураторів і адміністраторів не обмежують у чаті',
  notInRoom: 'Цей учасник не належить до чату хвилі',
  notReported: 'На це повідомлення немає відкритих скарг',
  pinHidden: 'Приховане повідомлення не можна закріпити',
} as const;
