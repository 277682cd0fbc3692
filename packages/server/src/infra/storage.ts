import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live. Keys are random and say nothing about the file; an S3-compatible
 * store can implement the same calls (its sweep: a listing by last-modified time).
 */
export interface FileStore {
  /** Keeps the bytes whole (never half-written) and returns their new key. */
  save(bytes: Buffer): Promise<string>;
  read(key: string): ReadStream;
  /** Removes the bytes; a key that is already gone is fine. */
  remove(key: string): Promise<void>;
  /**
   * Removes what no record will ever claim, last written before `before` (ms): bytes whose key
   * `claimed` does not return (kept by a request that never committed: a crash, a lost
   * database), and temporary files a crash left half-written. Returns how many went.
   */
  sweep(before: number, claimed: (keys: string[]) => Promise<Set<string>>): Promise<number>;
}

const KEY = /^[a-f0-9]{32}$/;
const TEMPORARY = /^[a-f0-9]{32}\.tmp$/;
const SHARD = /^[a-f0-9]{2}$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async save(bytes: Buffer): Promise<string> {
    const key = randomBytes(16).toString('hex');
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.tmp`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return key;
  }

  read(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweep(before: number, claimed: (keys: string[]) => Promise<Set<string>>): Promise<number> {
    const stale: { name: string; file: string }[] = [];
    const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
    for (const shard of (await list(this.root)).filter((name) => SHARD.test(name))) {
      for (const name of await list(path.join(this.root, shard))) {
        if (!KEY.test(name) && !TEMPORARY.test(name)) continue;
        const file = path.join(this.root, shard, name);
        const modified = await stat(file).then(
          (s) => s.mtimeMs,
          () => Number.POSITIVE_INFINITY,
        );
        if (modified < before) stale.push({ name, file });
      }
    }
    const keys = stale.filter((s) => KEY.test(s.name)).map((s) => s.name);
    const kept = new Set<string>();
    for (let i = 0; i < keys.length; i += 500) {
      for (const key of await claimed(keys.slice(i, i + 500))) kept.add(key);
    }
    let removed = 0;
    for (const { name, file } of stale) {
      if (kept.has(name)) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }
}
