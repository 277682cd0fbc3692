import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_MESSAGES, type FileFields, MAX_FILE_BYTES } from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, needsRowLocks } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { FileReceiver } from '../../infra/http/multipart.js';
import type { AttemptLimiter } from '../../infra/rate-limit.js';
import { type FileStore, TooManyBytes } from '../../infra/storage.js';
import { cleanFileName, detectStreamType, nameForType } from './detect.js';

/**
 * Checked bytes already in the store, waiting for a record to claim them, and the room they
 * hold in their owner's quota until then. `settled`: recorded, or given up.
 */
export interface StoredUpload {
  key: string;
  mime: string;
  name: string;
  size: number;
  reservationId: string;
  settled: boolean;
}

/**
 * Signed file links live this long: enough to open a page and look at what is on it, useless
 * soon after when copied around. Pages ask the API again when shown, which signs anew.
 */
export const LINK_TTL_MS = 15 * 60 * 1000;
/**
 * Bytes without a record this old are strays: a request holds unrecorded bytes only for the
 * seconds of its transaction (on any instance sharing the store), never for an hour. Quota
 * reservations this old are what a crash left: no longer counted, and swept.
 */
export const STRAY_BYTES_AGE_MS = 60 * 60 * 1000;
/**
 * Deletes file rows inside the caller's transaction; returns the keys whose bytes to remove after
 * the commit (FilesService.removeKeys). A function as well as the service's method: a feature
 * that forgets its own files inside a transaction it does not hold the service in (an account's
 * deletion) calls it directly, and the rows still go only through this feature.
 */
export async function forgetFiles(trx: Executor, fileIds: (string | null | undefined)[]): Promise<string[]> {
  const ids = fileIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('files').select('storage_key').where('id', 'in', ids).execute();
  await trx.deleteFrom('files').where('id', 'in', ids).execute();
  return rows.map((r) => r.storage_key);
}

const EMPTY: FileFields = { fileURL: '', fileType: '', fileName: '' };

/**
 * Private uploads: limited per person (files per hour, bytes kept in all), streamed to the store
 * within the room reserved for them, checked by content before anything is recorded, stored
 * under random names, and reachable only through short-lived signed links that the API hands to
 * the people allowed to see the record they belong to.
 */
export class FilesService {
  private readonly key: Buffer;

  constructor(
    private readonly deps: {
      db: Db;
      store: FileStore;
      clock: Clock;
      secret: string;
      log: FastifyBaseLogger;
      /** Bytes one person may keep in files, all of them together. */
      quotaBytes: number;
      /** Uploads per person per hour. */
      uploadLimiter: AttemptLimiter;
    },
  ) {
    this.key = createHmac('sha256', deps.secret).update('file links').digest();
  }

