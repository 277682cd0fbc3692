// Chat fan-out: N learners of one course wave connected over WebSocket to one server; one of them
// sends messages and every other receives them. Reports the latency from send to arrival at each
// client (p50/p99/max over all arrivals) and the server's resident memory per connection.
//
//   node bench/chat-fanout.mjs [--clients 1000] [--messages 20] [--workers 2] [--cpu-prof <dir>] [--dist <server dist>]
//
// Needs the built server (npm run build:server). The server runs as its own process on SQLite
// in a temporary data directory; learners and their sessions are written straight into its
// database before it starts (registering 1,000 people through argon2 would only measure argon2).
// The receiving sockets live in `workers` client processes (this file again, with --worker), so
// that decoding N copies of each message is shared out rather than done by one process in turn;
// times are wall-clock instants of the one machine, so they compare across processes.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import {
  cpuMsOf,
  freePort,
  freshDatabase,
  mb,
  onCleanup,
  openServices,
  round1,
  rssOf,
  seedCourse,
  seedLearners,
  serverEnv,
  sleep,
  startServer,
  summarize,
} from './lib.mjs';

const wallNow = () => performance.timeOrigin + performance.now();

function connect(url, token) {
  const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connects in batches of 100 and joins the room. */
async function connectAll(url, tokens, room) {
  const sockets = [];
  for (let i = 0; i < tokens.length; i += 100) {
    sockets.push(...(await Promise.all(tokens.slice(i, i + 100).map((token) => connect(url, token)))));
  }
  const acks = await Promise.all(sockets.map((s) => s.timeout(30_000).emitWithAck('chat:join', room)));
  if (acks.some((ack) => !ack.ok)) throw new Error('a socket could not join the room');
  return sockets;
}

/** A client process: holds its share of sockets and notes when each message reaches each one. */
function runWorker() {
  let sockets = [];
  const arrivals = {};
  process.on('message', async (command) => {
    try {
      if (command.type === 'connect') {
        sockets = await connectAll(command.url, command.tokens, command.room);
        for (const socket of sockets) {
          socket.on('chat:message', (message) => {
            const at = wallNow();
            const list = arrivals[message.text] ?? [];
            list.push(at);
            arrivals[message.text] = list;
            if (list.length === sockets.length) process.send({ type: 'arrived', text: message.text });
          });
        }
        process.send({ type: 'connected' });
      } else if (command.type === 'report') {
        process.send({ type: 'report', arrivals });
      } else if (command.type === 'close') {
        for (const socket of sockets) socket.close();
        process.exit(0);
      }
    } catch (error) {
      process.send({ type: 'failed', message: String(error?.message ?? error) });
    }
  });
}

/** Starts the client processes; `ask` sends a command and waits for the given answer from each. */
function startWorkers(count) {
  const workers = Array.from({ length: count }, () =>
    fork(fileURLToPath(import.meta.url), ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const stop = onCleanup(async () => {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            if (worker.exitCode !== null || worker.signalCode !== null) return resolve();
            worker.once('exit', resolve);
            worker.send({ type: 'close' }, () => {});
            setTimeout(() => worker.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
  });
  const ask = (worker, command, answer) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type === 'failed') reject(new Error(message.message));
        else if (message.type === answer) {
          worker.off('message', onMessage);
          resolve(message);
        }
      };
      worker.on('message', onMessage);
      worker.send(command);
    });
  return { workers, ask, stop };
}

async function cpuOf(serverPid, workers) {
  const clients = await Promise.all(workers.map((w) => cpuMsOf(w.pid)));
  return { server: await cpuMsOf(serverPid), clients: clients.reduce((a, b) => a + b, 0) };
}

