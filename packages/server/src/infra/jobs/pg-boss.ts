import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Executor } from '../db/index.js';
import type { JobHandler, JobQueue, JobSettings } from './index.js';

/** Jobs one instance takes per fetch and runs side by side. */
const BATCH = 100;
/** How long `stop` waits for running jobs before giving them back (they expire and run elsewhere). */
const STOP_TIMEOUT_MS = 10_000;

/**
 * pg-boss 10 (the last major for Node 20) in its own `pgboss` schema of our database: jobs are
 * inserted through the caller's transaction (pg-boss's `db` option over Kysely), fetched with
 * SKIP LOCKED by whichever instance polls first, retried with backoff, and expired when the
 * instance running them dies. `schedule` makes one tick per minute for the whole cluster.
 */
export class PgBossQueue implements JobQueue {
  private boss: PgBoss | undefined;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly ticks: string[] = [];

  constructor(
    private readonly url: string,
    private readonly settings: JobSettings,
    private readonly log: FastifyBaseLogger,
    private readonly failed: (error: unknown, what: string) => void,
  ) {}

  private started(): PgBoss {
    if (!this.boss) throw new Error('the job queue is not started');
    return this.boss;
  }

  async send(trx: Executor, name: string, data: Record<string, unknown>, options: { startAfterMs?: number } = {}) {
    const db = {
      executeSql: async (text: string, values: unknown[]) => {
        const result = await trx.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      },
    };
    const startAfter = options.startAfterMs ? Math.ceil(options.startAfterMs / 1000) : undefined;
    await this.started().send(name, data, { db, ...(startAfter ? { startAfter } : {}) });
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  everyMinute(name: string): void {
    this.ticks.push(name);
  }

  async start({ work }: { work: boolean }): Promise<void> {
    const { settings } = this;
    const boss = new PgBoss({
      connectionString: this.url,
      max: 4,
      application_name: 'yedyni-jobs',
      expireInSeconds: settings.expireSeconds,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      // Expired jobs are found by the maintenance run: as often as a job may expire.
      maintenanceIntervalSeconds: Math.max(1, Math.min(settings.expireSeconds, 60)),
      // The operator's command line only queues: no maintenance, no cron, no workers.
      supervise: work,
      schedule: work,
    });
    boss.on('error', (error) => this.failed(error, 'job queue'));
    await boss.start();
    this.boss = boss;
    for (const name of [...this.handlers.keys(), ...this.ticks]) await this.ensureQueue(boss, name);
    if (!work) return;
    for (const [name, handler] of this.handlers) {
      // pg-boss waits a polling interval after each fetch: a batch, run side by side, keeps a
      // digest hour's thousands of mails moving. Each job fails alone; the rest of the batch completes.
      await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 1, batchSize: BATCH }, async (jobs) => {
        await Promise.all(
          jobs.map((job) =>
            handler(job.data).catch(async (error: unknown) => {
              this.log.warn({ err: error, job: name }, 'job failed');
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }),
          ),
        );
      });
    }
    for (const name of this.ticks) await boss.schedule(name, '* * * * *', {}, { retryLimit: 0 });
  }

  /** Instances starting together race to create a queue; the loser finds it made. */
  private async ensureQueue(boss: PgBoss, name: string): Promise<void> {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
    } catch (error) {
      if (!(await boss.getQueue(name))) throw error;
    }
  }

  async stop(): Promise<void> {
    await this.boss?.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
  }
}
