// The midnight rush: a whole wave opens the lesson that opens at 00:00 Kyiv. 10,000 learners, each
// already signed in, load the app (GET /api/auth/current), home (GET /api/courses/today), the course
// and the newly opened lesson, all within `window` seconds of midnight, the crowd arriving at once
// and thinning out (the arrival shape below), while the wave's chat carries its usual traffic.
// Two server instances on one PostgreSQL and one Redis on this machine, each its own child process
// on its own port; learners and chat sockets are spread over both (learner i on instance i % 2).
// Reports each step's and all requests' p50/p99/max, errors by kind, the chat's send-to-ack times,
// and each instance's resident memory (before, peak, after) and CPU.
//
//   node bench/midnight.mjs [--learners 10000] [--window 300] [--chat-sockets 1000]
//                           [--chat-per-second 2] [--cpu-prof <dir>] [--quick]
//
// The servers' clock: BENCH_CLOCK_SHIFT_MS (benchmarks only, refused in production) moves it to a
// few seconds before the next Kyiv midnight; the wave started two days before that midnight, so
// lessons 1–2 are open and lesson 3 opens at 00:00. The benchmark checks that lesson 3 is refused
// just before midnight and starts the crowd at midnight by the servers' clock.
//
// Arrival shape: learner i arrives at the i-th quantile of an exponential distribution with a mean
// of a fifth of the window (60 s of 300 s), cut at the window: the first second brings about 0.3 %
// of the wave (≈ 33 learners at full size), half of them have come within 42 s, all within the
// window. `--window` below 300 compresses the same shape into less time with the same requests.
// It is an open model: a learner arrives at its time whether or not the ones before are answered,
// as people do; each learner's four requests follow one another, as a browser's would.
import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import {
  analyzeIfPostgres,
  cpuMsOf,
  freePort,
  freshDatabase,
  mb,
  openServices,
  reachablePostgres,
  round1,
  rssOf,
  seedCourse,
  seedLearners,
  serverDist,
  serverEnv,
  sleep,
  startServer,
  summarize,
} from './lib.mjs';

const STEPS = ['current', 'home', 'course', 'lesson'];
const LESSON = 3;
const REQUEST_TIMEOUT_MS = 30_000;
const DAY_MS = 86_400_000;
/** Real seconds between the servers' start and midnight by their clock: start-up and chat sockets. */
const LEAD_S = 60;
/** The evening before: visits per instance before midnight (lesson 2, the day's), as servers that ran all day. */
const WARMUP_VISITS = 400;

