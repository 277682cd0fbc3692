// Chat fan-out: N learners of one course wave connected over WebSocket to one server; one of them
// sends messages and every other receives them. Reports the latency from send to arrival at each
// client (p50/p99/max over all arrivals) and the server's resident memory per connection.
//
//   node bench/chat-fanout.mjs [--clients 1000] [--messages 20]
//
// Needs the built server (npm run build:server). The server runs as its own process on SQLite
// in a temporary data directory; learners and their sessions are written straight into its
// database before it starts (registering 1,000 people through argon2 would only measure argon2).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'packages/server/dist');
const { values: args } = parseArgs({
  options: { clients: { type: 'string', default: '1000' }, messages: { type: 'string', default: '20' } },
});
const CLIENTS = Number(args.clients);
const MESSAGES = Number(args.messages);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A course wave with `count` enrolled learners, each with a live session token. */
async function seed(env, count) {
  const { loadConfig } = await import(path.join(dist, 'infra/config.js'));
  const { createServices } = await import(path.join(dist, 'services.js'));
  const { importCourse } = await import(path.join(dist, 'features/courses/content.js'));
  const { SessionTokens, SESSION_TTL_MS } = await import(path.join(dist, 'features/auth/tokens.js'));
  const config = loadConfig(env);
  const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };
  const services = await createServices(config, silent);
  const now = Date.now();
  const course = await importCourse(services.db, path.join(root, 'content/courses/perehid'), {
    mediaRoot: services.mediaRoot,
    now,
    waveStart: now - 86_400_000,
  });
  const wave = (
    await services.db.selectFrom('courses').select('current_wave').where('id', '=', course.id).executeTakeFirstOrThrow()
  ).current_wave;
  const tokens = new SessionTokens(config.jwtSecret);
  const people = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const sessionId = randomUUID();
    people.push({ id, sessionId, token: await tokens.sign({ userId: id, sessionId }, now, now + SESSION_TTL_MS) });
  }
  for (let i = 0; i < people.length; i += 200) {
    const slice = people.slice(i, i + 200);
    await services.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values(
          slice.map((p, j) => ({
            id: p.id,
            first_name: 'Учасник',
            last_name: String(i + j),
            email: `bench-${i + j}@example.org`,
            password_hash: '',
            role: 'user',
            inviter_id: null,
            created_at: now,
            mark: 0,
          })),
        )
        .execute();
      await trx
        .insertInto('sessions')
        .values(
          slice.map((p) => ({
            id: p.sessionId,
            user_id: p.id,
            created_at: now,
            expires_at: now + SESSION_TTL_MS,
            revoked_at: null,
          })),
        )
        .execute();
      await trx
        .insertInto('enrollments')
        .values(slice.map((p) => ({ user_id: p.id, course_id: course.id, wave, enrolled_at: now })))
        .execute();
    });
  }
  await services.close();
  return { room: { courseId: course.id, wave }, tokens: people.map((p) => p.token) };
}

async function startServer(env) {
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await sleep(100);
  }
  throw new Error('server did not become healthy');
}

async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function connect(url, token) {
  const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function chatFanout({ clients = CLIENTS, messages = MESSAGES } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yedyni-bench-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_CHAT: '100000',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  const { room, tokens } = await seed(env, clients);
  const { child, url } = await startServer(env);
  const sockets = [];
  try {
    await sleep(500);
    const rssBefore = await rssOf(child.pid);
    for (let i = 0; i < tokens.length; i += 100) {
      sockets.push(...(await Promise.all(tokens.slice(i, i + 100).map((token) => connect(url, token)))));
    }
    await Promise.all(sockets.map((s) => s.timeout(10_000).emitWithAck('chat:join', room)));
    await sleep(1000);
    const rssAfter = await rssOf(child.pid);

    const [sender, ...listeners] = sockets;
    const latencies = [];
    for (let m = 0; m < messages; m++) {
      let pending = listeners.length;
      const sentAt = performance.now();
      const arrived = new Promise((resolve) => {
        for (const socket of listeners) {
          socket.once('chat:message', () => {
            latencies.push(performance.now() - sentAt);
            if (--pending === 0) resolve();
          });
        }
      });
      const ack = await sender.timeout(10_000).emitWithAck('chat:send', { ...room, text: `Повідомлення ${m}` });
      if (!ack.ok) throw new Error(`send refused: ${ack.message}`);
      await arrived;
      await sleep(100);
    }
    latencies.sort((a, b) => a - b);
    return {
      clients,
      messages,
      deliveries: latencies.length,
      p50Ms: Number(percentile(latencies, 50).toFixed(1)),
      p99Ms: Number(percentile(latencies, 99).toFixed(1)),
      maxMs: Number(latencies.at(-1).toFixed(1)),
      serverRssBeforeMB: Number((rssBefore / 2 ** 20).toFixed(1)),
      serverRssAfterMB: Number((rssAfter / 2 ** 20).toFixed(1)),
      rssPerConnectionKB: Number(((rssAfter - rssBefore) / clients / 1024).toFixed(1)),
    };
  } finally {
    for (const socket of sockets) socket.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await chatFanout(), null, 2));
}
