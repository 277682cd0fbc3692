import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGES, type ChatHistory, type ChatMessage, type ChatRoom, type FileFields } from '@yedyni/contract';
import { excerpt, writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import type { ChatMessagesTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { AttemptLimiter } from '../../infra/rate-limit.js';
import type { Broadcaster, HeldRooms } from '../../infra/realtime.js';
import type { Actor } from '../auth/index.js';
import { FilesService, type StoredUpload } from '../files/index.js';
import { canDeleteMessage, canEditMessage, isModeration, isRoomMember, senderTitle } from './policy.js';
import * as repo from './repo.js';

/** An upload no message took is kept this long (a learner may still be typing), then swept. */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The Socket.IO room of a course wave. */
export const roomOf = (room: ChatRoom) => `chat:${room.courseId}:${room.wave}`;

/** The course wave of a Socket.IO room name, or null for rooms that are not a chat's. */
export function chatRoomOf(name: string): ChatRoom | null {
  // A wave label has no colon (waveLabelSchema); a course id might.
  const split = name.lastIndexOf(':');
  if (!name.startsWith('chat:') || split <= 'chat:'.length) return null;
  return { courseId: name.slice('chat:'.length, split), wave: name.slice(split + 1) };
}

export interface ChatSendInput extends ChatRoom {
  text: string;
  fileURL?: string | undefined;
}

/**
 * One room per course wave: its history, and sending, editing and deleting messages. Every
 * change is committed first and then told to the room's sockets (on every instance).
 */
export class ChatService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      files: FilesService;
      broadcaster: Broadcaster;
      sendLimiter: AttemptLimiter;
      /**
       * Edits and deletions together, per user: each is broadcast to the room like a message, so
       * they are held to as many a minute as sending (a budget of their own, so fixing a typo
       * never costs the next message).
       */
      changeLimiter: AttemptLimiter;
    },
  ) {}

  /** 403 unless the caller belongs to the room (an unknown course or wave belongs to nobody). */
  async assertMember(actor: Actor, room: ChatRoom, db: Executor = this.deps.db): Promise<void> {
    const [wave, enrolment] = await Promise.all([
      repo.waveExists(db, room.courseId, room.wave),
      repo.enrolledWave(db, actor.id, room.courseId),
    ]);
    const member = isRoomMember(actor, { wave: room.wave, exists: Boolean(wave) }, enrolment?.wave ?? null);
    if (!member) throw new AppError(403, CHAT_MESSAGES.notMember);
  }

  async history(
    actor: Actor,
    query: ChatRoom & { page: number; limit: number; firstMessageDate?: number | undefined },
  ): Promise<ChatHistory> {
    await this.assertMember(actor, query);
    const anchor = query.firstMessageDate;
    const rows = await repo.messagesPage(this.deps.db, query, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
      anchor,
    });
    const messages = rows.map((row) => this.viewOf(row));
    if (anchor !== undefined || query.page !== 1) return { messages };
    return { messages, firstMessageDate: rows[0]?.date ?? null };
  }

  /** Where a form's file from `actor` goes: their files, within their quota and upload rate. */
  fileReceiver(actor: Actor) {
    return this.deps.files.receiver(actor.id);
  }

  /** Keeps an upload for a message still to be sent; only its uploader may attach it. */
  async upload(actor: Actor, upload: StoredUpload): Promise<FileFields> {
    const fileId = await this.deps.files.withFile(upload, async (trx, stored) => ({
      result: stored ? await this.deps.files.record(trx, stored, actor.id, 'chat') : '',
      dropKeys: [],
    }));
    return (await this.deps.files.fields(this.deps.db, [fileId])).get(fileId) ?? FilesService.none();
  }

  async send(actor: Actor, input: ChatSendInput): Promise<ChatMessage> {
    await this.deps.sendLimiter.consume(actor.id);
    const text = input.text.trim();
    const fileId = input.fileURL ? this.deps.files.linkedFileId(input.fileURL) : null;
    if (input.fileURL && !fileId) throw new AppError(400, CHAT_MESSAGES.badFile);
    if (!text && !fileId) throw new AppError(400, CHAT_MESSAGES.empty);
    await this.assertMember(actor, input);

    const id = randomUUID();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        if (fileId) {
          const file = await trx
            .selectFrom('files')
            .select('id')
            .where('id', '=', fileId)
            .where('owner_id', '=', actor.id)
            .where('purpose', '=', 'chat')
            .executeTakeFirst();
          if (!file) throw new AppError(400, CHAT_MESSAGES.badFile);
        }
        await trx
          .insertInto('chat_messages')
          .values({
            id,
            course_id: input.courseId,
            wave: input.wave,
            sender_id: actor.id,
            text,
            file_id: fileId,
            date: this.deps.clock.now(),
            edited_at: null,
          })
          .execute();
      });
    } catch (error) {
      // The same upload sent twice: it already belongs to the first message.
      if (isUniqueViolation(error)) throw new AppError(400, CHAT_MESSAGES.badFile);
      throw error;
    }
    const message = await this.view(id);
    this.deps.broadcaster.toRoom(roomOf(input), 'chat:message', message);
    return message;
  }

  async edit(actor: Actor, messageId: string, text: string): Promise<ChatMessage> {
    await this.deps.changeLimiter.consume(actor.id);
    const message = await this.visibleMessage(actor, messageId);
    if (!canEditMessage(actor, message)) throw new AppError(403, CHAT_MESSAGES.notYours);
    const trimmed = text.trim();
    if (!trimmed && !message.file_id) throw new AppError(400, CHAT_MESSAGES.empty);
    await this.deps.db
      .updateTable('chat_messages')
      .set({ text: trimmed, edited_at: this.deps.clock.now() })
      .where('id', '=', messageId)
      .execute();
    const updated = await this.view(messageId);
    this.deps.broadcaster.toRoom(roomOf(updated), 'chat:updated', updated);
    return updated;
  }

  async remove(actor: Actor, messageId: string): Promise<{ _id: string }> {
    await this.deps.changeLimiter.consume(actor.id);
    const message = await this.visibleMessage(actor, messageId);
    if (!canDeleteMessage(actor, message)) throw new AppError(403, CHAT_MESSAGES.cannotDelete);
    await this.deps.files.withFile(undefined, async (trx) => {
      await trx.deleteFrom('chat_messages').where('id', '=', messageId).execute();
      if (isModeration(actor, message)) await this.auditDeletion(trx, actor, message);
      return { result: null, dropKeys: await this.deps.files.forget(trx, [message.file_id]) };
    });
    this.deps.broadcaster.toRoom(roomOf({ courseId: message.course_id, wave: message.wave }), 'chat:deleted', {
      _id: messageId,
    });
    return { _id: messageId };
  }

  /**
   * After a role or an enrolment changed: the sockets of that user, or of everyone in that wave's
   * room, leave the chat rooms they may no longer be in, on every instance.
   */
  async recheckRooms(target: { userId: string } | { room: ChatRoom }): Promise<void> {
    await this.deps.broadcaster.recheckRooms('userId' in target ? target : { room: roomOf(target.room) }, (held) =>
      this.refusedRooms(held),
    );
  }

  /** Of the chat rooms these users' sockets hold, those each may no longer be in (by isRoomMember). */
  async refusedRooms(held: HeldRooms): Promise<HeldRooms> {
    const { db } = this.deps;
    const wanted = [...held].flatMap(([userId, rooms]) =>
      [...rooms].flatMap((name) => {
        const room = chatRoomOf(name);
        return room ? [{ userId, name, room }] : [];
      }),
    );
    const refused: HeldRooms = new Map();
    if (wanted.length === 0) return refused;
    const userIds = [...new Set(wanted.map((w) => w.userId))];
    const courseIds = [...new Set(wanted.map((w) => w.room.courseId))];
    const [roles, enrolments, waves] = await Promise.all([
      inSlices(userIds, (ids) => repo.rolesOf(db, ids)),
      inSlices(userIds, (ids) => repo.enrolmentsOf(db, ids, courseIds)),
      inSlices(courseIds, (ids) => repo.wavesOf(db, ids)),
    ]);
    const roleOf = new Map(roles.map((r) => [r.id, r.role]));
    const enrolled = new Map(enrolments.map((e) => [`${e.user_id}\n${e.course_id}`, e.wave]));
    const existing = new Set(waves.map((w) => roomOf({ courseId: w.course_id, wave: w.label })));
    for (const { userId, name, room } of wanted) {
      const role = roleOf.get(userId);
      const member =
        role !== undefined &&
        isRoomMember(
          { id: userId, role },
          { wave: room.wave, exists: existing.has(name) },
          enrolled.get(`${userId}\n${room.courseId}`) ?? null,
        );
      if (!member) refused.set(userId, (refused.get(userId) ?? new Set()).add(name));
    }
    return refused;
  }

  /** Removes uploads that no message took within a day; returns how many. */
  async sweepUnclaimedUploads(): Promise<number> {
    const rows = await repo.unclaimedUploads(this.deps.db, this.deps.clock.now() - UNCLAIMED_UPLOAD_TTL_MS);
    if (rows.length === 0) return 0;
    await this.deps.files.withFile(undefined, async (trx) => ({
      result: null,
      dropKeys: await this.deps.files.forget(
        trx,
        rows.map((r) => r.id),
      ),
    }));
    return rows.length;
  }

  /** A curator deleted someone else's message: who, whose, where and what, kept with the deletion. */
  private async auditDeletion(trx: Executor, actor: Actor, message: ChatMessagesTable): Promise<void> {
    const [sender, course] = await Promise.all([
      repo.personOf(trx, message.sender_id),
      repo.courseTitle(trx, message.course_id),
    ]);
    const whose = sender ? `${sender.first_name} ${sender.last_name}` : 'видалений користувач';
    const what = message.text ? `«${excerpt(message.text)}»` : 'файл';
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'chat.delete',
      target: `chat-message:${message.id}`,
      summary: `${whose}, «${course?.title ?? message.course_id}», хвиля ${message.wave}: ${what}`,
      details: {
        senderId: message.sender_id,
        courseId: message.course_id,
        wave: message.wave,
        text: message.text,
        fileId: message.file_id,
      },
      now: this.deps.clock.now(),
    });
  }

  /** The message if the caller is a member of its room; 404 for anyone else, whatever the id. */
  private async visibleMessage(actor: Actor, messageId: string): Promise<ChatMessagesTable> {
    const message = await repo.findMessage(this.deps.db, messageId);
    if (!message) throw new AppError(404, CHAT_MESSAGES.notFound);
    try {
      await this.assertMember(actor, { courseId: message.course_id, wave: message.wave });
    } catch {
      throw new AppError(404, CHAT_MESSAGES.notFound);
    }
    return message;
  }

  private async view(messageId: string): Promise<ChatMessage> {
    const row = await repo.findMessageView(this.deps.db, messageId);
    if (!row) throw new AppError(404, CHAT_MESSAGES.notFound);
    return this.viewOf(row);
  }

  /** the contract's `chatMessageSchema` for a stored row, with its sender and signed file link. */
  private viewOf(row: repo.MessageView): ChatMessage {
    return {
      _id: row.id,
      courseId: row.course_id,
      wave: row.wave,
      text: row.text,
      date: row.date,
      editedAt: row.edited_at,
      sender: { _id: row.sender_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
      senderTitle: senderTitle({ id: row.sender_id, role: row.sender_role }),
      ...(row.file_id && row.file_mime !== null && row.file_name !== null
        ? this.deps.files.fieldsOf({ id: row.file_id, mime: row.file_mime, name: row.file_name })
        : FilesService.none()),
    };
  }
}

/** Runs a lookup by a list of ids a few hundred at a time: thousands of sockets, not one huge statement. */
async function inSlices<T>(ids: string[], lookup: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < ids.length; i += 500) found.push(...(await lookup(ids.slice(i, i + 500))));
  return found;
}
