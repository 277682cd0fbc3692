// The morning digest for a crowd: `learners` learners on PostgreSQL, enrolled in a course whose
// wave opened a lesson today, all with the default digest hour (8, Kyiv). The server's own
// services run in this process with the clock at 08:00 Kyiv; one tick makes every digest (a
// notification, its deliveries and their jobs, in the outbox's transactions), then the job
// workers (pg-boss) mail them. Mail goes to DATA_DIR/outbox as .eml files, as without SMTP_URL.
// Reports the tick's time, the time until every mail was written, mails per second and this
// process's peak resident memory.
//
//   node bench/notifications.mjs [--learners 10000]
//
// Needs the built server (npm run build:server) and PostgreSQL (DATABASE_URL or the local one).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  analyzeIfPostgres,
  DEFAULT_POSTGRES_URL,
  freePort,
  freshDatabase,
  mb,
  round1,
  seedCourse,
  seedLearners,
  serverDist,
  serverEnv,
  sleep,
} from './lib.mjs';

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog };

export async function notificationsBench({
  learners = 10_000,
  adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL,
} = {}) {
  const { kyivTime } = await import('@yedyni/contract');
  const { loadConfig } = await import(path.join(serverDist, 'infra/config.js'));
  const { createServices } = await import(path.join(serverDist, 'services.js'));
  // 08:00 Kyiv today: the default digest hour, in the first minutes the tick makes digests.
  const today = new Date();
  const now = kyivTime(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate(), 8, 0, 30);
  const clock = { now: () => now };

  const database = await freshDatabase('postgres', adminUrl);
  const env = serverEnv(database, await freePort());
  const config = loadConfig(env);
  // Seeding first, with the job workers off, so no minute tick starts the digest too early.
  const seeding = await createServices(config, silentLog, { clock, workers: false });
  const room = await seedCourse(seeding, now);
  // A password (any hash): the digest skips accounts nobody can sign in to.
  await seedLearners(seeding, config, room, { count: learners, now, sessions: false, passwordHash: 'bench' });
  await analyzeIfPostgres(seeding, 'postgres');
  await seeding.close();

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const outbox = path.join(database.dataDir, 'outbox');
  const mails = async () => (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml')).length;
  try {
    // The tick alone (no workers, so pg-boss's own minute tick cannot race it): every digest's
    // notification, deliveries and jobs.
    const ticking = await createServices(config, silentLog, { clock, workers: false });
    const started = performance.now();
    const tick = await ticking.notifications.tick();
    const tickMs = performance.now() - started;
    await ticking.close();
    // Then the workers send what it queued.
    const sending = await createServices(config, silentLog, { clock });
    const sendStarted = performance.now();
    let written = 0;
    try {
      // Until every digest is mailed, or nothing moved for a minute.
      for (let last = 0, still = performance.now(); written < tick.lessons; await sleep(200)) {
        written = await mails();
        if (written !== last) {
          last = written;
          still = performance.now();
        } else if (performance.now() - still > 60_000) break;
      }
    } finally {
      await sending.close();
    }
    const sendMs = performance.now() - sendStarted;
    return {
      learners,
      digests: tick.lessons,
      mails: written,
      tickSeconds: round1(tickMs / 1000),
      sendSeconds: round1(sendMs / 1000),
      wallSeconds: round1((tickMs + sendMs) / 1000),
      mailsPerSecond: round1(written / ((tickMs + sendMs) / 1000)),
      peakRssMB: mb(peakRss),
    };
  } finally {
    clearInterval(sampler);
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { learners: { type: 'string' } } });
  const result = await notificationsBench({ learners: Number(values.learners ?? 10_000) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
