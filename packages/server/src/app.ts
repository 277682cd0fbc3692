import formBody from '@fastify/formbody';
import { CHAT_MESSAGES, configureUkrainianMessages } from '@yedyni/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRoutes, consoleDoor, peopleRoutes } from './features/admin/index.js';
import { analyticsRoutes } from './features/analytics/index.js';
import {
  accountRoutes,
  authentication,
  authRoutes,
  sessionRoutes,
  signedInRoutes,
  twoStepRoutes,
} from './features/auth/index.js';
import { certificateAdminRoutes, certificatesRoutes } from './features/certificates/index.js';
import { chatEvents, chatRoutes } from './features/chat/index.js';
import { clubAdminRoutes, clubsRoutes } from './features/clubs/index.js';
import { courseAdminRoutes, coursesRoutes, mediaFiles } from './features/courses/index.js';
import { diaryRoutes } from './features/diary/index.js';
import { filesRoutes } from './features/files/index.js';
import { gameRoutes, taskAdminRoutes } from './features/game/index.js';
import { habitRoutes } from './features/habit/index.js';
import { homeworkAdminRoutes, homeworkRoutes } from './features/homework/index.js';
import { notificationsRoutes, pushRoutes } from './features/notifications/index.js';
import { olympiadAdminRoutes, olympiadsRoutes } from './features/olympiads/index.js';
import { openbookAdminRoutes, openbookRoutes } from './features/openbook/index.js';
import { paymentAdminRoutes, paymentDocumentRoutes, paymentsRoutes } from './features/payments/index.js';
import { privacyRoutes } from './features/privacy/index.js';
import { progressRoutes } from './features/progress/index.js';
import { repliesRoutes } from './features/replies/index.js';
import { supportRoutes } from './features/support/index.js';
import { type Config, ConfigError } from './infra/config.js';
import { crossOrigin } from './infra/http/cors.js';
import { apiDocs } from './infra/http/docs.js';
import { errorHandling, routerErrors } from './infra/http/errors.js';
import { multipartForms } from './infra/http/multipart.js';
import { RequestLog } from './infra/http/request-log.js';
import { securityHeaders } from './infra/http/security.js';
import { validatorCompiler } from './infra/http/validation.js';
import { webApp } from './infra/http/web.js';
import { SANDBOX_PREFIX, sandboxRoutes } from './infra/liqpay/sandbox.js';
import { authenticateSockets, createRealtimeServer } from './infra/realtime.js';
import { DEMO_PASSWORD, demoAccountsWithDemoPassword } from './seed/demo.js';
import { createServices, type ServiceOverrides, type Services } from './services.js';

configureUkrainianMessages();

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Runs the periodic socket check now (sessions and rooms); tests use it instead of waiting a minute. */
    checkSockets(): Promise<void>;
  }
}

