// The curators' review queue and history (issue 20) under load.
//
//   node bench/queue.mjs [--databases sqlite,postgres] [--waiting 10000] [--reviewed 100000]
//                        [--duration 10] [--warmup 2] [--connections 50] [--claims-per-second 5] [--quick]
//
// Needs the built server (npm run build:server). For each database a fresh one is seeded directly:
// two courses with two waves each, learners with five homeworks each — `waiting` of them waiting
// (a tenth claimed by another curator), `reviewed` of them answered with a curator comment and a
// mark — then autocannon loads, as one curator, the queue without a filter, by course and wave,
// «Неназначені», and the history searched by a learner's name, while another curator claims and
// releases homework (5 of each a second by default: every one changes what the queue shows).
// Budget: p99 < 50 ms at 50 connections.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { apiOptionsFromArgs } from './api.mjs';
import {
  analyzeIfPostgres,
  freePort,
  freshDatabase,
  insertRows,
  openServices,
  reachablePostgres,
  seedCourse,
  serverDist,
  serverEnv,
  startServer,
} from './lib.mjs';

export const BUDGET = { maxP99Ms: 50 };
const PER_LEARNER = 5;
const FIRST = ['Олена', 'Тарас', 'Марія', 'Богдан', 'Оксана', 'Іван', 'Софія', 'Андрій', 'Ірина', 'Максим'];
const LAST = ['Коваль', 'Шевчук', 'Бондар', 'Ткаченко', 'Мельник', 'Кравець', 'Олійник', 'Лисенко', 'Гнатюк', 'Савчук'];

