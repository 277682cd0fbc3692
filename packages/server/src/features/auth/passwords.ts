import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

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
let hashing = 0;
const turns: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHES_AT_ONCE) await new Promise<void>((resolve) => turns.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line (the count stays), or is given back.
    const next = turns.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS));
}

// Verified when the email is unknown, so a wrong email costs as long as a wrong password.
const decoyHash = hash('decoy password that never matches', OPTIONS);

/** False for a wrong password, an unusable stored hash (the root account), or no account at all. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    const decoy = await decoyHash;
    await inTurn(() => verify(decoy, password)).catch(() => false);
    return false;
  }
  return inTurn(() => verify(storedHash, password)).catch(() => false);
}
