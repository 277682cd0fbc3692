import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGES,
  CHAT_REPORT_REASONS,
  type ChatHistory,
  type ChatMessage,
  type ChatReportInput,
  type ChatReports,
  type ChatRoom,
  type ChatRoomState,
  type FileFields,
  formatDateTime,
  mutedMessage,
  REPORTS_TO_HIDE,
  slowMessage,
} from '@yedyni/contract';
import { excerpt, writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, isUniqueViolation, needsRowLocks } from '../../infra/db/index.js';
import type { ChatMessageRow } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { AttemptLimiter } from '../../infra/rate-limit.js';
import type { Broadcaster, HeldRooms } from '../../infra/realtime.js';
import type { Actor } from '../auth/index.js';
import { FilesService, type StoredUpload } from '../files/index.js';
import {
  canBeMuted,
  canDeleteMessage,
  canEditMessage,
  canModerateRooms,
  canReportMessage,
  isModeration,
  isRoomMember,
  reportsMayHide,
  seesHidden,
  senderTitle,
  slowModeApplies,
} from './policy.js';
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
      /** Reports per member: enough for honest use, too few to flood the curators' queue. */
      reportLimiter: AttemptLimiter;
    },
  ) {}

  /** 403 unless the caller belongs to the room (an unknown course or wave belongs to nobody). */
  async assertMember(actor: Actor, room: ChatRoom, db: Executor = this.deps.db): Promise<void> {
    const { waveExists, enrolledWave } = await repo.roomAndEnrolment(db, actor.id, room.courseId, room.wave);
    const member = isRoomMember(actor, { wave: room.wave, exists: waveExists }, enrolledWave);
    if (!member) throw new AppError(403, CHAT_MESSAGES.notMember);
  }

  async history(
    actor: Actor,
    query: ChatRoom & { page: number; limit: number; firstMessageDate?: number | undefined },
  ): Promise<ChatHistory> {
    await this.assertMember(actor, query);
    const anchor = query.firstMessageDate;
    const rows = await repo.messagesPage(
      this.deps.db,
      query,
      { offset: (query.page - 1) * query.limit, limit: query.limit, anchor },
      canModerateRooms(actor) ? null : actor.id,
    );
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
        // The sender's row, locked first: two sends at once under slow mode take turns, so the
        // second sees the first's message (SQLite runs one transaction at a time anyway).
        if (needsRowLocks(this.deps.db)) {
          await trx.selectFrom('users').select('id').where('id', '=', actor.id).forUpdate().executeTakeFirst();
        }
        await this.assertMayWrite(trx, actor, input);
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
    // A hidden message reaches only its author: the room must not receive it again by an edit.
    if (updated.hidden) this.deps.broadcaster.toUser(actor.id, 'chat:updated', updated);
    else this.deps.broadcaster.toRoom(roomOf(updated), 'chat:updated', updated);
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
  private async auditDeletion(trx: Executor, actor: Actor, message: ChatMessageRow): Promise<void> {
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'chat.delete',
      target: `chat-message:${message.id}`,
      summary: await this.placeOf(trx, message),
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

  /** The room's pinned message, slow mode and the reader's own mute and slow-mode wait. */
  async roomState(actor: Actor, room: ChatRoom): Promise<ChatRoomState> {
    await this.assertMember(actor, room);
    const now = this.deps.clock.now();
    const [settings, mute, last] = await Promise.all([
      repo.roomSettings(this.deps.db, room),
      repo.activeMute(this.deps.db, room, actor.id, now),
      repo.lastMessageDate(this.deps.db, room, actor.id),
    ]);
    const slowSeconds = settings?.slow_seconds ?? 0;
    const nextSendAt =
      slowSeconds > 0 && slowModeApplies(actor) && last !== null && last + slowSeconds * 1000 > now
        ? last + slowSeconds * 1000
        : null;
    const pinned = await this.pinnedFor(actor, settings?.pinned_message_id ?? null);
    return {
      ...room,
      pinned,
      slowSeconds,
      mute: mute ? { until: Number(mute.until), reason: mute.reason } : null,
      nextSendAt,
    };
  }

  /** 403 while the member is muted in the room, 429 while slow mode holds them back. */
  private async assertMayWrite(trx: Executor, actor: Actor, room: ChatRoom): Promise<void> {
    const now = this.deps.clock.now();
    const mute = await repo.activeMute(trx, room, actor.id, now);
    if (mute) throw new AppError(403, mutedMessage({ until: Number(mute.until), reason: mute.reason }));
    if (!slowModeApplies(actor)) return;
    const slowSeconds = (await repo.roomSettings(trx, room))?.slow_seconds ?? 0;
    if (slowSeconds === 0) return;
    const last = await repo.lastMessageDate(trx, room, actor.id);
    if (last === null) return;
    const wait = last + slowSeconds * 1000 - now;
    if (wait > 0) throw new AppError(429, slowMessage(Math.ceil(wait / 1000)));
  }

  /**
   * A member reports someone else's message, once. The REPORTS_TO_HIDE-th member's report hides a
   * learner's message until a curator decides (docs/domain.md «Chat»).
   */
  async report(actor: Actor, messageId: string, input: { reason: ChatReportInput['reason']; text: string }) {
    await this.deps.reportLimiter.consume(actor.id);
    const message = await this.visibleMessage(actor, messageId);
    if (!canReportMessage(actor, message)) throw new AppError(400, CHAT_MESSAGES.ownReport);
    const now = this.deps.clock.now();
    let hidden = false;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('chat_reports')
          .values({
            message_id: messageId,
            reporter_id: actor.id,
            reason: input.reason,
            text: input.text,
            created_at: now,
          })
          .execute();
        const where = await this.placeOf(trx, message);
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'chat.report',
          target: `chat-message:${messageId}`,
          summary: `${CHAT_REPORT_REASONS[input.reason]}: ${where}${input.text ? `; «${excerpt(input.text)}»` : ''}`,
          details: { reason: input.reason, text: input.text, senderId: message.sender_id },
          now,
        });
        if (message.hidden_at !== null || (await repo.reportCount(trx, messageId)) < REPORTS_TO_HIDE) return;
        const [sender] = await repo.rolesOf(trx, [message.sender_id]);
        if (!reportsMayHide({ id: message.sender_id, role: sender?.role ?? null })) return;
        await trx.updateTable('chat_messages').set({ hidden_at: now }).where('id', '=', messageId).execute();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'chat.hide',
          target: `chat-message:${messageId}`,
          summary: `Приховано після ${REPORTS_TO_HIDE} скарг: ${where}`,
          details: { senderId: message.sender_id, courseId: message.course_id, wave: message.wave },
          now,
        });
        hidden = true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, CHAT_MESSAGES.reportedAlready);
      throw error;
    }
    if (hidden) {
      this.deps.broadcaster.toRoom(roomOf({ courseId: message.course_id, wave: message.wave }), 'chat:hidden', {
        _id: messageId,
        courseId: message.course_id,
        wave: message.wave,
      });
    }
    return { hidden };
  }

  /** The curators' queue: open reports grouped by message, the most reported first. */
  async reports(actor: Actor): Promise<ChatReports> {
    if (!canModerateRooms(actor)) throw new AppError(403, CHAT_MESSAGES.notCurator);
    const rows = await repo.openReports(this.deps.db);
    const ids = [...new Set(rows.map((r) => r.message_id))];
    const views = new Map(
      (await inSlices(ids, (slice) => repo.messageViewsByIds(this.deps.db, slice))).map((v) => [v.id, v]),
    );
    const grouped = new Map<string, ChatReports['reports'][number]>();
    for (const row of rows) {
      const view = views.get(row.message_id);
      if (!view) continue;
      const entry = grouped.get(row.message_id) ?? {
        message: this.viewOf(view),
        courseTitle: row.course_title,
        count: 0,
        reasons: [],
      };
      entry.count += 1;
      entry.reasons.push({
        reason: row.reason,
        text: row.text,
        date: Number(row.created_at),
        reporter: { _id: row.reporter_id, first_name: row.first_name, last_name: row.last_name },
      });
      grouped.set(row.message_id, entry);
    }
    return { reports: [...grouped.values()].sort((a, b) => b.count - a.count) };
  }

  /** «Залишити»: a curator clears the message's reports; hidden, it shows again to everyone. */
  async keep(actor: Actor, messageId: string): Promise<ChatMessage> {
    if (!canModerateRooms(actor)) throw new AppError(403, CHAT_MESSAGES.notCurator);
    const message = await this.visibleMessage(actor, messageId);
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const cleared = await trx.deleteFrom('chat_reports').where('message_id', '=', messageId).executeTakeFirst();
      if (Number(cleared.numDeletedRows) === 0) throw new AppError(400, CHAT_MESSAGES.notReported);
      await trx.updateTable('chat_messages').set({ hidden_at: null }).where('id', '=', messageId).execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'chat.keep',
        target: `chat-message:${messageId}`,
        summary: `Залишено (${Number(cleared.numDeletedRows)} скарг знято): ${await this.placeOf(trx, message)}`,
        details: { senderId: message.sender_id, reports: Number(cleared.numDeletedRows) },
        now,
      });
    });
    const shown = await this.view(messageId);
    // Those who lost it while hidden receive it again: the room's clients place it by its date.
    this.deps.broadcaster.toRoom(roomOf(shown), 'chat:shown', shown);
    return shown;
  }

  /** A curator mutes a member of the room for a while, with a reason the member is shown. */
  async mute(actor: Actor, input: ChatRoom & { userId: string; minutes: number; reason: string }) {
    if (!canModerateRooms(actor)) throw new AppError(403, CHAT_MESSAGES.notCurator);
    await this.assertMember(actor, input);
    const [target] = await repo.rolesOf(this.deps.db, [input.userId]);
    const enrolment = await repo.enrolledWave(this.deps.db, input.userId, input.courseId);
    if (target && !canBeMuted(target)) throw new AppError(400, CHAT_MESSAGES.staffNotMuted);
    if (!target || enrolment?.wave !== input.wave) throw new AppError(400, CHAT_MESSAGES.notInRoom);
    const now = this.deps.clock.now();
    const mute = { until: now + input.minutes * 60_000, reason: input.reason };
    await this.deps.db.transaction().execute(async (trx) => {
      const values = { ...mute, muted_by: actor.id };
      await trx
        .insertInto('chat_mutes')
        .values({ course_id: input.courseId, wave: input.wave, user_id: input.userId, ...values })
        .onConflict((oc) => oc.columns(['course_id', 'wave', 'user_id']).doUpdateSet(values))
        .execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'chat.mute',
        target: `user:${input.userId}`,
        summary: `${await this.nameOf(trx, input.userId)}, ${await this.roomName(trx, input)}: до ${formatDateTime(mute.until)}, «${excerpt(input.reason)}»`,
        details: { ...input },
        now,
      });
    });
    this.deps.broadcaster.toUser(input.userId, 'chat:mute', { courseId: input.courseId, wave: input.wave, mute });
    return mute;
  }

  async unmute(actor: Actor, input: ChatRoom & { userId: string }): Promise<void> {
    if (!canModerateRooms(actor)) throw new AppError(403, CHAT_MESSAGES.notCurator);
    await this.assertMember(actor, input);
    await this.deps.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('chat_mutes')
        .where('course_id', '=', input.courseId)
        .where('wave', '=', input.wave)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'chat.unmute',
        target: `user:${input.userId}`,
        summary: `${await this.nameOf(trx, input.userId)}, ${await this.roomName(trx, input)}`,
        details: { ...input },
        now: this.deps.clock.now(),
      });
    });
    this.deps.broadcaster.toUser(input.userId, 'chat:mute', { courseId: input.courseId, wave: input.wave, mute: null });
  }

  /** Slow mode: one message per `seconds` per member (0 turns it off). */
  async setSlowMode(actor: Actor, room: ChatRoom, seconds: number): Promise<ChatRoomState> {
    if (!canModerateRooms(actor)) throw new AppError(403, CHAT_MESSAGES.notCurator);
    await this.assertMember(actor, room);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.setRoomSettings(trx, room, { slow_seconds: seconds });
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'chat.slow',
        target: `chat-room:${room.courseId}:${room.wave}`,
        summary: `${await this.roomName(trx, room)}: ${seconds > 0 ? `одне повідомлення на ${seconds} с` : 'вимкнено'}`,
        details: { ...room, seconds },
        now: this.deps.clock.now(),
      });
    });
    return this.roomChanged(actor, room);
  }

  /** Pins one message of the room for everyone (another replaces it); null unpins. */
  async pin(actor: Actor, room: ChatRoom, messageId: string | null): Promise<ChatRoomState> {
    if (!canModerateRooms(actor)) throw new AppError(403, CHAT_MESSAGES.notCurator);
    await this.assertMember(actor, room);
    const message = messageId ? await repo.findMessage(this.deps.db, messageId) : null;
    if (messageId && (!message || message.course_id !== room.courseId || message.wave !== room.wave)) {
      throw new AppError(404, CHAT_MESSAGES.notFound);
    }
    if (message && message.hidden_at !== null) throw new AppError(400, CHAT_MESSAGES.pinHidden);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.setRoomSettings(trx, room, { pinned_message_id: messageId });
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'chat.pin',
        target: `chat-room:${room.courseId}:${room.wave}`,
        summary: `${await this.roomName(trx, room)}: ${message ? `закріплено «${excerpt(message.text || 'файл')}»` : 'відкріплено'}`,
        details: { ...room, messageId },
        now: this.deps.clock.now(),
      });
    });
    return this.roomChanged(actor, room);
  }

  /** Tells the room its new slow mode and pinned message, and answers the curator with the state. */
  private async roomChanged(actor: Actor, room: ChatRoom): Promise<ChatRoomState> {
    const state = await this.roomState(actor, room);
    this.deps.broadcaster.toRoom(roomOf(room), 'chat:room', {
      courseId: room.courseId,
      wave: room.wave,
      pinned: state.pinned,
      slowSeconds: state.slowSeconds,
    });
    return state;
  }

  private async pinnedFor(actor: Actor, messageId: string | null): Promise<ChatMessage | null> {
    if (!messageId) return null;
    const row = await repo.findMessageView(this.deps.db, messageId);
    if (!row || (row.hidden_at !== null && !seesHidden(actor, row))) return null;
    return this.viewOf(row);
  }

  private async nameOf(db: Executor, userId: string): Promise<string> {
    const person = await repo.personOf(db, userId);
    return person ? `${person.first_name} ${person.last_name}` : 'видалений користувач';
  }

  private async roomName(db: Executor, room: ChatRoom): Promise<string> {
    const course = await repo.courseTitle(db, room.courseId);
    return `«${course?.title ?? room.courseId}», хвиля ${room.wave}`;
  }

  /** Whose message, where, and what it says: for audit lines. */
  private async placeOf(db: Executor, message: ChatMessageRow): Promise<string> {
    const what = message.text ? `«${excerpt(message.text)}»` : 'файл';
    return `${await this.nameOf(db, message.sender_id)}, ${await this.roomName(db, { courseId: message.course_id, wave: message.wave })}: ${what}`;
  }

  /**
   * The message if the caller is a member of its room (and, hidden, one who still sees it); 404 for
   * anyone else, whatever the id.
   */
  private async visibleMessage(actor: Actor, messageId: string): Promise<ChatMessageRow> {
    const message = await repo.findMessage(this.deps.db, messageId);
    if (!message || (message.hidden_at !== null && !seesHidden(actor, message))) {
      throw new AppError(404, CHAT_MESSAGES.notFound);
    }
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
      hidden: row.hidden_at !== null,
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
