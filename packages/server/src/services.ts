import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  CERTIFICATE_MESSAGES,
  CHAT_MESSAGES,
  FILE_MESSAGES,
  PAYMENT_MESSAGES,
  PRIVACY_MESSAGES,
  TWO_STEP_MESSAGES,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { consoleAbilities, UsersAdmin } from './features/admin/index.js';
import { AnalyticsService } from './features/analytics/index.js';
import {
  AccountService,
  AuthService,
  PasswordHasher,
  SessionTokens,
  TwoStepKeys,
  TwoStepService,
} from './features/auth/index.js';
import { CertificatesService } from './features/certificates/index.js';
import { ChatService } from './features/chat/index.js';
import { ClubsService } from './features/clubs/index.js';
import { CourseAuthoring, CoursesService } from './features/courses/index.js';
import { DiaryService, hasScoredSelfTest } from './features/diary/index.js';
import { FilesService } from './features/files/index.js';
import {
  GameService,
  noteMistakes,
  RepetitionService,
  readTaskFolder,
  saveTasks,
  selfTestMistake,
  TaskAuthoring,
} from './features/game/index.js';
import { HabitService } from './features/habit/index.js';
import { HomeworkService, reviewsHomework } from './features/homework/index.js';
import {
  NotificationService,
  PushChannel,
  type PushDeliverer,
  PushSubscriptions,
  passwordChanged,
} from './features/notifications/index.js';
import { OlympiadsService } from './features/olympiads/index.js';
import { OpenbookService } from './features/openbook/index.js';
import {
  PaymentDocuments,
  PaymentReports,
  PaymentsService,
  RECEIPT_ATTACHMENT,
  SUBSCRIPTION_CHANGES_PER_HOUR,
} from './features/payments/index.js';
import { PrivacyService } from './features/privacy/index.js';
import { ProgressService } from './features/progress/index.js';
import { RepliesService } from './features/replies/index.js';
import { creditInvitation, SupportService } from './features/support/index.js';
import { type Clock, shiftedClock } from './infra/clock.js';
import type { Config } from './infra/config.js';
import { createAsyncCommitDb, createDb, type Db, migrateToLatest } from './infra/db/index.js';
import { isDatabaseUnavailable, OutageLog } from './infra/db/unavailable.js';
import { createJobQueue } from './infra/jobs/index.js';
import { LIQPAY_API_URL, LIQPAY_CHECKOUT_URL, LiqPaySigner } from './infra/liqpay/index.js';
import { LiqPaySandbox, SANDBOX_PREFIX } from './infra/liqpay/sandbox.js';
import { createMailer, type Mailer } from './infra/mail.js';
import { privateDir } from './infra/private-files.js';
import { PushSender, resolveVapidKeys } from './infra/push.js';
import { AttemptLimiter, ProgressiveDelay } from './infra/rate-limit.js';
import { Broadcaster } from './infra/realtime.js';
import { createRedis } from './infra/redis.js';
import { LocalFileStore } from './infra/storage.js';
import { seedDemo } from './seed/demo.js';

export interface ServiceOverrides {
  clock?: Clock;
  mailer?: Mailer;
  /** Keeps apps that share one Redis (tests) from sharing rate-limit counters. */
  rateLimitNamespace?: string;
  /** The Web Push channel; without it no push deliveries are made. */
  push?: PushDeliverer;
  /** false: queue background jobs but run none, and no sweeps either (the operator's command line). */
  workers?: boolean;
}

