// `import-original` on a generated export of the old platform: 200,000 documents by default
// (20,000 people with 3 ledger rows and a course each, 10,000 payments, 50,000 diary entries,
// 40,000 homework with a comment each, 80,000 chat messages), written to a temporary folder as
// mongoexport's Extended JSON, then imported by the real command in a child process. Reports the
// import's time and the child's peak resident memory (VmHWM), which must not grow with the
// export: the files are streamed and only old → new ids of people and courses are held.
//
//   node bench/import.mjs [--rows 50000,100000,200000] [--postgres]
//
// Several sizes (a comma-separated list) run one after another, each into a fresh database, and
// end with a table of time and peak RSS per size: flat memory shows as the same peak for each.
//
// Needs the built server (npm run build:server); not in CI, not in `npm run bench`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_POSTGRES_URL, freePort, freshDatabase, mb, onCleanup, round1, serverDist, serverEnv } from './lib.mjs';
import { oid, person, T0, writeArray } from './original-export.mjs';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '200000' }, postgres: { type: 'boolean' } },
});

async function run(rows) {
  const scale = rows / 200_000;
  const counts = {
    users: Math.round(20_000 * scale),
    payments: Math.round(10_000 * scale),
    diaries: Math.round(50_000 * scale),
    exercises: Math.round(40_000 * scale),
    messages: Math.round(80_000 * scale),
  };
  const folder = await mkdtemp(path.join(tmpdir(), 'yedyni-original-'));
  onCleanup(() => rm(folder, { recursive: true, force: true }));
  const generating = Date.now();
  const course = (i) => ({
    _id: oid('c', i),
    title: `Курс ${i}`,
    wave: '12',
    start: { $date: new Date(T0).toISOString() },
    lessons: Array.from({ length: 20 }, (_, d) => ({
      day: String(d + 1),
      theme: `Урок ${d + 1}`,
      content: `https://files.example.org/c${i}/${d + 1}.html`,
      scheduledDate: { $date: { $numberLong: String(T0 + d * 86_400_000) } },
    })),
  });
  await writeArray(path.join(folder, 'courses.json'), 2, course);
  const user = (i) => oid('b', i % counts.users);
  await writeArray(path.join(folder, 'users.json'), counts.users, (i) =>
    person(i, counts.users, {
      courses: [oid('c', i % 2)],
      ukrainianMark: 27,
      historyUkrainianMark: [
        { date: T0 + i, points: 10, comment: 'Реєстрація на платформі', finalValue: 10 },
        { date: T0 + i + 1, points: 7, comment: 'Самоперевірка', finalValue: 17 },
        { date: T0 + i + 2, points: 10, comment: 'Запрошено учасника', finalValue: 27 },
      ],
    }),
  );
  await writeArray(path.join(folder, 'payments.json'), counts.payments, (i) => ({
    _id: oid('d', i),
    data: {
      order_id: `order-${i}`,
      payment_id: `pay-${i}`,
      action: i % 5 === 0 ? 'regular' : 'pay',
      status: 'success',
      amount: 100,
      currency: 'UAH',
      customer: user(i).$oid,
      end_date: T0 + i,
    },
    ...(i % 5 === 0 ? { objSub: { lastPaymentDate: T0 + i, isUnsubscribe: i % 10 === 0 } } : {}),
  }));
  await writeArray(path.join(folder, 'diaries.json'), counts.diaries, (i) => ({
    _id: oid('e', i),
    courseId: oid('c', i % 2).$oid,
    // Day and owner together are unique: ten lessons of one course per person.
    lessonId: String(Math.floor(i / counts.users) * 2 + 1 + (i % 2)),
    date: '2024-01-10',
    test: 7,
    entry: 'Запис щоденника',
    plan: 'План',
    owner: user(i),
  }));
  await writeArray(path.join(folder, 'exercises.json'), counts.exercises, (i) => ({
    _id: oid('f', i),
    course: oid('c', i % 2),
    // One homework per person, course and lesson, as the platform keeps it.
    lessonId: String(Math.floor(i / counts.users) + 1),
    homework: 'Домашнє завдання',
    status: i % 2 ? 'active' : 'inactive',
    rating: i % 2 ? undefined : 10,
    owner: user(i),
    comments: [{ _id: oid('a', i), date: T0 + i, comment: 'Добре', status: 'inactive', author: user(i + 1) }],
  }));
  await writeArray(path.join(folder, 'messages.json'), counts.messages, (i) => ({
    _id: oid('9', i),
    chat: `Курс ${i % 2}-12`,
    text: 'Повідомлення в чаті',
    sender: user(i),
    date: T0 + i,
  }));
  const documents = 2 + Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`export: ${documents} documents in ${((Date.now() - generating) / 1000).toFixed(1)} s`);

  const database = await freshDatabase(
    values.postgres ? 'postgres' : 'sqlite',
    process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
  );
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(serverDist, 'cli/admin.js'), 'import-original', folder], {
    env: serverEnv(database, await freePort(), { LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peak = 0;
  const poll = setInterval(async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
  }, 100);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  clearInterval(poll);
  const seconds = (Date.now() - started) / 1000;
  console.log(output.trim());
  console.log(
    JSON.stringify({
      database: database.kind,
      documents,
      exitCode: code,
      seconds: round1(seconds),
      documentsPerSecond: Math.round(documents / seconds),
      peakRssMb: mb(peak),
    }),
  );
  await database.drop();
  await rm(folder, { recursive: true, force: true });
  return { documents, code, seconds: round1(seconds), peakRssMb: mb(peak) };
}

const results = [];
for (const rows of values.rows.split(',').map(Number)) {
  const result = await run(rows);
  results.push(result);
  if (result.code !== 0) break;
}
console.log(`\n${values.postgres ? 'PostgreSQL' : 'SQLite'}: documents, seconds, peak RSS (MB)`);
for (const r of results) console.log(`  ${r.documents}\t${r.seconds} s\t${r.peakRssMb} MB`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
