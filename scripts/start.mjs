// `npm start`: builds what is missing or out of date, then serves web + API from one process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time of any file below the given paths. */
function newest(...paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return latest;
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(at('node_modules'))) {
  console.error('Спершу встановіть залежності: npm install');
  process.exit(1);
}

// tsc -b is incremental: when nothing changed it only checks timestamps.
run('build:server');
const webBuild = at('packages', 'web', 'dist', 'index.html');
const webSources = newest(at('packages', 'web'), at('packages', 'contract', 'src'));
if (!existsSync(webBuild) || statSync(webBuild).mtimeMs < webSources) run('build:web');

const server = spawn(process.execPath, [at('packages', 'server', 'dist', 'main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
