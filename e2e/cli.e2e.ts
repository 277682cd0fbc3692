import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/server.js';

const adminEntry = join(repoRoot, 'packages/server/dist/cli/admin.js');

let dataDir: string;

/** `npm run admin -- …` as the operator runs it: its own process, over the data directory. */
function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [adminEntry, ...args],
      { env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'yedyni-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('operator command line (the built CLI in a child process)', () => {
  it('set-role finishes cleanly even with stray uploads for a sweep to find, and leaves them to the server', async () => {
    const created = await admin('create-user', 'operator.cli@example.org', 'operator secret', 'Олег', 'Гончар');
    expect(created).toMatchObject({ code: 0, stderr: '' });
    // Old bytes with no row: what the server's stray sweep deletes, querying the database per batch.
    for (const shard of ['aa', 'ab', 'ac']) {
      await mkdir(join(dataDir, 'uploads', shard), { recursive: true });
      for (let i = 0; i < 50; i += 1) {
        const file = join(dataDir, 'uploads', shard, randomBytes(16).toString('hex'));
        await writeFile(file, 'x');
        const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
        await utimes(file, twoDaysAgo, twoDaysAgo);
      }
    }

    const run = await admin('set-role', 'operator.cli@example.org', 'moderator');
    expect(run.stdout + run.stderr).not.toMatch(/sweep failed|destroyed/);
    expect(run).toEqual({ code: 0, stdout: 'Роль operator.cli@example.org: moderator\n', stderr: '' });
    // A one-off command does not do the server's housekeeping.
    expect(await readdir(join(dataDir, 'uploads', 'aa'))).toHaveLength(50);
  });
});
