import { randomUUID } from 'node:crypto';
import {
  kyivDayRange,
  kyivIsoDate,
  kyivParts,
  NOTIFICATION_MESSAGES,
  type NotificationCategory,
  type NotificationItem,
  type NotificationList,
  type NotificationPreferences,
  type PushPayload,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import type { Mailer } from '../../infra/mail.js';
import type { Broadcaster } from '../../infra/realtime.js';
import type { Actor } from '../auth/index.js';
import { type AttachmentSource, type EmailContent, type MadeAttachment, renderMail } from './mail.js';
import { canReadNotification } from './policy.js';
import { afterQuietHours, allows, readPreferences, withAccountMail } from './preferences.js';
import * as repo from './repo.js';
import { UnsubscribeTokens } from './unsubscribe.js';

/** Something a person is told about; `key` makes the same event for the same person one notification. */
export interface NotificationEvent {
  userId: string;
  category: NotificationCategory;
  key: string;
  title: string;
  body: string;
  /** A path inside the app (`/uk/…`). */
  link: string;
  /** What it is about (`exercise:<id>`): opening that thing marks it read. */
  subject?: string;
  /** Who caused it, when a person did. */
  actorId?: string;
  /** Without it the event sends no e-mail. */
  email?: EmailContent;
  /** The e-mail waits this long (and, for homework, goes only if the notification is still unread). */
  emailDelayMs?: number;
  /** Past this instant nothing is sent (a reminder of something already over). */
  expiresAt?: number;
  /**
   * Held this long before anyone is told (a rating its curator may still withdraw): the row counts
   * from then (`created_at`), and every delivery waits for it. `withdraw` takes it back meanwhile.
   */
  holdMs?: number;
}

/** The push channel (infra/push.ts and the push subscriptions, built apart); absent: no push deliveries. */
export interface PushDeliverer {
  deliver(
    userId: string,
    payload: PushPayload,
    options: { ttlSeconds: number; topic: string; urgency: 'normal' | 'high' },
  ): Promise<unknown>;
}

export interface LessonRef {
  courseId: string;
  courseTitle: string;
  day: string;
  theme: string;
}

/** What the digests need from other domains; the composition root supplies it, so this imports none. */
export interface NotificationSources {
  /** A learner's lessons opened today, and opened lessons without a diary entry. */
  learnerDay(userId: string, now: number): Promise<{ opened: LessonRef[]; diaryMissing: LessonRef[] }>;
  /** Homework waiting for a curator since before `before`. */
  waitingHomework(before: number): Promise<number>;
  /** The badge's part that is no notification row: homework waiting for this reviewer. */
  badgeExtra(actor: Actor): Promise<number>;
}

export const DELIVER_JOB = 'notifications.deliver';
export const TICK_JOB = 'notifications.tick';
/** Of a day's tick, digests are made in the first minutes of their hour (a missed tick or two is caught up). */
const DIGEST_MINUTES = 5;
const HOUR_MS = 60 * 60 * 1000;
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A pending delivery queued this long ago lost its job (all retries span about two hours): queue it again. */
const REQUEUE_AFTER_MS = 6 * HOUR_MS;
/**
 * Digests made side by side: each learner's is a handful of small queries (their courses, diary,
 * unread homework, then the notification's transaction), so on PostgreSQL several at once use
 * the pool instead of waiting on each round trip (bench/README.md «The morning digest»).
 * SQLite runs them one at a time on its single connection, as before.
 */
const DIGEST_CONCURRENCY = 8;
/** Deliveries queued per tick at most; the rest wait for the next minute. */
const QUEUE_BATCH = 5_000;

/**
 * Notifications (docs/domain.md «Notifications»): a feature calls `notify` inside its own
 * transaction; the row and its deliveries (the outbox) commit or vanish with the event. Jobs then
 * send each delivery by e-mail or push, at least once at the wire, under an idempotency key.
 */
export class NotificationService {
  private readonly tokens: UnsubscribeTokens;
  private readonly host: string;
  private readonly tickSources: { name: string; run: (now: number) => Promise<unknown> }[] = [];
  private readonly attachmentSources = new Map<string, AttachmentSource>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: JobQueue;
      mailer: Mailer;
      broadcaster: Broadcaster;
      log: FastifyBaseLogger;
      publicUrl: string;
      secret: string;
      sources: NotificationSources;
      reviewDigestAfterHours: number;
      /** A delivery held this long by a sender that went quiet may be taken by another (ms). */
      leaseMs: number;
      /** Attempts at one delivery before it is marked failed. */
      maxAttempts: number;
      push?: PushDeliverer;
    },
  ) {
    this.tokens = new UnsubscribeTokens(deps.secret);
    this.host = new URL(deps.publicUrl).hostname;
    deps.jobs.work(DELIVER_JOB, (data) => this.deliver(String(data.deliveryId)));
    deps.jobs.work(TICK_JOB, async () => {
      await this.tick();
    });
    deps.jobs.everyMinute(TICK_JOB);
  }

  /** Records the event for its recipient and queues its deliveries, in the caller's transaction. */
  async notify(trx: Executor, event: NotificationEvent): Promise<boolean> {
    const now = this.deps.clock.now();
    const told = now + (event.holdMs ?? 0);
    const id = randomUUID();
    const inserted = await repo.insertNotification(trx, {
      id,
      user_id: event.userId,
      category: event.category,
      key: event.key,
      title: event.title,
      body: event.body,
      link: event.link,
      subject: event.subject ?? null,
      actor_id: event.actorId ?? null,
      email: event.email ? JSON.stringify(event.email) : null,
      created_at: told,
      read_at: null,
    });
    if (!inserted) return false;
    const preferences = readPreferences(await repo.storedPreferences(trx, event.userId));
    const channels: { channel: 'email' | 'push'; at: number }[] = [];
    if (event.email) channels.push({ channel: 'email', at: told + (event.emailDelayMs ?? 0) });
    if (this.deps.push) channels.push({ channel: 'push', at: told });
    for (const { channel, at } of channels) {
      if (!allows(preferences, event.category, channel)) continue;
      const due = afterQuietHours(preferences, event.category, at);
      if (event.expiresAt !== undefined && due > event.expiresAt) continue;
      const deliveryId = randomUUID();
      await trx
        .insertInto('notification_deliveries')
        .values({
          id: deliveryId,
          notification_id: id,
          channel,
          status: 'pending',
          due_at: due,
          expires_at: event.expiresAt ?? null,
          queued_at: due <= now ? now : null,
          attempts: 0,
          lease_until: null,
          last_error: null,
          sent_at: null,
        })
        .execute();
      // Later ones are queued by the tick when due: their time follows the app's clock.
      if (due <= now) await this.deps.jobs.send(trx, DELIVER_JOB, { deliveryId });
    }
    return true;
  }

  /**
   * Takes back a held notification (`holdMs`) before it is told: the row and its deliveries go, in
   * the caller's transaction. True when there was one.
   */
  async withdraw(trx: Executor, userId: string, key: string): Promise<boolean> {
    const row = await trx
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('notification_deliveries').where('notification_id', '=', row.id).execute();
    await trx.deleteFrom('notifications').where('id', '=', row.id).execute();
    return true;
  }

  /** Queues the deliveries whose time has come (a delayed mail, the end of quiet hours). */
  async queueDue(): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const due = await db
      .selectFrom('notification_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('due_at', '<=', now)
      // Not queued yet; or queued so long ago that its job is gone (a restore, a lost job).
      .where((eb) => eb.or([eb('queued_at', 'is', null), eb('queued_at', '<', now - REQUEUE_AFTER_MS)]))
      .orderBy('due_at')
      .limit(QUEUE_BATCH)
      .execute();
    let queued = 0;
    for (const { id } of due) {
      const taken = await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('notification_deliveries')
          .set({ queued_at: now })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('queued_at', 'is', null), eb('queued_at', '<', now - REQUEUE_AFTER_MS)]))
          .executeTakeFirst();
        if (marked.numUpdatedRows !== 1n) return false;
        await this.deps.jobs.send(trx, DELIVER_JOB, { deliveryId: id });
        return true;
      });
      if (taken) queued += 1;
    }
    return queued;
  }

  /** Sends one delivery (a job): claimed first, so a retry or a second instance never sends it twice. */
  async deliver(deliveryId: string): Promise<void> {
    const { db, clock } = this.deps;
    if (!(await repo.claimDelivery(db, deliveryId, Date.now(), this.deps.leaseMs))) {
      const row = await db
        .selectFrom('notification_deliveries')
        .select('status')
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      // Held by a sender whose lease has not run out yet: try again later, it may have died.
      if (row?.status === 'sending') throw new Error(`delivery ${deliveryId} is held by another sender`);
      return;
    }
    const found = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .leftJoin('notification_preferences as p', 'p.user_id', 'n.user_id')
      .select([
        'd.channel',
        'd.attempts',
        'd.expires_at',
        'n.id',
        'n.user_id',
        'n.category',
        'n.title',
        'n.body',
        'n.link',
        'n.email',
        'n.read_at',
        'u.email as address',
        'u.first_name',
        'p.preferences',
      ])
      .where('d.id', '=', deliveryId)
      .executeTakeFirst();
    if (!found) return;
    const preferences = readPreferences(found.preferences ?? undefined);
    const skip =
      (found.expires_at !== null && clock.now() > found.expires_at) ||
      !allows(preferences, found.category, found.channel) ||
      // Homework mail is for what was not seen in the app meanwhile.
      (found.channel === 'email' && found.category === 'homework' && found.read_at !== null);
    if (skip) {
      await repo.finishDelivery(db, deliveryId, { status: 'skipped' });
      return;
    }
    try {
      if (found.channel === 'email') {
        if (!found.email) throw new Error('an e-mail delivery without its mail');
        const token = this.tokens.sign(found.user_id, found.category);
        const unsubscribeUrl = `${this.deps.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
        const content = JSON.parse(found.email) as EmailContent;
        const attachments = await this.attachmentsOf(found.user_id, content);
        const mail = renderMail({
          firstName: found.first_name,
          content,
          category: found.category,
          link: this.deps.publicUrl + found.link,
          unsubscribeUrl,
          settingsUrl: `${this.deps.publicUrl}/uk/notifications/settings`,
        });
        await this.deps.mailer.send({
          to: found.address,
          ...mail,
          messageId: `<${found.id}@${this.host}>`,
          ...(attachments.length > 0 ? { attachments } : {}),
          headers:
            found.category === 'account'
              ? {}
              : { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      } else {
        if (!this.deps.push) throw new Error('push is not configured');
        await this.deps.push.deliver(
          found.user_id,
          { title: found.title, body: found.body, link: found.link, tag: found.id },
          { ttlSeconds: PUSH_TTL_SECONDS, topic: found.id.replaceAll('-', ''), urgency: 'normal' },
        );
      }
    } catch (error) {
      const message = String(error instanceof Error ? error.message : error).slice(0, 2000);
      if (found.attempts >= this.deps.maxAttempts) {
        await repo.finishDelivery(db, deliveryId, { status: 'failed', last_error: message });
        this.deps.log.error({ err: error, deliveryId }, 'notification delivery failed for good');
        return;
      }
      await db
        .updateTable('notification_deliveries')
        .set({ status: 'pending', lease_until: null, last_error: message })
        .where('id', '=', deliveryId)
        .execute();
      throw error;
    }
    await repo.finishDelivery(db, deliveryId, { status: 'sent', sent_at: clock.now() });
  }

  /** The badge: unread rows, plus what waits for a reviewer. */
  async badge(actor: Actor, db: Executor = this.deps.db): Promise<number> {
    const now = this.deps.clock.now();
    const [rows, extra] = await Promise.all([repo.unreadCount(db, actor.id, now), this.deps.sources.badgeExtra(actor)]);
    return rows + extra;
  }

  /** Tells the person's open tabs the new badge; best effort (the badge also reloads on navigation). */
  countChanged(actor: Actor): void {
    this.badge(actor).then(
      (countNotifications) => this.deps.broadcaster.toUser(actor.id, 'notifications:count', { countNotifications }),
      (error: unknown) => this.deps.log.warn({ err: error }, 'notification count push failed'),
    );
  }

  async list(actor: Actor, page: number, limit: number): Promise<NotificationList> {
    const rows = await repo.listOf(this.deps.db, actor.id, this.deps.clock.now(), limit, (page - 1) * limit);
    const notifications: NotificationItem[] = rows.map((r) => ({
      _id: r.id,
      category: r.category,
      title: r.title,
      body: r.body,
      link: r.link,
      date: r.created_at,
      read: r.read_at !== null,
    }));
    return { notifications, countNotifications: await this.badge(actor) };
  }

  /** Marks some (only the caller's own: another's id changes nothing) or all read. */
  async markRead(actor: Actor, which: { ids: string[] } | { all: true }): Promise<{ countNotifications: number }> {
    const { db, clock } = this.deps;
    let ids: string[] | undefined;
    if ('ids' in which) {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'user_id'])
        .where('id', 'in', which.ids)
        .execute();
      ids = rows.filter((r) => canReadNotification(actor, r)).map((r) => r.id);
    }
    if (!ids || ids.length) {
      let update = db
        .updateTable('notifications')
        .set({ read_at: clock.now() })
        .where('user_id', '=', actor.id)
        .where('read_at', 'is', null)
        // One still held was never shown: «all read» does not cover it.
        .where('created_at', '<=', clock.now());
      if (ids) update = update.where('id', 'in', ids);
      await update.execute();
    }
    const countNotifications = await this.badge(actor);
    this.deps.broadcaster.toUser(actor.id, 'notifications:count', { countNotifications });
    return { countNotifications };
  }

  /** Opening a thing (a homework) marks what was about it read. */
  async markSubjectRead(db: Executor, userId: string, subject: string): Promise<void> {
    await db
      .updateTable('notifications')
      .set({ read_at: this.deps.clock.now() })
      .where('user_id', '=', userId)
      .where('subject', '=', subject)
      .where('read_at', 'is', null)
      .execute();
  }

  /** Unread notifications of a category that are about something, newest first (the spec's homework list). */
  unreadAbout(userId: string, category: NotificationCategory) {
    return (
      this.deps.db
        .selectFrom('notifications')
        .select(['subject', 'actor_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('category', '=', category)
        .where('read_at', 'is', null)
        .where('subject', 'is not', null)
        // Not one still held (a rating that may yet be withdrawn).
        .where('created_at', '<=', this.deps.clock.now())
        .orderBy('created_at', 'desc')
        .execute()
    );
  }

  async preferences(actor: Actor): Promise<NotificationPreferences> {
    return readPreferences(await repo.storedPreferences(this.deps.db, actor.id));
  }

  async savePreferences(actor: Actor, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    const saved = withAccountMail(preferences);
    await repo.savePreferences(this.deps.db, actor.id, JSON.stringify(saved), this.deps.clock.now());
    return saved;
  }

  /** One-click unsubscribe: the signed token names the person and the category; no sign-in. */
  async unsubscribe(token: string): Promise<{ category: NotificationCategory; email: string }> {
    const { db, clock } = this.deps;
    const who = this.tokens.verify(token);
    if (!who) throw new AppError(400, NOTIFICATION_MESSAGES.badUnsubscribeToken);
    if (who.category === 'account') throw new AppError(400, NOTIFICATION_MESSAGES.accountMailStays);
    return db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('email').where('id', '=', who.userId).executeTakeFirst();
      if (!user) throw new AppError(400, NOTIFICATION_MESSAGES.badUnsubscribeToken);
      const current = readPreferences(await repo.storedPreferences(trx, who.userId));
      const categories = {
        ...current.categories,
        [who.category]: { ...current.categories[who.category], email: false },
      };
      await repo.savePreferences(trx, who.userId, JSON.stringify({ ...current, categories }), clock.now());
      return { category: who.category, email: user.email };
    });
  }

  /** The minute's work (one instance of the cluster): the digests whose hour it is. */
  async tick(): Promise<{ queued: number; lessons: number; review: number }> {
    const now = this.deps.clock.now();
    await this.runTickSources(now);
    const queued = await this.queueDue();
    const { hour, minute } = kyivParts(now);
    if (minute >= DIGEST_MINUTES) return { queued, lessons: 0, review: 0 };
    const date = kyivIsoDate(now);
    const lessons = await this.lessonDigests(now, hour, date);
    const review = await this.reviewDigests(now, hour, date);
    return { queued, lessons, review };
  }

  /**
   * A feature's reminders, made each minute on one instance (a club tomorrow, a charge in three
   * days): `run` calls `notify` itself, in its own transactions, under keys that make a second run
   * of the same minute (or a caught-up one) tell nobody twice. The composition root registers them.
   */
  addTickSource(name: string, run: (now: number) => Promise<unknown>): void {
    this.tickSources.push({ name, run });
  }

  /**
   * A feature's mail attachments of one kind (a payment's receipt): made at sending from the
   * reference the notification keeps, so no file waits in the database and a retry makes it again.
   */
  addAttachmentSource(kind: string, make: AttachmentSource): void {
    this.attachmentSources.set(kind, make);
  }

  private async attachmentsOf(userId: string, content: EmailContent): Promise<MadeAttachment[]> {
    const made: MadeAttachment[] = [];
    for (const ref of content.attachments ?? []) {
      const make = this.attachmentSources.get(ref.kind);
      // A mail is not sent without what it promises: retried, then failed with this error.
      if (!make) throw new Error(`no attachment source for ${ref.kind}`);
      const file = await make(userId, ref.id);
      if (file) made.push(file);
    }
    return made;
  }

  /** Each of these people's digest hour (Kyiv): when a day-before reminder is told. */
  async digestHours(userIds: string[]): Promise<Map<string, number>> {
    const hours = new Map<string, number>();
    // Bound values stay under SQLite's limit.
    for (let i = 0; i < userIds.length; i += 500) {
      const ids = userIds.slice(i, i + 500);
      const rows = await this.deps.db
        .selectFrom('notification_preferences')
        .select(['user_id', 'preferences'])
        .where('user_id', 'in', ids)
        .execute();
      const stored = new Map(rows.map((r) => [r.user_id, r.preferences]));
      for (const id of ids) hours.set(id, readPreferences(stored.get(id)).digestHour);
    }
    return hours;
  }

  /**
   * Of these people, those who have no `key` notification yet and keep `category` on in at least
   * one channel: a feature's reminder (the streak's) asks before computing anything for them.
   */
  async reachable(userIds: string[], category: NotificationCategory, key: string): Promise<string[]> {
    const reached: string[] = [];
    // Bound values stay under SQLite's limit.
    for (let i = 0; i < userIds.length; i += 500) {
      const ids = userIds.slice(i, i + 500);
      const rows = await this.deps.db
        .selectFrom('users as u')
        .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
        .leftJoin('notifications as n', (join) => join.onRef('n.user_id', '=', 'u.id').on('n.key', '=', key))
        .select(['u.id', 'p.preferences'])
        .where('u.id', 'in', ids)
        .where('n.id', 'is', null)
        .execute();
      for (const row of rows) {
        const switches = readPreferences(row.preferences ?? undefined).categories[category];
        if (switches.inApp || switches.email || switches.push) reached.push(row.id);
      }
    }
    return reached;
  }

  private async runTickSources(now: number): Promise<void> {
    for (const source of this.tickSources) {
      // One source failing does not keep the others (or the next minute) from running.
      await source.run(now).catch((error: unknown) => {
        this.deps.log.error({ err: error, source: source.name }, 'notification reminders failed');
      });
    }
  }

  /** People of these roles whose digest hour is `hour` and who have no `key` notification yet. */
  private async digestRecipients(roles: string[], hour: number, key: string) {
    const rows = await this.deps.db
      .selectFrom('users as u')
      .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
      .leftJoin('notifications as n', (join) => join.onRef('n.user_id', '=', 'u.id').on('n.key', '=', key))
      .select(['u.id', 'u.role', 'u.first_name', 'p.preferences'])
      .where('u.role', 'in', roles as never[])
      .where('u.password_hash', '!=', '')
      .where('n.id', 'is', null)
      .execute();
    return rows.filter((r) => readPreferences(r.preferences ?? undefined).digestHour === hour);
  }

  private async lessonDigests(now: number, hour: number, date: string): Promise<number> {
    const key = `digest:lessons:${date}`;
    let made = 0;
    await inParallel(await this.digestRecipients(['user'], hour, key), async (person) => {
      const day = await this.deps.sources.learnerDay(person.id, now);
      const unread = (await this.unreadAbout(person.id, 'homework')).length;
      const content = lessonDigest(day, unread);
      if (!content) return;
      const link = day.opened[0]
        ? lessonLink(day.opened[0])
        : day.diaryMissing[0]
          ? lessonLink(day.diaryMissing[0])
          : '/uk/notifications';
      const created = await this.deps.db.transaction().execute((trx) =>
        this.notify(trx, {
          userId: person.id,
          category: 'lessons',
          key,
          title: content.title,
          body: content.body,
          link,
          email: { subject: content.title, paragraphs: content.paragraphs, action: 'Відкрити урок' },
          expiresAt: kyivDayRange(now).end,
        }),
      );
      if (created) {
        made += 1;
        this.countChanged({ id: person.id, role: person.role });
      }
    });
    return made;
  }

  private async reviewDigests(now: number, hour: number, date: string): Promise<number> {
    const key = `digest:review:${date}`;
    const waiting = await this.deps.sources.waitingHomework(now - this.deps.reviewDigestAfterHours * HOUR_MS);
    if (!waiting) return 0;
    let made = 0;
    for (const person of await this.digestRecipients(['moderator', 'admin'], hour, key)) {
      const title = `На перевірку чекають ${waiting} ${plural(waiting, 'домашнє завдання', 'домашні завдання', 'домашніх завдань')}`;
      const body = `Довше ніж ${this.deps.reviewDigestAfterHours} год. Учні чекають на ваш відгук.`;
      const created = await this.deps.db.transaction().execute((trx) =>
        this.notify(trx, {
          userId: person.id,
          category: 'review',
          key,
          title,
          body,
          link: '/uk/notifications',
          email: { subject: title, paragraphs: [body], action: 'Перевірити' },
          expiresAt: kyivDayRange(now).end,
        }),
      );
      if (created) {
        made += 1;
        this.countChanged({ id: person.id, role: person.role });
      }
    }
    return made;
  }
}

function lessonLink(lesson: LessonRef): string {
  return `/uk/learn/${lesson.courseId}/${lesson.day}`;
}

/** The morning digest's words, or null when there is nothing to say. */
function lessonDigest(day: { opened: LessonRef[]; diaryMissing: LessonRef[] }, unreadHomework: number) {
  const paragraphs: string[] = [];
  for (const lesson of day.opened) {
    paragraphs.push(`Відкрився урок ${lesson.day} «${lesson.theme}» курсу «${lesson.courseTitle}».`);
  }
  const missing = day.diaryMissing.filter((m) => !day.opened.some((o) => o.courseId === m.courseId && o.day === m.day));
  if (missing.length) {
    const list = missing
      .slice(0, 5)
      .map((m) => `урок ${m.day} «${m.courseTitle}»`)
      .join(', ');
    paragraphs.push(`Щоденник чекає на записи: ${list}${missing.length > 5 ? ' та інші' : ''}.`);
  }
  if (unreadHomework) {
    paragraphs.push(
      `Куратори відповіли на ваші домашні завдання: ${unreadHomework} ${plural(unreadHomework, 'нове сповіщення', 'нові сповіщення', 'нових сповіщень')}.`,
    );
  }
  if (!paragraphs.length) return null;
  const title = day.opened.length ? 'Новий урок уже чекає' : 'Ваш день у «Єдині»';
  return { title, body: paragraphs.join(' '), paragraphs };
}

/** Ukrainian plural: 1 завдання, 2 завдання, 5 завдань. */
function plural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

/** Runs `each` over `items`, at most DIGEST_CONCURRENCY at a time. */
async function inParallel<T>(items: T[], each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(DIGEST_CONCURRENCY, items.length) }, worker));
}
