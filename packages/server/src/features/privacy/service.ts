import {
  DELETED_USER_FIRST_NAME,
  DELETED_USER_LAST_NAME,
  EXPORT_TTL_MS,
  kyivIsoDate,
  type MyData,
  PRIVACY_MESSAGES,
  type PrivacyNotice,
  type Team,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { JobQueue } from '../../infra/jobs/index.js';
import type { AttemptCounter } from '../../infra/rate-limit.js';
import type { FileStore } from '../../infra/storage.js';
import {
  type Actor,
  type AuthService,
  forgetAccount,
  type PasswordHasher,
  passwordHashOf,
  profileForExport,
} from '../auth/index.js';
import { renameCertificates } from '../certificates/index.js';
import { chatMessagesForExport } from '../chat/index.js';
import { enrollmentsForExport } from '../courses/index.js';
import { diaryForExport, forgetLearnerDiary } from '../diary/index.js';
import type { FilesService } from '../files/index.js';
import { forgetHomeworkFiles, homeworkCommentsForExport, homeworkForExport } from '../homework/index.js';
import { forgetPushBrowsers, forgetRecipient, type NotificationService } from '../notifications/index.js';
import { chargesForExport, forgetDonor, ordersForExport, runningSubscriptionsOf } from '../payments/index.js';
import { footprintForExport } from '../support/index.js';
import { type ArchiveEntry, safeName, zipStream } from './archive.js';
import { deletionCancelled, deletionScheduled, exportReady } from './notices.js';
import { canDeleteAccount, canDownloadExport } from './policy.js';
import * as repo from './repo.js';

export const EXPORT_JOB = 'privacy.export';
export const TICK_JOB = 'privacy.tick';
const DAY_MS = 24 * 60 * 60 * 1000;
/** An export still «making» after this long lost its job for good (every retry failed): another may be asked for. */
const STALE_MAKING_MS = 6 * 60 * 60 * 1000;
/** Archives written but never recorded (a crash between the two) are removed after this long. */
const STRAY_ARCHIVE_AGE_MS = 60 * 60 * 1000;

/** What this feature's export takes from the domains it cannot read alone. */
export interface PrivacySources {
  team(userId: string): Promise<Team>;
  /** Cancels a running monthly donation at the provider (before the account goes). */
  unsubscribe(userId: string, orderId: string): Promise<unknown>;
}

/**
 * «Мої дані» (docs/domain.md «My data»): the export made in the background and offered to its
 * owner for a day; the account's deletion after a grace period that a sign-in cancels.
 */
export class PrivacyService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: JobQueue;
      log: FastifyBaseLogger;
      auth: AuthService;
      passwords: PasswordHasher;
      files: FilesService;
      /** Uploaded files' bytes (read into the archive). */
      uploads: FileStore;
      /** The archives: a store of their own, outside the backed-up uploads, swept by its own rows. */
      archives: FileStore;
      notifications: NotificationService;
      sources: PrivacySources;
      /** Wrong passwords at the deletion, per person. */
      passwordAttempts: AttemptCounter;
      graceDays: number;
      contactEmail: string;
    },
  ) {
    deps.jobs.work(EXPORT_JOB, (data) => this.makeExport(String(data.userId)));
    deps.jobs.work(TICK_JOB, async () => {
      await this.tick();
    });
    deps.jobs.everyMinute(TICK_JOB);
  }

  notice(): PrivacyNotice {
    return {
      contactEmail: this.deps.contactEmail,
      exportHours: EXPORT_TTL_MS / (60 * 60 * 1000),
      graceDays: this.deps.graceDays,
    };
  }

  async mine(actor: Actor): Promise<MyData> {
    const { db, clock } = this.deps;
    const [archive, deletion] = await Promise.all([repo.findExport(db, actor.id), repo.findDeletion(db, actor.id)]);
    const live = archive && !(archive.state === 'ready' && Number(archive.expires_at) <= clock.now());
    return {
      export: {
        state: live ? archive.state : 'none',
        requestedAt: live ? Number(archive.requested_at) : null,
        expiresAt: live && archive.expires_at !== null ? Number(archive.expires_at) : null,
        size: live && archive.size !== null ? Number(archive.size) : null,
      },
      deletionDueAt: deletion && deletion.done_at === null ? Number(deletion.due_at) : null,
    };
  }

  /**
   * Asks for a new export: one at a time (the row is keyed by the person), so a second ask while
   * one is being made is refused; a ready one is replaced (its archive removed after the commit).
   */
  async requestExport(actor: Actor): Promise<MyData> {
    const { db, clock, jobs } = this.deps;
    const now = clock.now();
    const replaced = await db.transaction().execute(async (trx) => {
      const current = await repo.findExport(trx, actor.id);
      if (current?.state === 'making' && now - Number(current.requested_at) < STALE_MAKING_MS) {
        throw new AppError(409, PRIVACY_MESSAGES.exportBusy);
      }
      const values = {
        state: 'making' as const,
        storage_key: null,
        size: null,
        requested_at: now,
        ready_at: null,
        expires_at: null,
      };
      if (current) {
        // Only the row that was read: a parallel ask that replaced it first wins, this one is refused.
        const updated = await trx
          .updateTable('data_exports')
          .set(values)
          .where('user_id', '=', actor.id)
          .where('requested_at', '=', current.requested_at)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, PRIVACY_MESSAGES.exportBusy);
      } else {
        try {
          await trx
            .insertInto('data_exports')
            .values({ user_id: actor.id, ...values })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError(409, PRIVACY_MESSAGES.exportBusy);
          throw error;
        }
      }
      await jobs.send(trx, EXPORT_JOB, { userId: actor.id });
      return current?.storage_key ?? null;
    });
    if (replaced) await this.removeArchive(replaced);
    return this.mine(actor);
  }

  /** The job: writes the archive, then records it (only if the ask it was made for still stands) and tells its owner. */
  async makeExport(userId: string): Promise<void> {
    const { db, clock, archives } = this.deps;
    const asked = await repo.findExport(db, userId);
    if (asked?.state !== 'making') return;
    const { key, size } = await archives.save(zipStream(await this.entriesOf(userId)));
    const now = clock.now();
    const expiresAt = now + EXPORT_TTL_MS;
    const recorded = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('data_exports')
        .set({ state: 'ready', storage_key: key, size, ready_at: now, expires_at: expiresAt })
        .where('user_id', '=', userId)
        .where('state', '=', 'making')
        .where('requested_at', '=', asked.requested_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await this.deps.notifications.notify(trx, exportReady(userId, Number(asked.requested_at), expiresAt));
      return true;
    });
    // A run of the same job that lost the race, or an ask replaced meanwhile: these bytes are nobody's.
    if (!recorded) await this.removeArchive(key);
  }

  /** The ready archive, for its owner only; 404 when there is none (never made, or its day is over). */
  async openExport(actor: Actor) {
    const archive = await repo.findExport(this.deps.db, actor.id);
    const ready =
      archive?.state === 'ready' && archive.storage_key && Number(archive.expires_at) > this.deps.clock.now();
    if (!archive || !ready || !archive.storage_key || !canDownloadExport(actor, archive)) {
      throw new AppError(404, PRIVACY_MESSAGES.noExport);
    }
    return {
      stream: this.deps.archives.read(archive.storage_key),
      size: Number(archive.size),
      name: `yedyni-my-data-${kyivIsoDate(Number(archive.ready_at))}.zip`,
    };
  }

  /** Everything about the person, as the archive's entries (README.txt says what each file is). */
  private async entriesOf(userId: string): Promise<ArchiveEntry[]> {
    const { db, uploads } = this.deps;
    const [profile, enrollments, diary, homework, comments, chat, orders, payments, footprint, team] =
      await Promise.all([
        profileForExport(db, userId),
        enrollmentsForExport(db, userId),
        diaryForExport(db, userId),
        homeworkForExport(db, userId),
        homeworkCommentsForExport(db, userId),
        chatMessagesForExport(db, userId),
        ordersForExport(db, userId),
        chargesForExport(db, userId),
        footprintForExport(db, userId),
        this.deps.sources.team(userId),
      ]);
    if (!profile) throw new Error(`export of a missing user ${userId}`);
    const files: ArchiveEntry[] = [];
    /** The file's path in the archive (null without one), its bytes queued to go in. */
    const attach = (folder: string, id: string, row: { storage_key: string | null; file_name: string | null }) => {
      if (!row.storage_key) return null;
      const path = `files/${folder}/${id}-${safeName(row.file_name ?? 'file')}`;
      const key = row.storage_key;
      files.push({ path, file: () => uploads.read(key) });
      return path;
    };
    const uah = (kop: number) => Number(kop) / 100;
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    const date = (instant: number | null) => (instant === null ? null : new Date(Number(instant)).toISOString());
    const data: Record<string, unknown> = {
      'profile.json': {
        id: profile.id,
        firstName: profile.first_name,
        lastName: profile.last_name,
        email: profile.email,
        role: profile.role,
        registeredAt: date(profile.created_at),
        footprintTotal: Number(profile.mark),
        invitedBy: profile.inviter_first_name ? `${profile.inviter_first_name} ${profile.inviter_last_name}` : null,
        courses: enrollments.map((e) => ({ course: e.course, wave: e.wave, enrolledAt: date(e.enrolled_at) })),
      },
      'diary.json': diary.map((d) => ({
        course: d.course,
        day: d.day,
        date: d.date,
        entry: d.entry,
        plan: d.plan,
        selfTest: d.test,
        writtenAt: date(d.created_at),
        changedAt: date(d.updated_at),
      })),
      'homework.json': homework.map((h) => ({
        course: h.course,
        lesson: h.day,
        homework: h.homework,
        rating: h.rating,
        file: attach('homework', h.id, h),
        handedInAt: date(h.created_at),
        changedAt: date(h.updated_at),
        comments: comments
          .filter((c) => c.exercise_id === h.id)
          .map((c) => ({
            author: c.author_id === userId ? 'я' : `${c.first_name} ${c.last_name}`,
            comment: c.comment,
            file: attach('comments', c.id, c),
            writtenAt: date(c.created_at),
          })),
      })),
      'chat.json': chat.map((m) => ({
        course: m.course,
        wave: m.wave,
        text: m.text,
        file: attach('chat', m.id, m),
        sentAt: date(m.date),
        editedAt: date(m.edited_at),
      })),
      'payments.json': {
        orders: orders.map((o) => ({
          orderId: o.order_id,
          monthly: o.subscribe === 1,
          amountUah: uah(o.amount_kop),
          comment: o.info,
          status: o.status,
          createdAt: date(o.created_at),
          subscribedAt: date(o.subscribed_at),
          unsubscribedAt: date(o.unsubscribed_at),
        })),
        charges: payments.map((p) => ({
          orderId: p.order_id,
          action: p.action,
          amountUah: uah(p.amount_kop),
          description: p.description,
          comment: p.info,
          paidAt: date(p.end_date),
          card: p.card_mask,
          reversedAt: date(p.reversed_at),
        })),
      },
      'footprint.json': footprint.map((f) => ({
        date: date(f.date),
        points: f.points,
        comment: f.comment,
        total: f.final_value,
      })),
      'team.json': team.team.map((m) => ({
        firstName: m.first_name,
        lastName: m.last_name,
        joinedAt: date(m.createdAt),
        teamSize: m.teamSize,
      })),
    };
    return [
      { path: 'README.txt', text: README },
      ...Object.entries(data).map(([path, value]) => ({ path, text: json(value) })),
      ...files,
    ];
  }

  /**
   * Asks for the account's deletion after its grace period: the password and the typed word
   * first (nothing changes otherwise); every session ends, so the next sign-in, whenever it is,
   * cancels it.
   */
  async requestDeletion(actor: Actor, password: string): Promise<MyData> {
    const { db, clock, auth } = this.deps;
    await this.checkPassword(actor, password);
    const now = clock.now();
    const dueAt = now + this.deps.graceDays * DAY_MS;
    await db.transaction().execute(async (trx) => {
      try {
        await trx
          .insertInto('account_deletions')
          .values({ user_id: actor.id, requested_at: now, due_at: dueAt, done_at: null })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, PRIVACY_MESSAGES.deletionPending);
        throw error;
      }
      await auth.revokeAllSessions(trx, actor.id, now);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'account.deletion.request',
        target: `user:${actor.id}`,
        summary: `Запит на видалення акаунта; видалення ${kyivIsoDate(dueAt)}`,
        details: { dueAt },
        now,
      });
      await this.deps.notifications.notify(trx, deletionScheduled(actor.id, now, dueAt));
    });
    await auth.sessionsEnded({ userId: actor.id });
    return this.mine(actor);
  }

  private async checkPassword(actor: Actor, password: string): Promise<void> {
    const { db, passwords, passwordAttempts } = this.deps;
    const account = await passwordHashOf(db, actor.id);
    if (!account || !canDeleteAccount(actor, account)) throw new AppError(404, PRIVACY_MESSAGES.wrongPassword);
    await passwordAttempts.consume(actor.id);
    if (!(await passwords.verify(account.password_hash, password)))
      throw new AppError(400, PRIVACY_MESSAGES.wrongPassword);
  }

  /** A sign-in during the grace period: the deletion is called off, and the person told. */
  async cancelDeletion(userId: string): Promise<void> {
    const { db, clock } = this.deps;
    const pending = await repo.findDeletion(db, userId);
    if (!pending || pending.done_at !== null) return;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('account_deletions')
        .where('user_id', '=', userId)
        .where('done_at', 'is', null)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return;
      await writeAudit(trx, {
        actorId: userId,
        action: 'account.deletion.cancel',
        target: `user:${userId}`,
        summary: 'Видалення акаунта скасовано входом до кабінету',
        now,
      });
      await this.deps.notifications.notify(trx, deletionCancelled(userId, Number(pending.requested_at)));
    });
  }

  /**
   * The deletion, once its day has come: a running monthly donation is cancelled at the provider
   * first (a failure leaves everything for the next minute), then ONE transaction has each
   * owning feature forget its part of the person (each through its index.ts, docs/domain.md «My
   * data»): a deletion made of several transactions could stop halfway and leave a name behind.
   * The homework files' bytes and the export go after the commit. A second run finds the
   * deletion done and does nothing.
   */
  async deleteAccount(userId: string): Promise<boolean> {
    const { db, clock, files, auth } = this.deps;
    const pending = await repo.findDeletion(db, userId);
    if (!pending || pending.done_at !== null || Number(pending.due_at) > clock.now()) return false;
    for (const { order_id } of await runningSubscriptionsOf(db, userId)) {
      await this.deps.sources.unsubscribe(userId, order_id);
    }
    const now = clock.now();
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimDeletion(trx, userId, now))) return null;
      await forgetAccount(trx, userId, now);
      const fileKeys = await forgetHomeworkFiles(trx, userId);
      await forgetLearnerDiary(trx, userId);
      await forgetDonor(trx, userId);
      await renameCertificates(trx, userId, `${DELETED_USER_FIRST_NAME} ${DELETED_USER_LAST_NAME}`);
      await forgetRecipient(trx, userId);
      await forgetPushBrowsers(trx, userId);
      const archive = await repo.findExport(trx, userId);
      await trx.deleteFrom('data_exports').where('user_id', '=', userId).execute();
      await writeAudit(trx, {
        actorId: null,
        action: 'account.delete',
        target: `user:${userId}`,
        summary: 'Акаунт видалено: особисті дані стерто після пільгового строку',
        details: { files: fileKeys.length },
        now,
      });
      return { fileKeys, archiveKey: archive?.storage_key ?? null };
    });
    if (!outcome) return false;
    await auth.sessionsEnded({ userId });
    await files.removeKeys(outcome.fileKeys);
    if (outcome.archiveKey) await this.removeArchive(outcome.archiveKey);
    return true;
  }

  /** The minute's work (one instance of the cluster): expired archives go, due deletions are done. */
  async tick(): Promise<{ expired: number; deleted: number }> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    let expired = 0;
    for (const row of await repo.expiredExports(db, now)) {
      const removed = await db
        .deleteFrom('data_exports')
        .where('user_id', '=', row.user_id)
        .where('state', '=', 'ready')
        .where('expires_at', '=', row.expires_at)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) continue;
      if (row.storage_key) await this.removeArchive(row.storage_key);
      expired += 1;
    }
    let deleted = 0;
    for (const { user_id } of await repo.dueDeletions(db, now)) {
      // One account's failure (its provider did not answer) holds up no other's.
      try {
        if (await this.deleteAccount(user_id)) deleted += 1;
      } catch (error) {
        log.error({ err: error, userId: user_id }, 'account deletion failed; tried again next minute');
      }
    }
    return { expired, deleted };
  }

  /** Archives a crash left without their row (or half-written). Hourly, like the uploads' sweep. */
  async sweepStrays(): Promise<number> {
    return this.deps.archives.sweep(Date.now() - STRAY_ARCHIVE_AGE_MS, (keys) =>
      repo.claimedExportKeys(this.deps.db, keys),
    );
  }

  private async removeArchive(key: string): Promise<void> {
    await this.deps.archives.remove(key).catch((error: unknown) => {
      // The hourly sweep removes it later: no row claims it any more.
      this.deps.log.error({ err: error }, 'could not remove a data export');
    });
  }
}

/** Stays with the export so that it explains itself years later. */
const README = `Ваші дані з «Єдині»

profile.json   — профіль: імʼя, пошта, роль, дата реєстрації, хто запросив, ваші курси
diary.json     — щоденник
homework.json  — домашні завдання з коментарями (файли — у теці files/)
chat.json      — ваші повідомлення в чатах курсів
payments.json  — ваші донати й підписки (суми в гривнях)
footprint.json — Український слід: кожне нарахування балів
team.json      — ваша команда: люди, яких ви запросили
files/         — файли, які ви завантажили, і файли кураторів у коментарях до ваших завдань

Час подано за UTC (ISO 8601). Архів доступний для завантаження добу після підготовки.
`;