/** The composition root: feature services and their routes on one Fastify app. */
export interface AppOverrides extends ServiceOverrides {
  /** Where the JSON log lines go (stdout by default). */
  logStream?: NodeJS.WritableStream;
  /**
   * The Redis channel the instances' sockets share ('yedyni'). Tests give each group of instances
   * its own: apps of other test files on the same Redis would count as instances to wait for.
   */
  realtimeChannel?: string;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  // A hop count is given as a function: Fastify 5 takes a bare number as "trust nobody", since the
  // nearest peer is then trusted by its position alone (README: TRUST_PROXY).
  const { trustProxy } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
      serializers: {
        // Only what an operator needs; a reset link's token (in the SPA path) never reaches the log.
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: request.url.replace(/\/reset\/[^/?#]+/, '/reset/[redacted]'),
          remoteAddress: request.ip,
        }),
      },
    },
    // Successful reads are logged at debug, everything else as before (infra/http/request-log.ts).
    logController: new RequestLog(),
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow clients (a body of 100 bytes sent one byte and then nothing) must not hold a
    // connection forever: idle sockets are closed, and headers and the whole request are
    // answered 408 when they take too long. Node checks the last two on an interval (30 s by
    // default), so it is made short enough for the shorter limit to be kept.
    connectionTimeout: config.timeouts.idleMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.timeouts.headersMs / 4))),
    },
    forceCloseConnections: true,
    // A malformed or overlong path is refused before any route: `{ message }` like every error.
    frameworkErrors: routerErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = await createServices(config, app.log, overrides);
  if (config.env === 'production') await refuseDemoPasswords(services);
  app.addHook('onClose', services.close);
  app.decorate('services', services);

  await app.register(errorHandling, { outage: services.outage });
  await app.register(securityHeaders);
  await app.register(crossOrigin, { origins: config.corsOrigins });
  await app.register(apiDocs);
  await app.register(authentication, { auth: services.auth });
  await app.register(multipartForms);
  // The provider's callbacks and the sandbox's forms are application/x-www-form-urlencoded.
  await app.register(formBody);

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await services.db.selectFrom('users').select('id').limit(1).execute();
    return { status: 'ok' };
  });
  // The benchmarks' yardstick (bench/api.mjs): the same process, hooks and logging, but no auth and
  // no database. It exists only when BENCH_BARE_ROUTE is set.
  if (config.benchBareRoute) {
    app.get('/api/bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
    // The floor for any route that touches data: the same, plus one primary-key read of `users`
    // (the id in `?id=`) through the same pool and query builder as every route.
    app.get('/api/bench/bare-read', { schema: { hide: true } }, async (request) => {
      const id = (request.query as { id?: unknown }).id;
      const row = await services.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', typeof id === 'string' ? id : '')
        .executeTakeFirst();
      return { ok: row !== undefined };
    });
    // Home as it was before the daily habit (issue 19): «Що сьогодні» without the streak, the goal
    // and the due cards, so the benchmark reports what the habit adds to the one home request.
    await app.register(
      async (bench) => {
        signedInRoutes(bench, { tags: ['bench'] });
        bench.get('/home-before-habit', { schema: { hide: true } }, async (request) =>
          services.courses.today(request.user),
        );
      },
      { prefix: '/api/bench' },
    );
  }
  await app.register(authRoutes, { prefix: '/api/auth', auth: services.auth, demo: config.env !== 'production' });
  await app.register(accountRoutes, { prefix: '/api/account', account: services.account });
  await app.register(sessionRoutes, { prefix: '/api/auth/sessions', auth: services.auth });
  await app.register(twoStepRoutes, { prefix: '/api/auth/two-step', auth: services.auth, twoStep: services.twoStep });
  await app.register(supportRoutes, { prefix: '/api/partners', support: services.support });
  await app.register(coursesRoutes, {
    prefix: '/api/courses',
    courses: services.courses,
    // Home's «Що сьогодні» carries the habit card's data (no second request).
    habit: (actor) => services.habit.summary(actor),
  });
  await app.register(habitRoutes, { prefix: '/api/habit', habit: services.habit });
  await app.register(analyticsRoutes, { prefix: '/api/analytics', analytics: services.analytics });
  await app.register(diaryRoutes, { prefix: '/api/diary', diary: services.diary });
  await app.register(homeworkRoutes, { prefix: '/api/exercises', homework: services.homework });
  await app.register(repliesRoutes, { prefix: '/api/exercises/replies', replies: services.replies });
  await app.register(filesRoutes, { prefix: '/api/files', files: services.files });
  await app.register(chatRoutes, { prefix: '/api/chats', chat: services.chat });
  await app.register(paymentsRoutes, { prefix: '/api/payments', payments: services.payments });
  await app.register(paymentDocumentRoutes, { prefix: '/api/payments', documents: services.paymentDocuments });
  await app.register(gameRoutes, { prefix: '/api/game', game: services.game, repetition: services.repetition });
  await app.register(clubsRoutes, { prefix: '/api/clubs', clubs: services.clubs });
  await app.register(olympiadsRoutes, { prefix: '/api/olympiads', olympiads: services.olympiads });
  await app.register(progressRoutes, { prefix: '/api/progress', progress: services.progress });
  await app.register(notificationsRoutes, { prefix: '/api/notifications', notifications: services.notifications });
  await app.register(certificatesRoutes, { prefix: '/api/certificates', certificates: services.certificates });
  await app.register(privacyRoutes, { prefix: '/api/privacy', privacy: services.privacy });
  await app.register(openbookRoutes, { prefix: '/api/openbook', openbook: services.openbook });
  await app.register(pushRoutes, {
    prefix: '/api/notifications',
    push: services.push.channel,
    subscriptions: services.push.subscriptions,
  });
  // The console: one door, then each domain's part of it (same paths as ever under /api/admin).
  await app.register(
    async (area) => {
      consoleDoor(area);
      await area.register(peopleRoutes, { users: services.admin.users });
      await area.register(courseAdminRoutes, { authoring: services.admin.authoring });
      await area.register(taskAdminRoutes, { tasks: services.admin.tasks });
      await area.register(olympiadAdminRoutes, { olympiads: services.olympiads });
      await area.register(clubAdminRoutes, { clubs: services.clubs });
      await area.register(certificateAdminRoutes, { certificates: services.certificates });
      await area.register(homeworkAdminRoutes, { review: services.homework.review });
      await area.register(paymentAdminRoutes, { reports: services.admin.reports });
      await area.register(openbookAdminRoutes, { openbook: services.openbook });
      await area.register(auditRoutes, { db: services.db });
    },
    { prefix: '/api/admin' },
  );
  // In live mode none of the sandbox's routes exist.
  if (services.sandbox) await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, sandbox: services.sandbox });

  // Socket.IO on the same port: live chat and the unread count, shared across instances by Redis.
  const realtime = createRealtimeServer(app.server, {
    redisUrl: config.redisUrl,
    log: app.log,
    origins: config.corsOrigins,
    publicUrl: config.publicUrl,
    ...(overrides.realtimeChannel ? { channel: overrides.realtimeChannel } : {}),
  });
  const socketChecks = authenticateSockets(realtime.io, {
    authenticate: (token) => services.auth.authenticate(token),
    liveSessionIds: (ids) => services.auth.liveSessionIds(ids),
    refusedRooms: (held) => services.chat.refusedRooms(held),
    refusal: CHAT_MESSAGES.unauthorized,
    log: app.log,
    outage: services.outage,
  });
  chatEvents(realtime.io, {
    chat: services.chat,
    authenticate: (token) => services.auth.authenticate(token),
    log: app.log,
    outage: services.outage,
  });
  services.broadcaster.attach(realtime.io);
  app.decorate('checkSockets', socketChecks.check);
  // Sockets go before the HTTP server closes, or it would wait for them.
  app.addHook('preClose', async () => {
    socketChecks.stop();
    await realtime.close();
  });

  // Course media (images, audio) are course content, not anyone's private files.
  await app.register(mediaFiles, { root: services.mediaRoot });

  await app.register(webApp, { webDist: config.webDist });
  return app;
}

/**
 * Production never serves a database where a demo account still has the published demo password
 * (seeded once outside production, then switched over): anyone could sign in as its admin. Only
 * the server refuses; the operator's command line still runs, to change those passwords.
 */
async function refuseDemoPasswords(services: Services): Promise<void> {
  const open = await demoAccountsWithDemoPassword(services.db, services.passwords).catch(async (error: unknown) => {
    await services.close();
    throw error;
  });
  if (open.length === 0) return;
  await services.close();
  throw new ConfigError(
    `NODE_ENV=production: у базі є демонстраційні облікові записи з паролем «${DEMO_PASSWORD}»: ${open.join(', ')}.\n` +
      'Змініть їм пароль (npm run admin -- set-password <email> <новий пароль>) або видаліть їх, тоді запускайте.',
  );
}
