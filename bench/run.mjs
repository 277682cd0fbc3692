// `npm run bench`: builds the server, runs every benchmark in turn and prints one JSON report
// (also saved under bench/results/, which git ignores). Figures and how to read them: bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chatFanout } from './chat-fanout.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
execFileSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });

const report = {
  date: new Date().toISOString(),
  machine: { node: process.version, cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30) },
  chatFanout: [],
};
for (const clients of [1000]) {
  console.error(`chat fan-out to ${clients} sockets…`);
  report.chatFanout.push(await chatFanout({ clients, messages: 20 }));
}

const text = JSON.stringify(report, null, 2);
console.log(text);
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`results/${report.date.replace(/[:.]/g, '-')}.json`, import.meta.url), `${text}\n`);
