import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live. Keys are random and say nothing about the file; an S3-compatible
 * store can implement the same three calls.
 */
export interface FileStore {
  /** Keeps the bytes whole (never half-written) and returns their new key. */
  save(bytes: Buffer): Promise<string>;
  read(key: string): ReadStream;
  /** Removes the bytes; a key that is already gone is fine. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async save(bytes: Buffer): Promise<string> {
    const key = randomBytes(16).toString('hex');
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
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
}