async function seed(services, config, now, { waiting, reviewed }) {
  const { db } = services;
  const { userSearchText } = await import(path.join(serverDist, 'infra/db/search.js'));
  const { SessionTokens, SESSION_TTL_MS } = await import(path.join(serverDist, 'features/auth/tokens.js'));
  const first = await seedCourse(services, now);
  // A second course beside the content one: a copy of its row (the queue only joins its title).
  const source = await db.selectFrom('courses').selectAll().where('id', '=', first.courseId).executeTakeFirstOrThrow();
  const second = { courseId: randomUUID(), wave: '2' };
  await insertRows(db, 'courses', [
    {
      ...source,
      id: second.courseId,
      slug: `bench-${randomBytes(3).toString('hex')}`,
      title: 'Розмовна українська',
      content_version: undefined,
      reply_target_hours: undefined,
    },
  ]);
  const rooms = [first, { courseId: first.courseId, wave: `${first.wave}-b` }, second, { ...second, wave: '3' }];

  const person = (id, first_name, last_name, email, role) => ({
    id,
    first_name,
    last_name,
    email,
    password_hash: '',
    role,
    inviter_id: null,
    created_at: now,
    mark: 0,
    search: userSearchText({ first_name, last_name, email }),
  });
  const curator = { id: randomUUID(), sessionId: randomUUID() };
  const other = randomUUID();
  await insertRows(db, 'users', [
    person(curator.id, 'Кураторка', 'Черги', `curator-${curator.id}@example.org`, 'moderator'),
    person(other, 'Тарас', 'Інший', `other-${other}@example.org`, 'moderator'),
  ]);
  const otherSession = randomUUID();
  await insertRows(db, 'sessions', [
    {
      id: curator.sessionId,
      user_id: curator.id,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      revoked_at: null,
      last_seen_at: now,
    },
    {
      id: otherSession,
      user_id: other,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      revoked_at: null,
      last_seen_at: now,
    },
  ]);
  // Curators act only with two-step sign-in on: rows as its set-up leaves them (the bench signs in
  // with made tokens, so no code is ever checked against the secret).
  await insertRows(
    db,
    'two_step',
    [curator.id, other].map((user_id) => ({
      user_id,
      secret: 'v1.bench.bench.bench',
      enabled_at: now,
      last_step: null,
      created_at: now,
    })),
  );
  const tokens = new SessionTokens(config.jwtSecret);
  const token = await tokens.sign({ userId: curator.id, sessionId: curator.sessionId }, now, now + SESSION_TTL_MS);
  const otherToken = await tokens.sign({ userId: other, sessionId: otherSession }, now, now + SESSION_TTL_MS);

  const learners = Math.ceil((waiting + reviewed) / PER_LEARNER);
  const users = [];
  const enrollments = [];
  const exercises = [];
  const comments = [];
  let made = 0;
  for (let i = 0; i < learners; i++) {
    const id = randomUUID();
    const room = rooms[i % rooms.length];
    users.push(
      person(
        id,
        FIRST[i % FIRST.length],
        LAST[Math.floor(i / FIRST.length) % LAST.length],
        `q-${i}@example.org`,
        'user',
      ),
    );
    enrollments.push({ user_id: id, course_id: room.courseId, wave: room.wave, enrolled_at: now });
    for (let day = 1; day <= PER_LEARNER && made < waiting + reviewed; day++, made++) {
      const exerciseId = randomUUID();
      const at = now - (made % 5000) * 60_000 - 3_600_000;
      const waits = made < waiting;
      const claimed = waits && made % 10 === 0;
      exercises.push({
        id: exerciseId,
        user_id: id,
        course_id: room.courseId,
        day,
        homework: `Відповідь ${made}: сьогодні я говорив українською в крамниці й на роботі.`,
        file_id: null,
        status: waits ? 'active' : 'inactive',
        rating: waits ? null : (made % 12) + 1,
        rating_version: 0,
        created_at: at,
        updated_at: at,
        waiting_since: waits ? at : null,
        reviewed_at: waits ? null : at + 600_000,
        claimed_by: claimed ? other : null,
        claim_until: claimed ? now + 3_600_000 : null,
      });
      if (!waits) {
        comments.push({
          id: randomUUID(),
          exercise_id: exerciseId,
          author_id: curator.id,
          comment: 'Гарно! Спробуйте ще «перепрошую» замість «вибачаюсь».',
          file_id: null,
          is_read: 1,
          created_at: at + 600_000,
          updated_at: at + 600_000,
        });
      }
    }
  }
  await insertRows(db, 'users', users);
  await insertRows(db, 'enrollments', enrollments);
  await insertRows(db, 'exercises', exercises, 100);
  await insertRows(db, 'exercise_comments', comments);
  const free = exercises.filter((e) => e.waiting_since !== null && e.claimed_by === null).map((e) => e.id);
  return {
    token,
    rooms,
    writer: { token: otherToken, exerciseIds: free.slice(0, 500) },
    seeded: { learners, waiting, reviewed, comments: comments.length },
  };
}

function targetsOf(rooms) {
  const room = rooms[2];
  const page = (b) => b.items.length === 20 && b.total > 20;
  return [
    { name: 'queue', path: '/api/exercises/queue?who=all', check: page },
    {
      name: 'queue by course+wave',
      path: `/api/exercises/queue?course=${room.courseId}&wave=${encodeURIComponent(room.wave)}&who=all`,
      check: page,
    },
    { name: 'unclaimed', path: '/api/exercises/queue?who=unclaimed', check: page },
    { name: 'history by name', path: `/api/exercises/reviewed?q=${encodeURIComponent('Олена Бондар')}`, check: page },
  ];
}

/**
 * Another curator opens and lets go of homework all the while (`perSecond` of each), as curators
 * at work do: every claim and release changes what the queue shows, so the pages the server keeps
 * (features/homework/queue-pages.ts) are read anew after each, as they would be in use.
 */
function startWriter(url, writer, perSecond) {
  let writes = 0;
  let failures = 0;
  let next = 0;
  const call = async (method, id) => {
    const response = await fetch(`${url}/api/exercises/${id}/claim`, {
      method,
      headers: { authorization: `Bearer ${writer.token}` },
    });
    await response.arrayBuffer();
    if (response.ok) writes++;
    else failures++;
  };
  const timer = setInterval(() => {
    const id = writer.exerciseIds[next++ % writer.exerciseIds.length];
    call('POST', id)
      .then(() => call('DELETE', id))
      .catch(() => failures++);
  }, 1000 / perSecond);
  return () => {
    clearInterval(timer);
    return { writes, failures };
  };
}

