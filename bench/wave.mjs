// One wave of learners arriving at once: each signs in (POST /api/auth/login, argon2 and all),
// opens the course and lesson 1, hands in homework (multipart; every fourth with a small PNG),
// joins the wave's chat over Socket.IO and sends one message. Reports the whole run's time, each
// step's p50/p99/max, errors by kind and the server's resident memory.
//
//   node bench/wave.mjs [--learners 2000] [--ramp 25] [--concurrency 200] [--databases sqlite,postgres]
//                       [--dist <server dist>]
//
// Needs the built server (npm run build:server). Learners are written straight into the database
// with one argon2 hash of their common password, computed once (hashing 2,000 passwords would take
// minutes and is not what a wave does); signing in still verifies it, as it must. They start
// evenly over `ramp` seconds, at most `concurrency` at a time. The server runs with the login
// limits per address raised (RATE_LIMIT_LOGIN per address and email, RATE_LIMIT_LOGIN_ADDRESS per
// address): each takes an attempt as a sign-in starts and gives it back when the password is right,
// so that they hold under concurrent requests; 200 sign-ins at once from the bench's one address
// would otherwise meet the 30 an address may have in flight, and the bench would measure refusals.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import {
  analyzeIfPostgres,
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

const PASSWORD = 'хвиля-2026-пароль';
/** A 1×1 PNG, as a phone's screenshot would be were it smaller. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const STEPS = ['login', 'course', 'lesson', 'homework', 'chatJoin', 'chatSend'];
const STEP_TIMEOUT_MS = 60_000;

class StepError extends Error {
  constructor(kind) {
    super(kind);
    this.kind = kind;
  }
}

async function request(url, init, expected) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) }).catch((error) => {
    throw new StepError(error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.name));
  });
  const body = await response.text();
  if (response.status !== expected) throw new StepError(`HTTP ${response.status}`);
  return body;
}

function joinChat(url, token, room) {
  const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new StepError('timeout'));
    }, STEP_TIMEOUT_MS);
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(new StepError(`connect: ${error.message}`));
    });
    socket.once('connect', async () => {
      try {
        const ack = await socket.timeout(STEP_TIMEOUT_MS).emitWithAck('chat:join', room);
        clearTimeout(timer);
        if (!ack.ok) throw new StepError(`join: ${ack.message}`);
        resolve(socket);
      } catch (error) {
        clearTimeout(timer);
        socket.close();
        reject(error instanceof StepError ? error : new StepError('join: timeout'));
      }
    });
  });
}

/** One learner's visit; every step's duration goes to `times`, a failure to `errors`. */
async function learnerVisit(url, learner, index, room, times, errors) {
  let step = 'login';
  const timed = async (name, run) => {
    step = name;
    const started = performance.now();
    const result = await run();
    times[name].push(performance.now() - started);
    return result;
  };
  let socket;
  try {
    const login = await timed('login', () =>
      request(
        `${url}/api/auth/login`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: learner.email, password: PASSWORD }),
        },
        200,
      ),
    );
    const { token } = JSON.parse(login);
    const headers = { authorization: `Bearer ${token}` };
    await timed('course', () => request(`${url}/api/courses/${room.courseId}`, { headers }, 200));
    await timed('lesson', () => request(`${url}/api/courses/${room.courseId}/lessons/1/content`, { headers }, 200));
    await timed('homework', () => {
      const form = new FormData();
      form.append('courseId', room.courseId);
      form.append('lessonId', '1');
      form.append('homework', `Домашнє завдання учасника ${index}: сьогодні я вперше замовив каву українською.`);
      if (index % 4 === 0) form.append('file', new Blob([PNG], { type: 'image/png' }), 'kava.png');
      return request(`${url}/api/exercises`, { method: 'POST', headers, body: form }, 201);
    });
    socket = await timed('chatJoin', () => joinChat(url, token, room));
    await timed('chatSend', async () => {
      const ack = await socket
        .timeout(STEP_TIMEOUT_MS)
        .emitWithAck('chat:send', { ...room, text: `Привіт усім! Я учасник ${index}.` })
        .catch(() => {
          throw new StepError('timeout');
        });
      if (!ack.ok) throw new StepError(ack.message);
    });
    return true;
  } catch (error) {
    const kind = `${step}: ${error instanceof StepError ? error.kind : error.message}`;
    errors[kind] = (errors[kind] ?? 0) + 1;
    return false;
  } finally {
    socket?.close();
  }
}

