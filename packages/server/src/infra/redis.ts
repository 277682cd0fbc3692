import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection that reports being unreachable once (not on every retry) and says when it
 * is back. By default commands fail at once while Redis is down instead of queueing.
 */
export function createRedis(url: string, log: Logger, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false, ...options });
  let reported = false;
  redis.on('error', (error) => {
    if (!reported) log.warn({ err: error }, 'redis unavailable');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log.info('redis connected again');
    reported = false;
  });
  return redis;
}
