import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@yedyni/contract';
import type { Executor } from './db/index.js';

export interface AuditRecord {
  /** Null for the operator's command line. */
  actorId: string | null;
  action: AuditAction;
  /** What was changed: `<kind>:<id>`. */
  target: string;
  /** One Ukrainian line for the people who read the log. */
  summary: string;
  details?: unknown;
  now: number;
}

/** Someone's words as a summary quotes them: one line, at most `max` characters. */
export function excerpt(text: string, max = 100): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the log and the
 * change are kept or lost together.
 */
export async function writeAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_id: record.actorId,
      action: record.action,
      target: record.target.slice(0, 200),
      summary: record.summary,
      details: JSON.stringify(record.details ?? {}),
      created_at: record.now,
    })
    .execute();
}
