import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Thrown by a save whose bytes ran past its limit; nothing of them is kept. */
export class TooManyBytes extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

/**
 * Passes bytes through until more than `limit` have come, then fails: the writer stops there,
 * whatever the sender still has (the limit holds while streaming, not after buffering).
 */
export function limitBytes(limit: number, counted: (total: number) => void = () => {}): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      counted(total);
      if (total > limit) done(new TooManyBytes(limit));
      else done(null, chunk);
    },
  });
}

/**
 * Where uploaded bytes live. Keys are random and say nothing about the file; an S3-compatible
 * store can implement the same calls (its sweep: a listing by last-modified time).
 */
export interface FileStore {
  /**
   * Keeps the bytes whole (never half-written) and returns their new key and size. A stream is
   * written as it arrives; past `maxBytes` the save fails with TooManyBytes and keeps nothing.
   */
  save(source: Buffer | Readable, maxBytes?: number): Promise<{ key: string; size: number }>;
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

  async save(source: Buffer | Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<{ key: string; size: number }> {
    const key = randomBytes(16).toString('hex');
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written under a temporary name and renamed only once complete: a crash or a refusal midway
    // leaves a .tmp file (removed here, or by the sweep), never a half file under a key.
    const temporary = `${target}.tmp`;
    let size = 0;
    try {
      await pipeline(
        Buffer.isBuffer(source) ? Readable.from([source]) : source,
        limitBytes(maxBytes, (total) => {
          size = total;
        }),
        createWriteStream(temporary, { mode: 0o600, flags: 'wx' }),
      );
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { key, size };
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
