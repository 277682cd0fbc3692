// What each hot read costs inside the server, without HTTP: the service method behind each route
// of bench/api.mjs, called in this process on the same seeded database, one call at a time.
//
//   node bench/services.mjs [--databases sqlite,postgres] [--learners 1000] [--calls 1000] [--rounds 7]
//
// Needs the built server (npm run build:server). Each figure is the best of `rounds` rounds of
// `calls` calls (every call for the next learner): the best round is the one the machine's other
// work disturbed least, so figures of different days and builds compare better than req/s.
import { parseArgs } from 'node:util';
import { seedHistory } from './api.mjs';
import {
  analyzeIfPostgres,
  freePort,
  freshDatabase,
  openServices,
  reachablePostgres,
  seedCourse,
  seedLearners,
  serverEnv,
} from './lib.mjs';

/** The service call behind each route of bench/api.mjs, for a learner. */
function callsOf(services, room) {
  const page = { page: 2, limit: 10 };
  return {
    current: (who) => services.auth.currentUser(who.id),
    course: (who) => services.courses.get(who, room.courseId),
    notifications: (who) => services.homework.notifications(who, 1, 10),
    donats: (who) => services.payments.paymentHistory(who.id, page),
    mark: (who) => services.payments.footprint(who.id, page),
    home: (who) => Promise.all([services.courses.today(who), services.habit.summary(who)]),
    chats: (who) => services.chat.history(who, { courseId: room.courseId, wave: room.wave, page: 1, limit: 30 }),
  };
}

async function measure(call, people, { calls, rounds }) {
  const learner = (i) => ({
    id: people[i % people.length].id,
    role: 'user',
    sessionId: people[i % people.length].sessionId,
  });
  for (let i = 0; i < calls; i++) await call(learner(i));
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await call(learner(i));
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1000 / calls);
  }
  return Number(best.toFixed(1));
}

export async function servicesBench({
  databases = ['sqlite', 'postgres'],
  learners = 1000,
  calls = 1000,
  rounds = 7,
} = {}) {
  const results = [];
  const postgres = databases.includes('postgres') ? await reachablePostgres() : null;
  for (const kind of databases) {
    if (kind === 'postgres' && !postgres) continue;
    const database = await freshDatabase(kind, postgres);
    try {
      const { config, services } = await openServices(serverEnv(database, await freePort()));
      try {
        const now = Date.now();
        const room = await seedCourse(services, now);
        const people = await seedLearners(services, config, room, { count: learners, now });
        await seedHistory(services, people, room, now);
        await analyzeIfPostgres(services, kind);
        const perCall = {};
        for (const [name, call] of Object.entries(callsOf(services, room))) {
          console.error(`${kind}: ${name}…`);
          perCall[name] = await measure(call, people, { calls, rounds });
        }
        results.push({ database: kind, learners, calls, rounds, microsecondsPerCall: perCall });
      } finally {
        await services.close();
      }
    } finally {
      await database.drop();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      databases: { type: 'string', default: 'sqlite,postgres' },
      learners: { type: 'string', default: '1000' },
      calls: { type: 'string', default: '1000' },
      rounds: { type: 'string', default: '7' },
    },
  });
  const report = await servicesBench({
    databases: values.databases.split(','),
    learners: Number(values.learners),
    calls: Number(values.calls),
    rounds: Number(values.rounds),
  });
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}