export interface Services {
  db: Db;
  auth: AuthService;
  /** My own account: names, the address and its check, the password. */
  account: AccountService;
  twoStep: TwoStepService;
  /** argon2 with a bounded waiting line, shared by everything that hashes a password. */
  passwords: PasswordHasher;
  chat: ChatService;
  /** Tells connected sockets what changed; silent until app.ts attaches Socket.IO. */
  broadcaster: Broadcaster;
  courses: CoursesService;
  diary: DiaryService;
  homework: HomeworkService;
  /** The reviewer's saved replies (curators). */
  replies: RepliesService;
  files: FilesService;
  support: SupportService;
  payments: PaymentsService;
  /** A donor's receipts and yearly statements (PDF). */
  paymentDocuments: PaymentDocuments;
  game: GameService;
  /** «Повторення»: cards from one's own mistakes (part of the game). */
  repetition: RepetitionService;
  clubs: ClubsService;
  olympiads: OlympiadsService;
  progress: ProgressService;
  habit: HabitService;
  analytics: AnalyticsService;
  certificates: CertificatesService;
  /** «Відкритий звіт»: the month's money in the open, and the expenses admins enter. */
  openbook: OpenbookService;
  /** «Мої дані»: the export and the account's deletion. */
  privacy: PrivacyService;
  /** Web Push: each person's browsers, and the channel that sends to them. */
  push: { channel: PushChannel; subscriptions: PushSubscriptions };
  notifications: NotificationService;
  /** The admin console's own services (the rest it shares with the features). */
  admin: { users: UsersAdmin; authoring: CourseAuthoring; tasks: TaskAuthoring; reports: PaymentReports };
  /** The built-in LiqPay stand-in; absent in live mode. */
  sandbox: LiqPaySandbox | undefined;
  /** Course media copied in by the content importer, served at `/media/<slug>/…`. */
  mediaRoot: string;
  /** Where a database that cannot be reached is reported (once, not per request). */
  outage: OutageLog;
  close(): Promise<void>;
}

/** Failed logins are counted per 15 minutes, per address and email and per address. */
const LOGIN_WINDOW_SECONDS = 15 * 60;
/**
 * Failed logins to one email from anywhere are counted per day: past RATE_LIMIT_LOGIN_ACCOUNT of
 * them, one attempt at a time goes through, 1 s, 2 s, 4 s … apart, never more than 5 minutes. An
 * attacker with any number of addresses gets about 300 guesses a day at one account; its owner
 * never waits more than 5 minutes for an attempt.
 */
const LOGIN_ACCOUNT_WINDOW_SECONDS = 24 * 60 * 60;
const LOGIN_ACCOUNT_MAX_DELAY_SECONDS = 5 * 60;

/** How often stored wave state is brought in step with the clock (reads never wait for it). */
const WAVE_ROLLOVER_INTERVAL_MS = 60_000;
/** How often ended olympiads are looked for, whose participants' mistakes become cards. */
const OLYMPIAD_CARDS_INTERVAL_MS = 60_000;
/** Chat reports per member an hour: honest reporting never meets it; a flood of the curators' queue does. */
const CHAT_REPORTS_PER_HOUR = 30;
/** How often uploads are swept: chat uploads no message took, and stray bytes without a row. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often ended waves are looked for and certified: a wave ends at midnight, its certificates come minutes later. */
const CERTIFICATE_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
/** Password tries at an account deletion per person an hour: the owner mistypes a few, a stolen session guesses no further. */
const ACCOUNT_PASSWORD_ATTEMPTS_PER_HOUR = 10;
/** Wrong current passwords per account in 15 minutes, before account changes answer 429. */
const ACCOUNT_PASSWORD_TRIES = 5;
/** Link mails (address check, address change) per account an hour: «надіслати ще раз» is not a flood. */
const ACCOUNT_MAILS_PER_HOUR = 3;
/** Mailed links opened per client address an hour. */
const EMAIL_LINKS_PER_HOUR = 30;
/** Public certificate checks per address a minute: plenty for people, too few to try ids in bulk. */
const CERTIFICATE_LOOKUPS_PER_MINUTE = 60;

/**
 * Infra adapters and feature services, without HTTP: the server and the operator's command line
 * both stand on this. The database is migrated (and, outside production, seeded) before it returns.
 */
