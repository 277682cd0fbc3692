import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the parent of `e2e/`). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const serverEntry = join(repoRoot, 'packages/server/dist/main.js');
const webIndex = join(repoRoot, 'packages/web/dist/index.html');

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

export interface RunningServer {
  /** Origin of the app, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  /** The fresh data directory (SQLite file, uploads, `outbox/*.eml`), or the one it shares. */
  dataDir: string;
  /** What the server has written to stdout and stderr so far (the last 64 KB of each). */
  output(): string;
  /** SIGTERM, wait for the process to exit, remove the data directory (unless it is shared). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Another running instance's data directory: this instance serves the same SQLite file (WAL)
   * and uploads, as a second instance behind a load balancer would, and leaves the directory to
   * its owner on stop. Start it once the owner is healthy (the owner migrates and seeds).
   */
  dataDir?: string;
}

/** Throws a clear message when the build is missing, before anything is spawned. */
export function assertBuilt(): void {
  const missing = [serverEntry, webIndex].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The app is not built (missing ${missing.map((f) => f.slice(repoRoot.length)).join(', ')}): run npm run build`,
    );
  }
}

/** A TCP port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not determine a free port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/** Keeps the tail of a growing stream so a crash report stays readable. */
function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text += chunk;
    if (text.length > OUTPUT_LIMIT) text = text.slice(-OUTPUT_LIMIT);
  });
  return () => text;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built server (`node packages/server/dist/main.js`) on a free port with a fresh
 * temporary data directory (or a shared one, see StartOptions) and waits until `GET /api/health`
 * answers 200.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  { dataDir: shared }: StartOptions = {},
): Promise<RunningServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = shared ?? (await mkdtemp(join(tmpdir(), 'yedyni-e2e-')));
  const url = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_LOGIN_ADDRESS: '1000',
      RATE_LIMIT_LOGIN_ACCOUNT: '1000',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_RECOVERY: '1000',
      RATE_LIMIT_RECOVERY_ADDRESS: '1000',
      RATE_LIMIT_RESET: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const output = () =>
    `--- server stderr ---\n${stderr() || '(empty)'}\n--- server stdout ---\n${stdout() || '(empty)'}`;
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    if (shared === undefined) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (spawnError !== undefined || child.exitCode !== null || child.signalCode !== null) {
      const how = spawnError?.message ?? `exit code ${child.exitCode ?? child.signalCode}`;
      await stop();
      throw new Error(`The server stopped before it was healthy (${how}).\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { url, dataDir, output, stop };
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  await stop();
  throw new Error(
    `The server on ${url} did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s ` +
      `(last: ${lastProblem}).\n${output()}`,
  );
}