/** The Redis the benchmark's instances share (BENCH_REDIS_URL, else the machine's), or null. */
async function reachableRedis() {
  const url = new URL(process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379');
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok ? url.toString() : null);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

/** The seconds after midnight at which learner i of n arrives (see the arrival shape above). */
function arrivalS(i, n, windowS) {
  const mean = windowS / 5;
  const u = (i + 0.5) / n;
  return -mean * Math.log(1 - u * (1 - Math.exp(-windowS / mean)));
}

class StepError extends Error {
  constructor(kind) {
    super(kind);
    this.kind = kind;
  }
}

async function get(url, token) {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((error) => {
    throw new StepError(error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.name));
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new StepError(`HTTP ${response.status}`);
}

async function visit(base, token, courseId, times, all, errors, lesson = LESSON) {
  const urls = {
    current: `${base}/api/auth/current`,
    home: `${base}/api/courses/today`,
    course: `${base}/api/courses/${courseId}`,
    lesson: `${base}/api/courses/${courseId}/lessons/${lesson}/content`,
  };
  for (const step of STEPS) {
    const started = performance.now();
    try {
      await get(urls[step], token);
    } catch (error) {
      const kind = `${step}: ${error instanceof StepError ? error.kind : error.message}`;
      errors[kind] = (errors[kind] ?? 0) + 1;
      return;
    }
    const ms = performance.now() - started;
    times[step].push(ms);
    all.push(ms);
  }
}

function chatSocket(url, token, room) {
  const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', async () => {
      try {
        const ack = await socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck('chat:join', room);
        if (!ack.ok) throw new Error(`join: ${ack.message}`);
        resolve(socket);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * What the benchmark's PostgreSQL connections are doing, sampled every half second: how often a
 * connection was running a query, and what it waited on (a lock, the WAL's flush to disk, …).
 */
function watchDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  const waits = {};
  let samples = 0;
  let active = 0;
  let timer;
  const ready = client.connect().then(() => {
    timer = setInterval(() => {
      client
        .query(
          `SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS wait, count(*)::int AS n
             FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
            GROUP BY 1`,
        )
        .then(
          ({ rows }) => {
            samples += 1;
            for (const row of rows) {
              waits[row.wait] = (waits[row.wait] ?? 0) + row.n;
              active += row.n;
            }
          },
          () => {},
        );
    }, 500);
  });
  return {
    ready,
    async stop() {
      clearInterval(timer);
      await client.end().catch(() => {});
      const perSample = (n) => round1(n / Math.max(1, samples));
      return {
        samples,
        activeConnectionsMean: perSample(active),
        waitsMean: Object.fromEntries(
          Object.entries(waits)
            .sort((a, b) => b[1] - a[1])
            .map(([wait, n]) => [wait, perSample(n)]),
        ),
      };
    },
  };
}

/** Resident memory and CPU of each instance, sampled every half second. */
function watch(servers, before) {
  const peaks = [...before];
  const timer = setInterval(() => {
    servers.forEach((server, i) => {
      rssOf(server.child.pid).then(
        (rss) => {
          peaks[i] = Math.max(peaks[i], rss);
        },
        () => {},
      );
    });
  }, 500);
  return {
    peaks,
    stop: () => clearInterval(timer),
  };
}

export async function midnightBench({
  learners = 10_000,
  windowS = 300,
  chatSockets = 1000,
  chatPerSecond = 2,
  adminUrl,
  redisUrl,
  cpuProf,
} = {}) {
  // The contract's Kyiv calendar, as the server computes lesson openings (built with the server).
  const { kyivParts, kyivTime } = await import(path.join(serverDist, '../../contract/dist/index.js'));
  const database = await freshDatabase('postgres', adminUrl);
  const servers = [];
  const sockets = [];
  try {
    // The next Kyiv midnight at least an hour away (by the machine's clock), and how far ahead the
    // servers' clock must run for it to come LEAD_S seconds after they start.
    const today = kyivParts(Date.now() + 3_600_000);
    const midnight = kyivTime(today.year, today.month, today.day + 1);
    const waveStart = kyivTime(today.year, today.month, today.day - 1);
    const ports = [await freePort(), await freePort()];
    const shared = {
      RATE_LIMIT_CHAT: '100000',
      REDIS_URL: redisUrl,
      // One secret for both instances (each would otherwise make its own in DATA_DIR at once).
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    };
    // Seeding: sessions last used six hours before midnight (by then the evening), so the
    // servers note each session's use at its first request, as they would that night.
    const seedEnv = serverEnv(database, ports[0], shared);
    const { config, services } = await openServices(seedEnv);
    let room;
    let people;
    const seededAt = midnight - 6 * 3_600_000;
    try {
      // seedCourse starts the wave a day before the instant it is given.
      room = await seedCourse(services, waveStart + DAY_MS);
      people = await seedLearners(services, config, room, { count: learners, now: seededAt });
      await analyzeIfPostgres(services, 'postgres');
    } finally {
      await services.close();
    }

    const shiftMs = midnight - (Date.now() + LEAD_S * 1000);
    const serverNow = () => Date.now() + shiftMs;
    // --cpu-prof: a V8 CPU profile of each instance, written when it stops.
    const nodeArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [];
    for (const port of ports) {
      const env = serverEnv(database, port, { ...shared, BENCH_CLOCK_SHIFT_MS: String(shiftMs) });
      servers.push(await startServer(env, { nodeArgs }));
    }
    const bases = servers.map((s) => s.url);

    // Lesson 3 is still closed just before midnight (the servers' clock really is shifted).
    const closedBefore = await fetch(`${bases[0]}/api/courses/${room.courseId}/lessons/${LESSON}/content`, {
      headers: { authorization: `Bearer ${people[0].token}` },
    }).then((r) => r.status);

    // The chat's usual traffic: learners from the end of the wave sit in the room on both instances.
    const chatters = people.slice(-chatSockets);
    for (let i = 0; i < chatters.length; i += 100) {
      sockets.push(
        ...(await Promise.all(chatters.slice(i, i + 100).map((p, j) => chatSocket(bases[(i + j) % 2], p.token, room)))),
      );
    }
    // The evening before midnight: the servers have been answering all day (compiled code, open
    // database connections, the course in memory). Learners other than the rush's first ones open
    // yesterday's lesson, 20 at a time on each instance; none of it is measured.
    const warmupErrors = {};
    await Promise.all(
      bases.map(async (base, b) => {
        const evening = people.filter((_, i) => i % 2 === b).slice(-WARMUP_VISITS);
        for (let i = 0; i < evening.length; i += 20) {
          await Promise.all(
            evening
              .slice(i, i + 20)
              .map((p) =>
                visit(
                  base,
                  p.token,
                  room.courseId,
                  Object.fromEntries(STEPS.map((s) => [s, []])),
                  [],
                  warmupErrors,
                  LESSON - 1,
                ),
              ),
          );
        }
      }),
    );
    let chatDeliveries = 0;
    for (const socket of sockets) socket.on('chat:message', () => chatDeliveries++);

    const untilMidnight = midnight - serverNow();
    const lateS = round1(Math.max(0, -untilMidnight) / 1000);
    if (untilMidnight > 0) await sleep(untilMidnight);

    const rssBefore = await Promise.all(servers.map((s) => rssOf(s.child.pid)));
    const cpuBefore = await Promise.all(servers.map((s) => cpuMsOf(s.child.pid)));
    const memory = watch(servers, rssBefore);
    const databaseWatch = watchDatabase(database.databaseUrl);
    await databaseWatch.ready;
    // The benchmark's own event loop: when it lags, arrivals bunch up and every time grows by it.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const times = Object.fromEntries(STEPS.map((s) => [s, []]));
    const all = [];
    const errors = {};
    const chatAcks = [];
    const chatErrors = {};
    const started = performance.now();
    let chatting = true;
    const chat = (async () => {
      let n = 0;
      while (chatting && sockets.length > 0) {
        const socket = sockets[n % sockets.length];
        const sent = performance.now();
        try {
          const ack = await socket
            .timeout(REQUEST_TIMEOUT_MS)
            .emitWithAck('chat:send', { ...room, text: `Урок ${LESSON} відкрився! (${n})` });
          if (ack.ok) chatAcks.push(performance.now() - sent);
          else chatErrors[ack.message] = (chatErrors[ack.message] ?? 0) + 1;
        } catch {
          chatErrors.timeout = (chatErrors.timeout ?? 0) + 1;
        }
        n += 1;
        const due = started + (n * 1000) / chatPerSecond;
        if (due > performance.now()) await sleep(due - performance.now());
      }
    })();

    const perSecond = new Map();
    const visits = [];
    console.error(`midnight: ${learners} learners over ${windowS} s on two instances, ${sockets.length} chat sockets…`);
    for (let i = 0; i < learners; i++) {
      const due = started + arrivalS(i, learners, windowS) * 1000;
      if (due > performance.now()) await sleep(due - performance.now());
      const second = Math.floor((performance.now() - started) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      visits.push(visit(bases[i % 2], people[i].token, room.courseId, times, all, errors));
    }
    const lastArrivedS = (performance.now() - started) / 1000;
    await Promise.all(visits);
    const totalS = (performance.now() - started) / 1000;
    chatting = false;
    await chat;
    memory.stop();
    loopDelay.disable();
    const databaseActivity = await databaseWatch.stop();
    const rssAfter = await Promise.all(servers.map((s) => rssOf(s.child.pid)));
    const cpuAfter = await Promise.all(servers.map((s) => cpuMsOf(s.child.pid)));
    const requests = all.length + Object.values(errors).reduce((a, b) => a + b, 0);
    const overall = summarize(all);
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    return {
      learners,
      windowS,
      compressed: windowS < 300 ? `${300 / windowS} × (the 5 minutes in ${windowS} s, same requests)` : false,
      serversClock: {
        midnight: new Date(midnight).toISOString(),
        lessonBeforeMidnight: closedBefore,
        rushStartedLateByS: lateS,
        warmupErrors,
      },
      arrivals: {
        firstSecond: perSecond.get(0) ?? 0,
        peakPerSecond: Math.max(...perSecond.values()),
        lastArrivedS: round1(lastArrivedS),
      },
      totalS: round1(totalS),
      requests,
      requestsPerSecond: round1(requests / totalS),
      all: overall,
      steps: Object.fromEntries(STEPS.map((s) => [s, summarize(times[s])])),
      errors: errorCount,
      errorsByKind: errors,
      chat: {
        sockets: sockets.length,
        sent: chatAcks.length,
        ack: summarize(chatAcks),
        errorsByKind: chatErrors,
        deliveries: chatDeliveries,
      },
      database: databaseActivity,
      loadGenerator: {
        eventLoopDelayP99Ms: round1(loopDelay.percentile(99) / 1e6),
        eventLoopDelayMaxMs: round1(loopDelay.max / 1e6),
      },
      instances: servers.map((_, i) => ({
        rssMB: { before: mb(rssBefore[i]), peak: mb(Math.max(memory.peaks[i], rssAfter[i])), after: mb(rssAfter[i]) },
        cpuS: round1((cpuAfter[i] - cpuBefore[i]) / 1000),
      })),
      budget: {
        p99Ms: 200,
        met: errorCount === 0 && overall.p99Ms !== null && overall.p99Ms < 200 && closedBefore === 403,
      },
    };
  } finally {
    for (const socket of sockets) socket.close();
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

const DEFAULTS = { learners: 10_000, windowS: 300, chatSockets: 1000, chatPerSecond: 2 };
const QUICK = { learners: 300, windowS: 15, chatSockets: 50, chatPerSecond: 2 };

/** PostgreSQL and Redis of the machine, or the reason the benchmark is skipped. */
export async function midnightRun(overrides = {}) {
  const options = { ...DEFAULTS, ...(overrides.quick ? QUICK : {}), ...overrides };
  const adminUrl = await reachablePostgres();
  if (!adminUrl) return { skipped: 'PostgreSQL did not answer' };
  const redisUrl = await reachableRedis();
  if (!redisUrl) return { skipped: 'Redis did not answer' };
  return midnightBench({ ...options, adminUrl, redisUrl });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      learners: { type: 'string' },
      window: { type: 'string' },
      'chat-sockets': { type: 'string' },
      'chat-per-second': { type: 'string' },
      quick: { type: 'boolean' },
      'cpu-prof': { type: 'string' },
    },
  });
  const options = {};
  if (values['cpu-prof']) options.cpuProf = path.resolve(values['cpu-prof']);
  if (values.quick) options.quick = true;
  if (values.learners) options.learners = Number(values.learners);
  if (values.window) options.windowS = Number(values.window);
  if (values['chat-sockets']) options.chatSockets = Number(values['chat-sockets']);
  if (values['chat-per-second']) options.chatPerSecond = Number(values['chat-per-second']);
  console.log(JSON.stringify(await midnightRun(options), null, 2));
  process.exit(0);
}
