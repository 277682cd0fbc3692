// Wave analytics for a wave of 10,000 learners (issue 20: < 500 ms), on SQLite and PostgreSQL.
// Seeds one course whose wave started 20 days ago; each learner opened each of those lessons
// with a chance of 70 % (falling a little day by day), and of those took the self-test, wrote
// the diary and handed in homework with chances of 80, 60 and 40 %; a tenth stopped after day 5
// (the inactive list). Then times the service's answer (the route's work without HTTP) several
// times and reports the best and the median, with the row counts it read.
//
//   node bench/analytics.mjs [--learners 10000] [--databases sqlite,postgres] [--rounds 7]
//
// Needs the built server (npm run build:server); PostgreSQL where it answers.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  analyzeIfPostgres,
  DEFAULT_POSTGRES_URL,
  freePort,
  freshDatabase,
  insertRows,
  reachablePostgres,
  round1,
  seedCourse,
  seedLearners,
  serverDist,
  serverEnv,
} from './lib.mjs';

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog };
const DAY = 86_400_000;
const WAVE_AGE_DAYS = 20;

/** A repeatable chance: the same seed gives the same wave on both databases. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function one(kind, { learners, rounds, adminUrl }) {
  const { kyivIsoDate } = await import('@yedyni/contract');
  const { loadConfig } = await import(path.join(serverDist, 'infra/config.js'));
  const { createServices } = await import(path.join(serverDist, 'services.js'));
  const now = Date.now();
  const clock = { now: () => now };
  const database = await freshDatabase(kind, adminUrl);
  const env = serverEnv(database, await freePort());
  const config = loadConfig(env);
  const services = await createServices(config, silentLog, { clock, workers: false });
  try {
    const room = await seedCourse(services, now);
    const waveStart = now - WAVE_AGE_DAYS * DAY;
    await services.db
      .updateTable('course_waves')
      .set({ start: waveStart })
      .where('course_id', '=', room.courseId)
      .where('label', '=', room.wave)
      .execute();
    const people = await seedLearners(services, config, room, {
      count: learners,
      now: waveStart - DAY,
      sessions: false,
    });
    const chance = random(20);
    const opens = [];
    const practice = [];
    for (const person of people) {
      const lastDay = chance() < 0.1 ? 5 : WAVE_AGE_DAYS;
      for (let day = 1; day <= lastDay; day++) {
        if (chance() > 0.7 - day * 0.005) continue;
        const at = waveStart + (day - 1) * DAY + 10 * 3_600_000;
        opens.push({ user_id: person.id, course_id: room.courseId, wave: room.wave, day, opened_at: at });
        for (const [kind, p] of [
          ['selftest', 0.8],
          ['diary', 0.6],
          ['homework', 0.4],
        ]) {
          if (chance() > p) continue;
          practice.push({
            source_key: `bench:${randomUUID()}`,
            user_id: person.id,
            day: kyivIsoDate(at),
            kind,
            ref: `${room.courseId}:${day}`,
            at,
          });
        }
      }
    }
    await insertRows(services.db, 'lesson_opens', opens, 500);
    await insertRows(services.db, 'practice_events', practice, 500);
    await analyzeIfPostgres(services, kind);
    const curator = { id: randomUUID(), role: 'admin' };
    const times = [];
    let answer;
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      answer = await services.analytics.wave(curator, room.courseId, room.wave);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return {
      database: kind,
      learners,
      lessonOpens: opens.length,
      practiceRows: practice.length,
      inactive: answer.inactiveTotal,
      bestMs: round1(times[0]),
      medianMs: round1(times[Math.floor(times.length / 2)]),
      worstMs: round1(times.at(-1)),
    };
  } finally {
    await services.close();
    await database.drop();
  }
}

export async function analyticsBench({
  learners = 10_000,
  rounds = 7,
  databases = ['sqlite', 'postgres'],
  adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL,
} = {}) {
  const results = [];
  for (const kind of databases) {
    if (kind === 'postgres' && !(await reachablePostgres(adminUrl))) continue;
    results.push(await one(kind, { learners, rounds, adminUrl }));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { learners: { type: 'string' }, rounds: { type: 'string' }, databases: { type: 'string' } },
  });
  const result = await analyticsBench({
    learners: Number(values.learners ?? 10_000),
    rounds: Number(values.rounds ?? 7),
    databases: (values.databases ?? 'sqlite,postgres').split(','),
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
