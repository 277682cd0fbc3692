import type { FastifyBaseLogger } from 'fastify';
import { AppError, GENERIC_MESSAGES } from '../errors.js';

/**
 * PostgreSQL codes that say the server or the connection is gone, not that a query is wrong:
 * shutdown (57P01 admin, 57P02 crash, 57P03 starting up or shutting down), connection
 * exceptions (08xxx) and too many connections (53300).
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
/** The socket-level failures of reaching the database server. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLite: another writer holds the lock past busy_timeout, or the file cannot be read or written. */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/;
/** pg's own errors (no code) for a connection that died, and pg-pool's for one that never came. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /is not queryable$/,
];

/**
 * True when `error` means "the database cannot be reached right now" rather than a bug: the
 * request is worth retrying later, and the answer is 503, not 500. Causes and the members of an
 * AggregateError (a host name with several addresses) are looked into.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (PG_CODES.has(code) || NET_CODES.has(code) || SQLITE_CODE.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client is told to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 10;

/** What a request gets while the database is away: 503, a Ukrainian message and Retry-After. */
export function unavailableError(): AppError {
  return new AppError(503, GENERIC_MESSAGES[503] as string, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}

/** While the database stays away, the warning is repeated at most this often. */
const WARN_EVERY_MS = 60_000;

/**
 * Tells the operator that the database went away: one warning without a stack (an outage, not a
 * bug), repeated at most once a minute while it lasts with the count of refused requests, and
 * one line when a connection succeeds again.
 */
export class OutageLog {
  private warnedAt: number | null = null;
  private failures = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  failed(error: unknown): void {
    this.failures += 1;
    const now = Date.now();
    if (this.warnedAt !== null && now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    const { code, message } = error as { code?: unknown; message?: unknown };
    this.log.warn(
      {
        code: typeof code === 'string' ? code : undefined,
        reason: typeof message === 'string' ? message : undefined,
        failures: this.failures,
      },
      'database unavailable: answering 503 until it is back',
    );
  }

  /** A new database connection was made: the outage, if there was one, is over. */
  connected(): void {
    if (this.warnedAt === null) return;
    this.log.info({ failures: this.failures }, 'database available again');
    this.warnedAt = null;
    this.failures = 0;
  }
}
