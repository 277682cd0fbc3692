import { ACCESS_MESSAGES, type AuditEntry } from '@yedyni/contract';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canReadAudit } from './policy.js';

/** The audit log as admins read it, newest first. */
export async function readAudit(
  db: Db,
  actor: Actor,
  query: { action?: string | undefined; page: number; limit: number },
): Promise<{ entries: AuditEntry[]; totalPages: number }> {
  if (!canReadAudit(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  let base = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id');
  if (query.action) base = base.where('a.action', '=', query.action);
  const [rows, total] = await Promise.all([
    base
      .select([
        'a.id',
        'a.created_at',
        'a.action',
        'a.target',
        'a.summary',
        'u.id as uid',
        'u.first_name',
        'u.last_name',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((r) => ({
      _id: r.id,
      date: Number(r.created_at),
      actor: r.uid ? { _id: r.uid, first_name: r.first_name ?? '', last_name: r.last_name ?? '' } : null,
      action: r.action,
      target: r.target,
      summary: r.summary,
    })),
    totalPages: Math.ceil(Number(total.n) / query.limit),
  };
}