export async function createServices(
  config: Config,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const clock = overrides.clock ?? shiftedClock(config.benchClockShiftMs);
  // The database (SQLite), uploads, mail and the JWT secret live here: the server's user only.
  privateDir(config.dataDir);
  const outage = new OutageLog(log);
  const db = createDb(config.database, {
    connectionError: (error) => {
      if (isDatabaseUnavailable(error)) outage.failed(error);
      else log.warn({ err: error }, 'database connection lost');
    },
    connected: () => outage.connected(),
  });
  const asyncCommitDb = createAsyncCommitDb(config.database, db);
  const redis: Redis | undefined = config.redisUrl ? createRedis(config.redisUrl, log) : undefined;
  const mailer =
    overrides.mailer ??
    createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
      log,
    );
  const broadcaster = new Broadcaster();
  // Background work that fails: a database that is away is the outage, told once; anything else an error.
  const failed = (error: unknown, what: string) => {
    if (isDatabaseUnavailable(error)) outage.failed(error);
    else log.error({ err: error }, `${what} failed`);
  };
  const jobs = createJobQueue(db, config.database, config.jobs, clock, log, failed);
  const timers: NodeJS.Timeout[] = [];
  // Background work still running: close() waits for it, so that none of it meets a destroyed database.
  const running = new Set<Promise<unknown>>();
  const inBackground = (task: () => Promise<unknown>, what: string) => {
    const done = task()
      .catch((error: unknown) => failed(error, what))
      .finally(() => running.delete(done));
    running.add(done);
  };
  const every = (ms: number, task: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => inBackground(task, what), ms);
    timer.unref();
    timers.push(timer);
  };
  // Set once the auth service exists: its mail still going out is waited for before closing.
  let settleAuth = async () => {};
  const close = async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
    // Running jobs finish (or are given back) while the database and the mail are still there.
    await jobs.stop();
    await settleAuth();
    await mailer.close();
    redis?.disconnect();
    if (asyncCommitDb !== db) await asyncCommitDb.destroy();
    await db.destroy();
  };

  try {
    await migrateToLatest(db);
    const limits = config.rateLimits;
    const ns = overrides.rateLimitNamespace ?? '';
    const courses = new CoursesService({
      db,
      asyncCommitDb,
      clock,
      // Learners moved out of a withdrawn or renamed wave must not keep hearing its room.
      onWaveMoved: (room) =>
        chat.recheckRooms({ room }).catch((error: unknown) => {
          log.warn({ err: error }, 'chat rooms not rechecked after a wave moved');
        }),
      // A self-test's wrong answers become «Повторення» cards, in the self-test's own transaction.
      onSelfTestMistakes: (trx, { userId, courseId, day, questions }, now) =>
        noteMistakes(
          trx,
          questions.map((q) => selfTestMistake(userId, courseId, day, q)),
          now,
        ),
      loadUser: async (userId) => {
        const user = await auth.findUser(userId);
        if (!user) throw new Error(`user ${userId} vanished`);
        return user;
      },
    });
    const vapidKeys = resolveVapidKeys({
      configured: config.vapid.keys,
      production: config.env === 'production',
      dataDir: config.dataDir,
      log,
    });
    const pushSubscriptions = new PushSubscriptions({ db, clock, publicEndpointsOnly: config.env === 'production' });
    const push = {
      subscriptions: pushSubscriptions,
      channel: new PushChannel({
        subscriptions: pushSubscriptions,
        sender: vapidKeys && new PushSender(vapidKeys, config.vapid.subject),
        log,
      }),
    };
    const notifications = new NotificationService({
      db,
      clock,
      jobs,
      mailer,
      broadcaster,
      log,
      publicUrl: config.publicUrl,
      secret: config.jwtSecret,
      reviewDigestAfterHours: config.notifications.reviewDigestAfterHours,
      leaseMs: config.jobs.expireSeconds * 1000,
      maxAttempts: config.jobs.retryLimit + 1,
      // Off (production without VAPID keys): no push deliveries are made at all.
      push: overrides.push ?? (push.channel.enabled ? push.channel : undefined),
      sources: {
        learnerDay: (userId, now) => courses.digestDay(userId, now),
        waitingHomework: (before) => homework.waitingSince(before),
        badgeExtra: (actor) => homework.waitingForReview(actor),
      },
    });
    const passwords = new PasswordHasher(config.passwordHashQueue);
    const twoStep = new TwoStepService({
      db,
      clock,
      passwords,
      keys: new TwoStepKeys(config.jwtSecret),
      limiters: {
        code: new AttemptLimiter(
          `${ns}two-step`,
          limits.twoStep,
          LOGIN_WINDOW_SECONDS,
          TWO_STEP_MESSAGES.tooManyCodes,
          redis,
        ),
        codeFromAddress: new AttemptLimiter(
          `${ns}two-step-address`,
          limits.twoStepAddress,
          LOGIN_WINDOW_SECONDS,
          TWO_STEP_MESSAGES.tooManyCodes,
          redis,
        ),
      },
      // Staff powers come and go with it: remembered sessions are read again, and open sockets
      // reconnect and rejoin their rooms with the powers they now have.
      onChanged: (userId) => {
        auth.forget({ userId });
        // Not awaited: the change is made. An instance that does not confirm in time rechecks its
        // sockets within a minute; its rejection must not go unhandled (it would end the process).
        broadcaster.endSessions({ userId }).catch((error: unknown) => {
          log.warn({ err: error, userId }, 'not every instance confirmed the sockets of a changed account');
        });
      },
    });
    const auth = new AuthService({
      db,
      asyncCommitDb,
      clock,
      mailer,
      passwords,
      tokens: new SessionTokens(config.jwtSecret),
      limiters: {
        login: new AttemptLimiter(`${ns}login`, limits.login, LOGIN_WINDOW_SECONDS, AUTH_MESSAGES.tooManyLogins, redis),
        loginFromAddress: new AttemptLimiter(
          `${ns}login-address`,
          limits.loginAddress,
          LOGIN_WINDOW_SECONDS,
          AUTH_MESSAGES.tooManyLogins,
          redis,
        ),
        loginToAccount: new ProgressiveDelay(
          `${ns}login-account`,
          limits.loginAccount,
          LOGIN_ACCOUNT_WINDOW_SECONDS,
          LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
          AUTH_MESSAGES.tooManyLogins,
          redis,
        ),
        register: new AttemptLimiter(
          `${ns}register`,
          limits.register,
          10 * 60,
          AUTH_MESSAGES.tooManyRegistrations,
          redis,
        ),
        recovery: new AttemptLimiter(`${ns}recovery`, limits.recovery, 60 * 60, AUTH_MESSAGES.tooManyRecoveries, redis),
        recoveryFromAddress: new AttemptLimiter(
          `${ns}recovery-address`,
          limits.recoveryAddress,
          60 * 60,
          AUTH_MESSAGES.tooManyRecoveries,
          redis,
        ),
        reset: new AttemptLimiter(`${ns}reset`, limits.reset, 60 * 60, AUTH_MESSAGES.tooManyResets, redis),
      },
      twoStep,
      publicUrl: config.publicUrl,
      demoEnabled: config.seedDemo,
      log,
      accountAbilities: (actor) => ({ reviewHomework: reviewsHomework(actor), ...consoleAbilities(actor) }),
      onAccountCreated: (trx, userId, now) => courses.enrollInStarterCourses(trx, userId, now),
      onPasswordChanged: async (trx, userId, how, now) => {
        await notifications.notify(trx, passwordChanged(userId, how, now));
      },
      onSessionsEnded: (ended) => broadcaster.endSessions(ended),
      // A sign-in during an account deletion's grace period calls the deletion off.
      onSignedIn: (userId) => privacy.cancelDeletion(userId),
      idleMs: config.sessionIdleDays * 24 * 60 * 60 * 1000,
    });
    broadcaster.onSessionsEndedElsewhere((ended) => auth.forget(ended));
    notifications.addTickSource('sessions', (now) => auth.sweepEndedSessions(now));
    settleAuth = () => auth.settle();
    const account = new AccountService({
      db,
      clock,
      mailer,
      passwords,
      auth,
      publicUrl: config.publicUrl,
      log,
      limiters: {
        password: new AttemptLimiter(
          `${ns}account-password`,
          ACCOUNT_PASSWORD_TRIES,
          15 * 60,
          ACCOUNT_MESSAGES.tooManyPasswordTries,
          redis,
        ),
        mails: new AttemptLimiter(
          `${ns}account-mails`,
          ACCOUNT_MAILS_PER_HOUR,
          60 * 60,
          ACCOUNT_MESSAGES.tooManyMails,
          redis,
        ),
        links: new AttemptLimiter(
          `${ns}email-links`,
          EMAIL_LINKS_PER_HOUR,
          60 * 60,
          AUTH_MESSAGES.tooManyResets,
          redis,
        ),
      },
      onPasswordChanged: async (trx, userId, how, now) => {
        await notifications.notify(trx, passwordChanged(userId, how, now));
      },
      // What waited for a confirmed address: the inviter's points (if the member has started) and the receipts.
      onEmailVerified: async (trx, userId, now) => {
        if (await hasScoredSelfTest(trx, userId)) await creditInvitation(trx, userId, now);
        await payments.sendHeldReceipts(trx, userId);
      },
    });
    const diary = new DiaryService({ db, clock, courses });
    const uploads = new LocalFileStore(path.join(config.dataDir, 'uploads'));
    const files = new FilesService({
      db,
      clock,
      log,
      store: uploads,
      secret: config.jwtSecret,
      quotaBytes: config.uploads.quotaBytes,
      uploadLimiter: new AttemptLimiter(
        `${ns}upload`,
        config.uploads.perHour,
        60 * 60,
        FILE_MESSAGES.tooManyUploads,
        redis,
      ),
    });
    const homework = new HomeworkService({ db, clock, courses, files, broadcaster, notifications, log, outage });
    const chat = new ChatService({
      db,
      clock,
      files,
      broadcaster,
      sendLimiter: new AttemptLimiter(`${ns}chat`, limits.chat, 60, CHAT_MESSAGES.tooFast, redis),
      changeLimiter: new AttemptLimiter(`${ns}chat-change`, limits.chat, 60, CHAT_MESSAGES.tooFast, redis),
      reportLimiter: new AttemptLimiter(
        `${ns}chat-report`,
        CHAT_REPORTS_PER_HOUR,
        60 * 60,
        CHAT_MESSAGES.tooManyReports,
        redis,
      ),
    });
    const signer = new LiqPaySigner(config.liqpay.publicKey, config.liqpay.privateKey);
    const sandboxed = config.liqpay.mode === 'sandbox';
    const payments = new PaymentsService({
      db,
      clock,
      log,
      notifications,
      liqpay: {
        mode: config.liqpay.mode,
        signer,
        checkoutUrl: sandboxed ? `${config.publicUrl}${SANDBOX_PREFIX}/checkout` : LIQPAY_CHECKOUT_URL,
        apiUrl: sandboxed ? `${config.publicUrl}${SANDBOX_PREFIX}/api/request` : LIQPAY_API_URL,
        publicUrl: config.publicUrl,
      },
      changeLimiter: new AttemptLimiter(
        `${ns}subscription-change`,
        SUBSCRIPTION_CHANGES_PER_HOUR,
        60 * 60,
        PAYMENT_MESSAGES.tooManyChanges,
        redis,
      ),
    });
    notifications.addTickSource('payments', (now) => payments.remindUpcomingCharges(now));
    notifications.addTickSource('payments-failed', (now) => payments.endFailedSubscriptions(now));
    const paymentDocuments = new PaymentDocuments({ db, clock, organisation: config.organisation });
    // A monthly charge's mail carries its receipt, made when the mail is sent.
    notifications.addAttachmentSource(RECEIPT_ATTACHMENT, (userId, paymentId) =>
      paymentDocuments.receiptAttachment(userId, paymentId),
    );
    notifications.addTickSource('payments-resume', (now) => payments.changes.remindResumes(now));
    const support = new SupportService({ db, clock, payments });
    const sandbox = sandboxed ? new LiqPaySandbox({ db, clock, signer, publicUrl: config.publicUrl, log }) : undefined;
    const game = new GameService({ db, clock });
    const repetition = new RepetitionService({
      db,
      clock,
      questions: (courseId, day) => courses.selfTestQuestions(courseId, day),
    });
    const clubs = new ClubsService({ db, clock, notifications });
    notifications.addTickSource('clubs', (now) => clubs.remindSignedUp(now));
    const olympiads = new OlympiadsService({ db, clock, support, notifications });
    notifications.addTickSource('olympiads', (now) => olympiads.tellStarted(now));
    // Habit imports no feature (they all record practice through it): what it needs comes from here.
    const habit = new HabitService({
      db,
      clock,
      waves: (userIds) => courses.learnerWaves(userIds),
      team: (userId) => support.inviteesQuery(userId),
      dueCards: (userId) => repetition.dueCount(userId),
      reachable: (userIds, key) => notifications.reachable(userIds, 'streak', key),
      remind: (trx, reminder) => notifications.notify(trx, { ...reminder, category: 'streak' }),
    });
    notifications.addTickSource('streak', (now) => habit.remindAtRisk(now));
    const certificates = new CertificatesService({
      db,
      clock,
      notifications,
      publicUrl: config.publicUrl,
      lookups: new AttemptLimiter(
        `${ns}certificate-lookup`,
        CERTIFICATE_LOOKUPS_PER_MINUTE,
        60,
        CERTIFICATE_MESSAGES.tooManyLookups,
        redis,
      ),
    });
    notifications.addTickSource('certificates', () => certificates.tellIssued());
    const privacy = new PrivacyService({
      db,
      clock,
      jobs,
      log,
      auth,
      passwords,
      files,
      uploads,
      // Outside `uploads`: an archive is a day's copy, never backed up, swept by its own rows.
      archives: new LocalFileStore(path.join(config.dataDir, 'exports')),
      notifications,
      sources: {
        team: (userId) => support.team(userId),
        unsubscribe: (userId, orderId) => payments.unsubscribe(userId, orderId),
      },
      passwordAttempts: new AttemptLimiter(
        `${ns}account-password`,
        ACCOUNT_PASSWORD_ATTEMPTS_PER_HOUR,
        60 * 60,
        PRIVACY_MESSAGES.tooManyAttempts,
        redis,
      ),
      graceDays: config.privacy.graceDays,
      contactEmail: config.privacy.contactEmail,
    });
    await seedGameTasks(db, clock.now(), log);
    const mediaRoot = path.join(config.dataDir, 'media');
    const admin = {
      users: new UsersAdmin({
        db,
        clock,
        onRoleChanged: async (userId) => {
          auth.forget({ userId });
          await chat.recheckRooms({ userId }).catch((error: unknown) => {
            // Its sockets were disconnected instead (Broadcaster.recheckRooms); the role stands.
            log.warn({ err: error }, 'chat rooms not rechecked after a role change');
          });
        },
      }),
      authoring: new CourseAuthoring({ db, clock, mediaRoot }),
      tasks: new TaskAuthoring({ db, clock }),
      reports: new PaymentReports({ db, clock }),
    };
    if (config.seedDemo) await seedDemo(db, auth, { mediaRoot, now: clock.now(), log });

    const housekeeping = overrides.workers ?? true;
    await jobs.start({ work: housekeeping });
    await courses.rollOverWaves();
    // The operator's one-off commands leave the sweeps to the running server.
    if (housekeeping) {
      every(WAVE_ROLLOVER_INTERVAL_MS, () => courses.rollOverWaves(), 'wave rollover');
      every(UPLOAD_SWEEP_INTERVAL_MS, () => chat.sweepUnclaimedUploads(), 'chat upload sweep');
      // An olympiad's mistakes become «Повторення» cards once its answers are no longer secret.
      every(OLYMPIAD_CARDS_INTERVAL_MS, () => olympiads.cardMistakes(clock.now()), 'olympiad repetition cards');
      every(CERTIFICATE_SWEEP_INTERVAL_MS, () => certificates.issueDue(), 'certificate sweep');
      // Bytes a crash left without their row (or half-written): once now, in the background, then hourly.
      const sweepStrays = () => files.sweepStrays();
      every(UPLOAD_SWEEP_INTERVAL_MS, sweepStrays, 'stray upload sweep');
      inBackground(sweepStrays, 'stray upload sweep');
      every(UPLOAD_SWEEP_INTERVAL_MS, () => privacy.sweepStrays(), 'stray data export sweep');
    }
    return {
      db,
      auth,
      account,
      twoStep,
      passwords,
      chat,
      broadcaster,
      courses,
      diary,
      homework,
      replies: new RepliesService({ db, clock }),
      files,
      support,
      payments,
      paymentDocuments,
      game,
      repetition,
      clubs,
      olympiads,
      progress: new ProgressService({ db, clock, courses }),
      habit,
      analytics: new AnalyticsService({ db, clock, notifications }),
      certificates,
      openbook: new OpenbookService({ db, clock }),
      privacy,
      push,
      notifications,
      admin,
      sandbox,
      mediaRoot,
      outage,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The game's own tasks (content/game), loaded into an installation that has none yet. */
const GAME_CONTENT = fileURLToPath(new URL('../../../content/game', import.meta.url));

async function seedGameTasks(db: Db, now: number, log: FastifyBaseLogger): Promise<void> {
  const any = await db.selectFrom('game_tasks').select('id').limit(1).executeTakeFirst();
  if (any) return;
  try {
    const count = await saveTasks(db, await readTaskFolder(GAME_CONTENT), now);
    log.info({ count }, 'game tasks loaded');
  } catch (error) {
    log.warn({ err: error }, 'game tasks not loaded');
  }
}
