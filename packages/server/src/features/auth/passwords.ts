import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@yedyni/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import bcrypt from 'bcryptjs';
import { AppError } from '../../infra/errors.js';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file uploads and token signatures need too. Left alone, a wave of sign-ins fills every thread
 * and every request waits behind the hashes (bench/README.md, the wave); so hashes wait their
 * turn here instead, at most as many at once as there are cores, and never the whole pool.
 */
const HASHES_AT_ONCE = Math.max(1, Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2));

/** What a refused hash tells the client to wait: the line is a few seconds long at most. */
const BUSY_RETRY_AFTER_SECONDS = 5;

// Verified when the email is unknown, so a wrong email costs as long as a wrong password.
const decoyHash = hash('decoy password that never matches', OPTIONS);

/**
 * Hashes and checks passwords, a few at a time. The line of those waiting is bounded: hashing
 * needs no account (a login with any email, a registration), so an unbounded line would let
 * anyone queue work and memory without end. When it is full the request is refused at once,
 * 503 with Retry-After, and nothing is hashed.
 */
export class PasswordHasher {
  private running = 0;
  private readonly line: (() => void)[] = [];

  /** `maxWaiting`: how many may wait for a turn beyond those running. */
  constructor(private readonly maxWaiting: number) {}

  hash(password: string): Promise<string> {
    return this.inTurn(() => hash(password, OPTIONS));
  }

  /**
   * False for a wrong password, an unusable stored hash (the root account), or no account at all.
   * A bcrypt hash (accounts imported from the platform Єдині replaces, features/import) is
   * accepted too; when the password matches it, `upgrade` is handed the password's argon2id hash
   * to store in its place, so every account ends on argon2id after its first sign-in here.
   */
  async verify(
    storedHash: string | undefined,
    password: string,
    upgrade?: (argon2idHash: string) => Promise<unknown>,
  ): Promise<boolean> {
    if (!storedHash) {
      const decoy = await decoyHash;
      await this.inTurn(() => verify(decoy, password).catch(() => false));
      return false;
    }
    if (!isBcryptHash(storedHash)) return this.inTurn(() => verify(storedHash, password).catch(() => false));
    const valid = await this.inTurn(() => bcrypt.compare(password, storedHash).catch(() => false));
    if (valid && upgrade) await upgrade(await this.hash(password));
    return valid;
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= HASHES_AT_ONCE) {
      if (this.line.length >= this.maxWaiting) {
        throw new AppError(503, AUTH_MESSAGES.busy, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
      }
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (the count stays), or is given back.
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** `$2a$`, `$2b$` or `$2y$` and the cost: the old platform's hashes (cost 10). */
const BCRYPT = /^\$2[aby]\$\d{2}\$/;

export function isBcryptHash(storedHash: string): boolean {
  return BCRYPT.test(storedHash);
}

/**
 * The ~49,000 most common passwords of public breaches, most frequent first, as zxcvbn-ts ships
 * them (lower case; no network needed). Made into a set on first use.
 */
let common: Set<string> | undefined;

/** Whether the password is one of the most common ones, in any letter case: the first an attacker tries. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
