import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './errors.js';

/**
 * A rate-limiter-flexible limiter in memory for one instance, or in Redis when several instances
 * must share it. If Redis is unreachable the limit falls back to this instance's memory rather
 * than refusing every sign-in. Both stores count atomically (Redis by a Lua script), so a burst
 * of simultaneous requests never gets more than the limit.
 */
function storeFor(options: IRateLimiterOptions, redis: Redis | undefined): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  return redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory, useRedisPackage: false })
    : memory;
}

function tooMany(message: string, state: RateLimiterRes): AppError {
  return new AppError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))) });
}

/** Something an attempt takes a point from before it is made, and can give that point back. */
export interface AttemptCounter {
  /** Counts one attempt; throws 429 when it is one too many (the attempt must then not be made). */
  consume(key: string): Promise<void>;
  /** Gives back the one point this attempt took: the attempt succeeded or was never made. */
  giveBack(key: string): Promise<void>;
}

/** A counter of attempts per key in a fixed time window. */
export class AttemptLimiter implements AttemptCounter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    points: number,
    windowSeconds: number,
    private readonly message: string,
    redis: Redis | undefined,
  ) {
    this.limiter = storeFor({ keyPrefix: `rl:${name}`, points, duration: windowSeconds }, redis);
  }

  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(this.message, rejection);
      throw rejection;
    }
  }

  /**
   * Only this attempt's point: the key is never deleted, so failures that other requests of the
   * same burst counted meanwhile stay counted.
   */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key);
  }
}

/** The wait before the attempt that is `beyondFree` past the free ones: 1 s, 2 s, 4 s … up to `maxSeconds`. */
export function progressiveDelaySeconds(beyondFree: number, maxSeconds: number): number {
  return Math.max(1, Math.min(maxSeconds, 2 ** Math.min(Math.max(0, beyondFree - 1), 30)));
}

/**
 * Attempts per key in a window: the first `free` go through at once; after that one attempt at a
 * time is let through, and each opens the gate for the next only after a delay that doubles, up
 * to `maxDelaySeconds`. So the key is slowed, never locked: whoever waits at most that long gets
 * an attempt. Both counters are atomic, so a burst gets the same treatment as a trickle.
 */
export class ProgressiveDelay implements AttemptCounter {
  private readonly attempts: RateLimiterAbstract;
  private readonly gate: RateLimiterAbstract;

  constructor(
    name: string,
    private readonly free: number,
    windowSeconds: number,
    private readonly maxDelaySeconds: number,
    private readonly message: string,
    redis: Redis | undefined,
  ) {
    // The count has no limit of its own (the gate is the limit): it only tells which attempt this is.
    this.attempts = storeFor(
      { keyPrefix: `rl:${name}`, points: Number.MAX_SAFE_INTEGER, duration: windowSeconds },
      redis,
    );
    this.gate = storeFor({ keyPrefix: `rl:${name}:gate`, points: 1, duration: maxDelaySeconds }, redis);
  }

  async consume(key: string): Promise<void> {
    const { consumedPoints } = await this.attempts.penalty(key);
    if (consumedPoints <= this.free) return;
    const delay = progressiveDelaySeconds(consumedPoints - this.free, this.maxDelaySeconds);
    try {
      // Taken by one attempt only; it stays taken for `delay`, which the next attempt must wait.
      await this.gate.consume(key, 1, { customDuration: delay });
    } catch (rejection) {
      // Not let through: this attempt is not made, so it does not count.
      await this.attempts.reward(key);
      if (rejection instanceof RateLimiterRes) throw tooMany(this.message, rejection);
      throw rejection;
    }
  }

  async giveBack(key: string): Promise<void> {
    await this.attempts.reward(key);
  }
}

/**
 * One attempt's points, taken before the attempt is made from each counter in turn. When one
 * refuses, the points already taken are given back (the attempt is not made) and its 429 thrown.
 */
export async function takeAttempt(counters: [AttemptCounter, string][]): Promise<{ giveBack(): Promise<void> }> {
  const taken: [AttemptCounter, string][] = [];
  const giveBack = async () => {
    await Promise.all(taken.splice(0).map(([counter, key]) => counter.giveBack(key)));
  };
  try {
    for (const [counter, key] of counters) {
      await counter.consume(key);
      taken.push([counter, key]);
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
  return { giveBack };
}