async function waveOn(kind, adminUrl, { learners, rampS, concurrency, dist }) {
  const database = await freshDatabase(kind, adminUrl);
  try {
    const env = serverEnv(database, await freePort(), {
      RATE_LIMIT_LOGIN: '100000',
      RATE_LIMIT_LOGIN_ADDRESS: '100000',
    });
    const now = Date.now();
    const passwords = await import(path.join(serverDist, 'features/auth/passwords.js'));
    // PasswordHasher since the hashing line is bounded; an older dist exports hashPassword.
    const passwordHash = passwords.PasswordHasher
      ? await new passwords.PasswordHasher(1).hash(PASSWORD)
      : await passwords.hashPassword(PASSWORD);
    const { config, services } = await openServices(env);
    let room;
    let people;
    try {
      room = await seedCourse(services, now);
      people = await seedLearners(services, config, room, { count: learners, now, passwordHash, sessions: false });
      await analyzeIfPostgres(services, kind);
    } finally {
      await services.close();
    }
    const server = await startServer(env, dist ? { dist } : {});
    try {
      await sleep(500);
      const rssBefore = await rssOf(server.child.pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssOf(server.child.pid).then(
          (rss) => {
            rssPeak = Math.max(rssPeak, rss);
          },
          () => {},
        );
      }, 250);
      const times = Object.fromEntries(STEPS.map((s) => [s, []]));
      const errors = {};
      let running = 0;
      let completed = 0;
      let peakConcurrency = 0;
      const waiting = [];
      const visits = [];
      const started = performance.now();
      console.error(`${kind}: ${learners} learners over ${rampS} s, at most ${concurrency} at a time…`);
      for (let i = 0; i < people.length; i++) {
        const due = started + (i * rampS * 1000) / people.length;
        if (due > performance.now()) await sleep(due - performance.now());
        while (running >= concurrency) await new Promise((resolve) => waiting.push(resolve));
        running += 1;
        peakConcurrency = Math.max(peakConcurrency, running);
        visits.push(
          learnerVisit(server.url, people[i], i, room, times, errors).then((ok) => {
            if (ok) completed += 1;
            running -= 1;
            waiting.shift()?.();
          }),
        );
      }
      const lastStarted = performance.now();
      await Promise.all(visits);
      const totalS = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const rssAfter = await rssOf(server.child.pid);
      return {
        database: kind,
        learners,
        completed,
        rampS,
        concurrency,
        startedWithinS: round1((lastStarted - started) / 1000),
        totalS: round1(totalS),
        peakConcurrency,
        steps: Object.fromEntries(STEPS.map((s) => [s, summarize(times[s])])),
        errors: Object.values(errors).reduce((a, b) => a + b, 0),
        errorsByKind: errors,
        serverRssMB: { before: mb(rssBefore), peak: mb(Math.max(rssPeak, rssAfter)), after: mb(rssAfter) },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

const DEFAULTS = { learners: 2000, rampS: 25, concurrency: 200, databases: ['sqlite', 'postgres'] };
const QUICK = { learners: 100, rampS: 5, concurrency: 50, databases: ['sqlite'] };

export async function waveBench(overrides = {}) {
  const options = { ...DEFAULTS, ...(overrides.quick ? QUICK : {}), ...overrides };
  const runs = [];
  for (const kind of options.databases) {
    let adminUrl;
    if (kind === 'postgres') {
      adminUrl = await reachablePostgres();
      if (!adminUrl) {
        runs.push({ database: kind, skipped: 'PostgreSQL did not answer' });
        continue;
      }
    }
    runs.push(await waveOn(kind, adminUrl, options));
  }
  return runs;
}

export function waveOptionsFromArgs(values) {
  const options = {};
  if (values.quick) options.quick = true;
  if (values.learners) options.learners = Number(values.learners);
  if (values.ramp) options.rampS = Number(values.ramp);
  if (values.concurrency) options.concurrency = Number(values.concurrency);
  if (values.databases) options.databases = values.databases.split(',').map((s) => s.trim());
  if (values.dist) options.dist = path.resolve(values.dist);
  return options;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      learners: { type: 'string' },
      ramp: { type: 'string' },
      concurrency: { type: 'string' },
      databases: { type: 'string' },
      dist: { type: 'string' },
      quick: { type: 'boolean' },
    },
  });
  console.log(JSON.stringify(await waveBench(waveOptionsFromArgs(values)), null, 2));
  process.exit(0);
}
