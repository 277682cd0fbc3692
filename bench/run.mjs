// `npm run bench`: builds the server, runs every benchmark in turn and prints one JSON report
// (also saved under bench/results/, which git ignores). Figures and how to read them: bench/README.md.
//
//   npm run bench [-- --quick] [-- --only api,wave,fanout,midnight,notifications,queue]
//
// --quick runs each benchmark small (a minute or two in all): a check that they work, not figures.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiBench } from './api.mjs';
import { chatFanout } from './chat-fanout.mjs';
import { reachablePostgres } from './lib.mjs';
import { midnightRun } from './midnight.mjs';
import { notificationsBench } from './notifications.mjs';
import { queueBench } from './queue.mjs';
import { waveBench } from './wave.mjs';
import { checkBrowser, webBench } from './web.mjs';

const { values } = parseArgs({ options: { quick: { type: 'boolean' }, only: { type: 'string' } } });
const quick = Boolean(values.quick);
const only = new Set(
  values.only
    ? values.only.split(',').map((s) => s.trim())
    : ['api', 'wave', 'fanout', 'midnight', 'notifications', 'queue', 'web'],
);

if (only.has('web')) checkBrowser();

const root = fileURLToPath(new URL('..', import.meta.url));
execFileSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });

const report = {
  date: new Date().toISOString(),
  quick,
  machine: {
    node: process.version,
    cpus: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
  },
};
// Written again after each benchmark, so that one failing late keeps the figures of the others.
const file = new URL(`results/${report.date.replace(/[:.]/g, '-')}.json`, import.meta.url);
const save = () => {
  mkdirSync(new URL('results/', import.meta.url), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
};

if (only.has('api')) {
  console.error('API throughput and latency…');
  report.api = await apiBench({ quick });
  save();
}
if (only.has('wave')) {
  console.error('a wave of learners…');
  report.wave = await waveBench({ quick });
  save();
}
if (only.has('fanout')) {
  report.chatFanout = [];
  for (const clients of quick ? [200] : [1000, 5000]) {
    console.error(`chat fan-out to ${clients} sockets…`);
    report.chatFanout.push(await chatFanout({ clients, messages: quick ? 5 : 20, workers: 2 }));
    save();
  }
}
if (only.has('midnight')) {
  // PostgreSQL + Redis, two instances: skipped (and said so in the report) when either is away.
  console.error('the midnight rush on two instances…');
  report.midnight = await midnightRun({ quick });
  save();
}
if (only.has('notifications')) {
  // PostgreSQL only: the digest's scale is what pg-boss is there for.
  const adminUrl = await reachablePostgres();
  if (adminUrl) {
    console.error('the morning digest for a crowd of learners…');
    report.notifications = await notificationsBench({ learners: quick ? 200 : 10_000, adminUrl });
    save();
  } else console.error('the morning digest: skipped, no PostgreSQL');
}
if (only.has('queue')) {
  console.error('the review queue and history…');
  report.queue = await queueBench({ quick });
  save();
}
if (only.has('web')) {
  console.error('the web app: gzip bytes per route and Lighthouse (mobile)…');
  report.web = await webBench({ runs: quick ? 1 : 3 });
}

report.machine.loadAverageAtEnd = loadavg().map((n) => Number(n.toFixed(2)));
save();
console.log(JSON.stringify(report, null, 2));
process.exit(0);