export async function chatFanout({ clients = 1000, messages = 20, workers: workerCount = 2, cpuProf, dist } = {}) {
  const database = await freshDatabase('sqlite');
  try {
    const env = serverEnv(database, await freePort(), { LOG_LEVEL: 'warn', RATE_LIMIT_CHAT: '100000' });
    const now = Date.now();
    const { config, services } = await openServices(env);
    let room;
    let people;
    try {
      room = await seedCourse(services, now);
      people = await seedLearners(services, config, room, { count: clients, now });
    } finally {
      await services.close();
    }
    const server = await startServer(env, {
      ...(dist ? { dist } : {}),
      nodeArgs: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [],
    });
    const clientsProcesses = startWorkers(workerCount);
    let sender;
    try {
      await sleep(500);
      const rssBefore = await rssOf(server.child.pid);
      const [first, ...rest] = people.map((p) => p.token);
      [sender] = await connectAll(server.url, [first], room);
      const shares = clientsProcesses.workers.map((_, w) => rest.filter((_, i) => i % workerCount === w));
      await Promise.all(
        clientsProcesses.workers.map((worker, w) =>
          clientsProcesses.ask(worker, { type: 'connect', url: server.url, tokens: shares[w], room }, 'connected'),
        ),
      );
      await sleep(1000);
      const rssAfter = await rssOf(server.child.pid);

      const sentAt = {};
      const ackMs = [];
      const cpuBefore = await cpuOf(server.child.pid, clientsProcesses.workers);
      for (let m = 0; m < messages; m++) {
        const text = `Повідомлення ${m}`;
        const arrived = Promise.all(
          clientsProcesses.workers.map(
            (worker) =>
              new Promise((resolve) => {
                const onMessage = (message) => {
                  if (message.type === 'arrived' && message.text === text) {
                    worker.off('message', onMessage);
                    resolve();
                  }
                };
                worker.on('message', onMessage);
              }),
          ),
        );
        sentAt[text] = wallNow();
        const ack = await sender.timeout(30_000).emitWithAck('chat:send', { ...room, text });
        // The ack leaves after the fan-out's writes (emit writes to every socket before returning).
        ackMs.push(wallNow() - sentAt[text]);
        if (!ack.ok) throw new Error(`send refused: ${ack.message}`);
        await arrived;
        await sleep(100);
      }
      const cpuAfter = await cpuOf(server.child.pid, clientsProcesses.workers);
      const reports = await Promise.all(
        clientsProcesses.workers.map((worker) => clientsProcesses.ask(worker, { type: 'report' }, 'report')),
      );
      const latencies = reports.flatMap((report) =>
        Object.entries(report.arrivals).flatMap(([text, times]) => times.map((at) => at - sentAt[text])),
      );
      const { count, p50Ms, p99Ms, maxMs } = summarize(latencies);
      return {
        clients,
        messages,
        clientProcesses: workerCount,
        deliveries: count,
        p50Ms,
        p99Ms,
        maxMs,
        // The sender's acknowledgement: the server's part (checks, insert, writing every frame).
        ack: summarize(ackMs),
        // CPU time per delivered copy over the sending (messages and their pauses), in µs.
        serverCpuPerDeliveryUs: round1(((cpuAfter.server - cpuBefore.server) * 1000) / count),
        clientsCpuPerDeliveryUs: round1(((cpuAfter.clients - cpuBefore.clients) * 1000) / count),
        serverRssBeforeMB: mb(rssBefore),
        serverRssAfterMB: mb(rssAfter),
        rssPerConnectionKB: round1((rssAfter - rssBefore) / clients / 1024),
      };
    } finally {
      sender?.close();
      await clientsProcesses.stop();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      clients: { type: 'string', default: '1000' },
      messages: { type: 'string', default: '20' },
      workers: { type: 'string', default: '2' },
      worker: { type: 'boolean' },
      'cpu-prof': { type: 'string' },
      dist: { type: 'string' },
    },
  });
  if (args.worker) runWorker();
  else await main(args);
}

async function main(args) {
  const result = await chatFanout({
    clients: Number(args.clients),
    messages: Number(args.messages),
    workers: Number(args.workers),
    cpuProf: args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined,
    dist: args.dist ? path.resolve(args.dist) : undefined,
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
