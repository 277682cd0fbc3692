import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database as DatabaseSetting } from '../config.js';
import type { Db, Executor } from '../db/index.js';
import { PgBossQueue } from './pg-boss.js';
import { SqliteQueue } from './sqlite.js';

/** What a job does with its data; a throw means "try again later" (until the retry limit). */
export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/**
 * Background work that survives a restart and, on PostgreSQL, spreads over every instance. A job
 * is queued in the caller's transaction, so it exists exactly when the change that wanted it does.
 * Delivery is at least once: a handler must be safe to run again (it claims what it works on).
 */
export interface JobQueue {
  send(trx: Executor, name: string, data: Record<string, unknown>, options?: { startAfterMs?: number }): Promise<void>;
  /** Registers the handler of a job name; before `start`. */
  work(name: string, handler: JobHandler): void;
  /** Runs `name`'s handler once a minute, on one instance of the whole cluster. */
  everyMinute(name: string): void;
  /** `work: false` (the operator's command line) only queues: no workers, no ticks. */
  start(options: { work: boolean }): Promise<void>;
  /** Takes no new jobs and waits for those running; a job still running past the wait is given back. */
  stop(): Promise<void>;
}

export interface JobSettings {
  /** A running job not finished in this time is taken to have died with its instance and is run again. */
  expireSeconds: number;
  /** Tries after the first failure, `retryDelaySeconds` apart, doubling each time. */
  retryLimit: number;
  retryDelaySeconds: number;
}

export function createJobQueue(
  db: Db,
  database: DatabaseSetting,
  settings: JobSettings,
  clock: Clock,
  log: FastifyBaseLogger,
  /** Where the queue's own failures go: a database that is away is an outage, told once, not an error. */
  failed: (error: unknown, what: string) => void,
): JobQueue {
  return database.kind === 'postgres'
    ? new PgBossQueue(database.url, settings, log, failed)
    : new SqliteQueue(db, settings, clock, log, failed);
}