async function load(url, target, token, connections, seconds) {
  const result = await autocannon({
    url: url + target.path,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    route: target.name,
    connections,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function benchDatabase(kind, adminUrl, options) {
  const database = await freshDatabase(kind, adminUrl);
  try {
    const env = serverEnv(database, await freePort());
    const { config, services } = await openServices(env);
    let seeded;
    try {
      console.error(`${kind}: seeding ${options.waiting} waiting and ${options.reviewed} reviewed…`);
      seeded = await seed(services, config, Date.now(), options);
      await analyzeIfPostgres(services, kind);
    } finally {
      await services.close();
    }
    const server = await startServer(env);
    const rows = [];
    try {
      for (const target of targetsOf(seeded.rooms)) {
        const response = await fetch(server.url + target.path, {
          headers: { authorization: `Bearer ${seeded.token}` },
        });
        const body = await response.json().catch(() => null);
        if (!response.ok || !body || !target.check(body)) {
          throw new Error(`${target.path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
        }
        for (const connections of options.connections) {
          console.error(`  ${kind}: ${target.name} at ${connections} connections…`);
          if (options.warmup > 0) await load(server.url, target, seeded.token, connections, options.warmup);
          const stopWriter = startWriter(server.url, seeded.writer, options.claimsPerSecond);
          const result = await load(server.url, target, seeded.token, connections, options.duration);
          const written = stopWriter();
          rows.push({
            ...result,
            total: body.total,
            changesPerSecond: Math.round((written.writes / options.duration) * 10) / 10,
            changeFailures: written.failures,
          });
        }
      }
    } finally {
      await server.stop();
    }
    const misses = rows.filter((r) => r.connections === 50 && r.p99Ms >= BUDGET.maxP99Ms);
    return {
      database: kind,
      seeded: seeded.seeded,
      results: rows,
      budget: { p99Under50MsAt50: misses.length === 0, misses: misses.map((r) => `${r.route}: ${r.p99Ms} ms`) },
    };
  } finally {
    await database.drop();
  }
}

const DEFAULTS = { connections: [50], duration: 10, warmup: 2, waiting: 10_000, reviewed: 100_000, claimsPerSecond: 5 };
const QUICK = { duration: 3, warmup: 1, waiting: 1_000, reviewed: 10_000 };

export async function queueBench(overrides = {}) {
  const options = { ...DEFAULTS, ...(overrides.quick ? QUICK : {}), ...overrides };
  const report = { budget: BUDGET, durationS: options.duration, runs: [] };
  for (const kind of options.databases ?? ['sqlite', 'postgres']) {
    let adminUrl;
    if (kind === 'postgres') {
      adminUrl = await reachablePostgres();
      if (!adminUrl) {
        report.runs.push({ database: kind, skipped: 'PostgreSQL did not answer' });
        continue;
      }
    }
    report.runs.push(await benchDatabase(kind, adminUrl, options));
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      databases: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      waiting: { type: 'string' },
      reviewed: { type: 'string' },
      'claims-per-second': { type: 'string' },
      quick: { type: 'boolean' },
    },
  });
  // The options every bench shares are read as bench/api.mjs reads them; the sizes are this one's.
  const options = {
    ...apiOptionsFromArgs(values),
    ...(values.waiting ? { waiting: Number(values.waiting) } : {}),
    ...(values.reviewed ? { reviewed: Number(values.reviewed) } : {}),
    ...(values['claims-per-second'] ? { claimsPerSecond: Number(values['claims-per-second']) } : {}),
  };
  console.log(JSON.stringify(await queueBench(options), null, 2));
  process.exit(0);
}
