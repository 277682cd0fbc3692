import { ACCESS_MESSAGES, type AdminTask, type AuthoredTask, GAME_ADMIN_MESSAGES } from '@yedyni/contract';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import type { GameTasksTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canAuthorTasks } from './policy.js';
import { taskColumns } from './service.js';
import { taskProblems } from './tasks.js';

export interface TaskFilter {
  level?: number | undefined;
  type?: string | undefined;
  topic?: string | undefined;
  pool?: string | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

const adminTaskOf = (row: Pick<GameTasksTable, 'body' | 'active' | 'pool' | 'updated_at'>): AdminTask => ({
  task: { ...(JSON.parse(row.body) as AuthoredTask), pool: row.pool === 'olympiad' ? 'olympiad' : 'game' },
  active: row.active === 1,
  updatedAt: Number(row.updated_at),
});

/**
 * The game's task bank in the admin console. Tasks are never deleted (rounds and olympiads
 * point at them); an inactive task is simply no longer dealt.
 */
export class TaskAuthoring {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  private guard(actor: Actor): void {
    if (!canAuthorTasks(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  }

  async list(actor: Actor, filter: TaskFilter): Promise<{ tasks: AdminTask[]; totalPages: number; total: number }> {
    this.guard(actor);
    let query = this.deps.db.selectFrom('game_tasks').select(['id', 'body', 'active', 'pool', 'updated_at']);
    if (filter.level) query = query.where('level', '=', filter.level);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.topic) query = query.where('topic', '=', filter.topic);
    if (filter.pool) query = query.where('pool', '=', filter.pool);
    let rows = await query.orderBy('level').orderBy('id').execute();
    // The bank is hundreds of tasks, not millions: text search in any case is simplest here.
    const q = filter.q?.toLocaleLowerCase('uk');
    if (q) rows = rows.filter((row) => row.body.toLocaleLowerCase('uk').includes(q));
    const start = (filter.page - 1) * filter.limit;
    return {
      tasks: rows.slice(start, start + filter.limit).map(adminTaskOf),
      totalPages: Math.ceil(rows.length / filter.limit),
      total: rows.length,
    };
  }

  async create(actor: Actor, raw: AuthoredTask, active: boolean): Promise<AdminTask> {
    this.guard(actor);
    const task = checked(raw);
    const { db, clock } = this.deps;
    const now = clock.now();
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('game_tasks')
          .values({ ...columnsOf(task, active), id: task.id, updated_at: now })
          .execute();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'task.create',
          target: `task:${task.id}`,
          summary: `${task.id}: ${task.prompt}`,
          details: task,
          now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, GAME_ADMIN_MESSAGES.taskExists);
      throw error;
    }
    return { task, active, updatedAt: now };
  }

  async update(actor: Actor, id: string, raw: AuthoredTask, active: boolean): Promise<AdminTask> {
    this.guard(actor);
    if (raw.id !== id) throw new AppError(400, GAME_ADMIN_MESSAGES.taskIdMismatch);
    const task = checked(raw);
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('game_tasks')
        .set({ ...columnsOf(task, active), updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError(404, GAME_ADMIN_MESSAGES.taskNotFound);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'task.update',
        target: `task:${id}`,
        summary: `${id}${active ? '' : ' (вимкнено)'}: ${task.prompt}`,
        details: task,
        now,
      });
    });
    return { task, active, updatedAt: now };
  }
}

/** The schema's checks passed already; these are the ones across fields (an answer among the options…). */
function checked(raw: AuthoredTask): AuthoredTask {
  const { task, problems } = taskProblems(raw);
  if (!task) throw new AppError(400, `Завдання: ${problems[0] ?? 'некоректне'}`);
  return { ...task, pool: task.pool ?? 'game' };
}

const columnsOf = (task: AuthoredTask, active: boolean) => ({ ...taskColumns(task), active: active ? 1 : 0 });
