// `npm run dev`: the server rebuilt and restarted on change (port 3000) and Vite's dev server
// with hot reload (port 5173, proxying /api and /socket.io to 3000).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// One full build first, so the server has something to run while the watcher starts.
spawnSync(bin('tsc'), ['-b', 'packages/server'], { cwd: root, stdio: 'inherit' });

const children = [
  spawn(bin('tsc'), ['-b', '-w', '--preserveWatchOutput', 'packages/server'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', 'packages/server/dist/main.js'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'packages', 'web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
