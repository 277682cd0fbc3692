import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis } from 'ioredis';

/** One shared connection for rate limits (and, later, the Socket.IO adapter's publisher). */
export function createRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false });
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
