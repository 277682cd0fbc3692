import { randomUUID } from 'node:crypto';
import { REPLY_MESSAGES, type SavedReply, type savedReplyBodySchema, storedMistakeTags } from '@yedyni/contract';
import type { z } from 'zod';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canEditReply, canSeeReply, usesSavedReplies } from './policy.js';
import { visibleReplies } from './repo.js';

type ReplyFields = z.output<typeof savedReplyBodySchema>;
type ReplyRow = Awaited<ReturnType<ReturnType<typeof visibleReplies>['executeTakeFirstOrThrow']>>;

/**
 * Saved replies (docs/domain.md «Saved replies and mistake tags»): a curator's own, private ones
 * and the shared ones every curator sees. Another curator's private reply is told not to exist.
 */
export class RepliesService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private allowed(actor: Actor): void {
    if (!usesSavedReplies(actor)) throw new AppError(403, REPLY_MESSAGES.curatorsOnly);
  }

  /** Mine first, then the shared ones; each group by title. */
  async list(actor: Actor): Promise<{ replies: SavedReply[] }> {
    this.allowed(actor);
    const rows = await visibleReplies(this.deps.db, actor.id)
      .orderBy('saved_replies.title')
      .orderBy('saved_replies.id')
      .execute();
    const replies = rows.map((row) => replyOf(actor, row));
    return { replies: [...replies.filter((r) => r.mine), ...replies.filter((r) => !r.mine)] };
  }

  async create(actor: Actor, fields: ReplyFields): Promise<SavedReply> {
    this.allowed(actor);
    const id = randomUUID();
    const now = this.deps.clock.now();
    await this.deps.db
      .insertInto('saved_replies')
      .values({ id, author_id: actor.id, ...columns(fields), created_at: now, updated_at: now })
      .execute();
    return this.one(actor, id);
  }

  async update(actor: Actor, id: string, fields: ReplyFields): Promise<SavedReply> {
    await this.editable(actor, id);
    await this.deps.db
      .updateTable('saved_replies')
      .set({ ...columns(fields), updated_at: this.deps.clock.now() })
      .where('id', '=', id)
      .execute();
    return this.one(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<{ replyId: string }> {
    await this.editable(actor, id);
    await this.deps.db.deleteFrom('saved_replies').where('id', '=', id).execute();
    return { replyId: id };
  }

  private async editable(actor: Actor, id: string): Promise<void> {
    this.allowed(actor);
    const row = await this.deps.db
      .selectFrom('saved_replies')
      .select(['author_id', 'shared'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !canSeeReply(actor, row)) throw new AppError(404, REPLY_MESSAGES.notFound);
    if (!canEditReply(actor, row)) throw new AppError(403, REPLY_MESSAGES.notYours);
  }

  private async one(actor: Actor, id: string): Promise<SavedReply> {
    const row = await visibleReplies(this.deps.db, actor.id).where('saved_replies.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(404, REPLY_MESSAGES.notFound);
    return replyOf(actor, row);
  }
}

function columns(fields: ReplyFields) {
  return {
    title: fields.title,
    text: fields.text,
    tags: JSON.stringify(fields.tags),
    shared: fields.shared ? 1 : 0,
  };
}

function replyOf(actor: Actor, row: ReplyRow): SavedReply {
  return {
    _id: row.id,
    title: row.title,
    text: row.text,
    tags: storedMistakeTags(row.tags),
    shared: row.shared === 1,
    authorName: `${row.first_name} ${row.last_name}`.trim(),
    mine: row.author_id === actor.id,
    canEdit: canEditReply(actor, row),
    updatedAt: row.updated_at,
  };
}
