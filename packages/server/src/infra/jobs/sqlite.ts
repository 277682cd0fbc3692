import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db, Executor } from '../db/index.js';
import type { JobHandler, JobQueue, JobSettings } from './index.js';

const POLL_MS = 1_000;
const MINUTE_MS = 60_000;
/** Jobs taken per poll; each runs to its end before the next poll takes more. */
const BATCH = 20;

/**
 * The embedded queue of a single SQLite instance: jobs are rows of `jobs` in the same database,
 * so queuing one is part of the caller's transaction. Due times follow the app's clock (tests move
 * it); a lease is wall time, since it measures whether this process is still alive.
 */
export class SqliteQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly ticks: string[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly settings: JobSettings,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly failed: (error: unknown, what: string) => void,
  ) {}

  async send(trx: Executor, name: string, data: Record<string, unknown>, options: { startAfterMs?: number } = {}) {
    const now = this.clock.now();
    await trx
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        name,
        data: JSON.stringify(data),
        state: 'waiting',
        run_after: now + (options.startAfterMs ?? 0),
        attempts: 0,
        lease_until: null,
        last_error: null,
        created_at: now,
      })
      .execute();
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  everyMinute(name: string): void {
    this.ticks.push(name);
  }

  async start({ work }: { work: boolean }): Promise<void> {
    if (!work) return;
    const poll = setInterval(() => {
      if (this.running || this.stopped) return;
      this.running = this.runDue()
        .then(() => {})
        .catch((error: unknown) => this.failed(error, 'job poll'))
        .finally(() => {
          this.running = undefined;
        });
    }, POLL_MS);
    poll.unref();
    this.timers.push(poll);
    for (const name of this.ticks) {
      const timer = setInterval(() => {
        if (this.stopped) return;
        this.handlers
          .get(name)?.({})
          .catch((error: unknown) => this.failed(error, `minute job ${name}`));
      }, MINUTE_MS);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs every job that is due now, or whose runner's lease ran out. */
  async runDue(): Promise<number> {
    const wall = Date.now();
    const due = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'waiting'), eb('run_after', '<=', this.clock.now())]),
          eb.and([eb('state', '=', 'active'), eb('lease_until', '<', wall)]),
        ]),
      )
      .orderBy('run_after')
      .limit(BATCH)
      .execute();
    let ran = 0;
    for (const job of due) {
      if (this.stopped) break;
      const claimed = await this.db
        .updateTable('jobs')
        .set({
          state: 'active',
          lease_until: Date.now() + this.settings.expireSeconds * 1000,
          attempts: job.attempts + 1,
        })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      ran += 1;
      const handler = this.handlers.get(job.name);
      try {
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(JSON.parse(job.data));
        await this.db.deleteFrom('jobs').where('id', '=', job.id).execute();
      } catch (error) {
        const attempts = job.attempts + 1;
        const failed = attempts > this.settings.retryLimit;
        this.log.warn({ err: error, job: job.name, attempts }, failed ? 'job failed for good' : 'job failed');
        await this.db
          .updateTable('jobs')
          .set({
            state: failed ? 'failed' : 'waiting',
            lease_until: null,
            last_error: String(error instanceof Error ? error.message : error).slice(0, 2000),
            run_after: this.clock.now() + this.settings.retryDelaySeconds * 1000 * 2 ** (attempts - 1),
          })
          .where('id', '=', job.id)
          .execute();
      }
    }
    return ran;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.running;
  }
}
