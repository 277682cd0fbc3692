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
 * A counter of attempts per key in a time window: in memory for one instance, in Redis when
 * several instances must share it. If Redis is unreachable the limit falls back to this
 * instance's memory rather than refusing every sign-in.
 */
export class AttemptLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    private readonly points: number,
    windowSeconds: number,
    private readonly message: string,
    redis: Redis | undefined,
  ) {
    const options: IRateLimiterOptions = { keyPrefix: `rl:${name}`, points, duration: windowSeconds };
    const memory = new RateLimiterMemory(options);
    this.limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory, useRedisPackage: false })
      : memory;
  }

  /** Throws 429 when the key has used up its attempts, without counting this one. */
  async check(key: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.points) throw this.tooMany(state);
  }

  /** Counts one attempt; throws 429 when it is one too many. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw this.tooMany(rejection);
      throw rejection;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  private tooMany(state: RateLimiterRes): AppError {
    return new AppError(429, this.message, { 'retry-after': String(Math.ceil(state.msBeforeNext / 1000)) });
  }
}