  /** Where a form's file goes (infra/http/multipart.ts): the store, as a file of `ownerId`. */
  receiver(ownerId: string): FileReceiver<StoredUpload | undefined> {
    return {
      receive: (source, fileName, declaredBytes) => this.receive(ownerId, source, fileName, declaredBytes),
      release: async (stored) => {
        await this.discard(stored).catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'could not give up an upload');
        });
      },
    };
  }

  /**
   * Counts the upload against the hourly rate, reserves room for it in the owner's quota, then
   * streams it to the store within that room and checks its type by content. The caller records
   * it in its transaction (withFile); anything else gives it up (discard). An empty file is none.
   */
  async receive(
    ownerId: string,
    source: Readable,
    fileName: string,
    declaredBytes?: number,
  ): Promise<StoredUpload | undefined> {
    await this.deps.uploadLimiter.consume(ownerId);
    const wanted = Math.min(MAX_FILE_BYTES, declaredBytes ?? MAX_FILE_BYTES);
    const reservation = await this.reserve(ownerId, wanted);
    let saved: { key: string; size: number };
    try {
      saved = await this.deps.store.save(source, reservation.bytes);
    } catch (error) {
      await this.unreserve(reservation.id);
      if (error instanceof TooManyBytes) {
        // Cut short by the quota, or by the size every file must keep to.
        throw new AppError(413, reservation.bytes < wanted ? FILE_MESSAGES.quotaFull : FILE_MESSAGES.fileTooLarge);
      }
      throw error;
    }
    const stored = { key: saved.key, size: saved.size, reservationId: reservation.id, settled: false };
    try {
      if (saved.size === 0) {
        await this.discard({ ...stored, mime: '', name: '' });
        return undefined;
      }
      const mime = await detectStreamType(this.deps.store.read(saved.key), fileName);
      if (!mime) throw new AppError(415, FILE_MESSAGES.fileType);
      return { ...stored, mime, name: nameForType(cleanFileName(fileName), mime) };
    } catch (error) {
      await this.discard({ ...stored, mime: '', name: '' });
      throw error;
    }
  }

  /**
   * Reserves up to `wanted` bytes of what is left of the owner's quota, before a byte is written:
   * what they keep and what their other uploads in flight hold are read and the reservation made
   * in one transaction, the owner's row locked (SQLite runs transactions one at a time), so
   * uploads at the same moment never add up past the quota. 413 when nothing is left.
   */
  private async reserve(ownerId: string, wanted: number): Promise<{ id: string; bytes: number }> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      if (needsRowLocks(trx)) {
        await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirst();
      }
      const kept = await trx
        .selectFrom('files')
        .select((eb) => eb.fn.sum<string | number | null>('size').as('bytes'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      const held = await trx
        .selectFrom('upload_reservations')
        .select((eb) => eb.fn.sum<string | number | null>('bytes').as('bytes'))
        .where('owner_id', '=', ownerId)
        .where('created_at', '>', now - STRAY_BYTES_AGE_MS)
        .executeTakeFirst();
      const left = this.deps.quotaBytes - Number(kept?.bytes ?? 0) - Number(held?.bytes ?? 0);
      const bytes = Math.min(wanted, left);
      if (bytes <= 0) throw new AppError(413, FILE_MESSAGES.quotaFull);
      const id = randomUUID();
      await trx.insertInto('upload_reservations').values({ id, owner_id: ownerId, bytes, created_at: now }).execute();
      return { id, bytes };
    });
  }

  private async unreserve(reservationId: string): Promise<void> {
    await this.deps.db.deleteFrom('upload_reservations').where('id', '=', reservationId).execute();
  }

  /**
   * Runs a change that may keep a new file and drop old ones: the upload is checked and stored
   * first, recorded inside the transaction, thrown away if the transaction fails; dropped files
   * are removed once the change is committed. Nothing is left half-written either way.
   */
  async withFile<T>(
    stored: StoredUpload | undefined,
    change: (trx: Executor, stored: StoredUpload | undefined) => Promise<{ result: T; dropKeys: string[] }>,
  ): Promise<T> {
    let outcome: { result: T; dropKeys: string[] };
    try {
      outcome = await this.deps.db.transaction().execute((trx) => change(trx, stored));
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    if (stored) stored.settled = true;
    await this.removeKeys(outcome.dropKeys);
    return outcome.result;
  }

  /** Records stored bytes as a file of `ownerId` (its reservation becomes the file); returns the file's id. */
  async record(
    trx: Executor,
    stored: StoredUpload,
    ownerId: string,
    purpose: 'exercise' | 'chat' = 'exercise',
  ): Promise<string> {
    const id = randomUUID();
    await trx
      .insertInto('files')
      .values({
        id,
        storage_key: stored.key,
        owner_id: ownerId,
        mime: stored.mime,
        name: stored.name,
        size: stored.size,
        created_at: this.deps.clock.now(),
        purpose,
      })
      .execute();
    await trx.deleteFrom('upload_reservations').where('id', '=', stored.reservationId).execute();
    return id;
  }

  /** Drops stored bytes nobody recorded (the transaction that failed, the request refused) and their room. */
  async discard(stored: StoredUpload | undefined): Promise<void> {
    if (!stored || stored.settled) return;
    stored.settled = true;
    await this.removeKeys([stored.key]);
    await this.unreserve(stored.reservationId);
  }

  /** Deletes file rows inside the caller's transaction; returns the keys to remove after commit. */
  forget(trx: Executor, fileIds: (string | null | undefined)[]): Promise<string[]> {
    return forgetFiles(trx, fileIds);
  }

  /** Removes bytes after their rows are gone; a failure leaves an unreachable file, logged. */
  async removeKeys(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.deps.store.remove(key).catch((error: unknown) => {
        this.deps.log.error({ err: error, key }, 'could not remove a stored file');
      });
    }
  }

  /**
   * Removes stored bytes that no file row claims and temporary files, older than `olderThanMs`:
   * what a crash between keeping the bytes and committing their row (or between deleting a row
   * and removing its bytes) leaves behind. Runs at start and hourly; returns how many went.
   */
  async sweepStrays(olderThanMs = STRAY_BYTES_AGE_MS): Promise<number> {
    await this.deps.db
      .deleteFrom('upload_reservations')
      .where('created_at', '<', this.deps.clock.now() - olderThanMs)
      .execute();
    const removed = await this.deps.store.sweep(Date.now() - olderThanMs, async (keys) => {
      const rows = await this.deps.db
        .selectFrom('files')
        .select('storage_key')
        .where('storage_key', 'in', keys)
        .execute();
      return new Set(rows.map((r) => r.storage_key));
    });
    if (removed > 0) this.deps.log.info({ removed }, 'stray uploads removed');
    return removed;
  }

  /** The fields of the contract's `fileFieldsSchema` for a file id: a signed link, its type and name. */
  async fields(db: Executor, fileIds: (string | null)[]): Promise<Map<string, FileFields>> {
    const ids = [...new Set(fileIds.filter((id): id is string => Boolean(id)))];
    const result = new Map<string, FileFields>();
    if (ids.length === 0) return result;
    const rows = await db.selectFrom('files').select(['id', 'mime', 'name']).where('id', 'in', ids).execute();
    for (const row of rows) result.set(row.id, this.fieldsOf(row));
    return result;
  }

  /** A stored file's signed link, type and name, from its row (read by the caller's own query). */
  fieldsOf(file: { id: string; mime: string; name: string }): FileFields {
    return {
      fileURL: this.link(file.id, this.deps.clock.now() + LINK_TTL_MS),
      fileType: file.mime,
      fileName: file.name,
    };
  }

  static none(): FileFields {
    return { ...EMPTY };
  }

  private sign(fileId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${fileId}.${expires}`).digest('base64url');
  }

  private link(fileId: string, expires: number): string {
    return `/api/files/${fileId}?e=${expires}&s=${this.sign(fileId, expires)}`;
  }

  private isValidLink(fileId: string, expires: number, signature: string): boolean {
    const expected = Buffer.from(this.sign(fileId, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) && expires >= this.deps.clock.now();
  }

  /** The file id of a link this server signed and that has not expired; null for anything else. */
  linkedFileId(url: string): string | null {
    const match = /^\/api\/files\/([0-9a-f-]{36})\?e=(\d{1,15})&s=([\w-]{1,100})$/.exec(url);
    if (!match) return null;
    const [, fileId = '', expires = '', signature = ''] = match;
    return this.isValidLink(fileId, Number(expires), signature) ? fileId : null;
  }

  /** The file behind a signed link, or 403 when the link is forged, altered or expired. */
  async open(fileId: string, expires: number, signature: string) {
    if (!this.isValidLink(fileId, expires, signature)) throw new AppError(403, FILE_MESSAGES.linkExpired);
    const row = await this.deps.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!row) throw new AppError(404, FILE_MESSAGES.noFile);
    // Offered under a name that fits the type found in it, whatever it was uploaded as.
    const name = nameForType(row.name, row.mime);
    return {
      row: { ...row, name },
      stream: this.deps.store.read(row.storage_key),
      expiresInMs: expires - this.deps.clock.now(),
    };
  }
}
