import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { EXERCISE_MESSAGES, type FileFields, MAX_FILE_BYTES } from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { FileStore } from '../../infra/storage.js';
import type { Executor } from '../auth/repo.js';
import { cleanFileName, detectFileType } from './detect.js';

/** A file as it arrives in a request, not yet checked or kept. */
export interface Upload {
  bytes: Buffer;
  fileName: string;
}

/** Checked bytes already in the store, waiting for a record to claim them. */
export interface StoredUpload {
  key: string;
  mime: string;
  name: string;
  size: number;
}

/** Signed file links live this long: enough for a page, useless when copied around later. */
const LINK_TTL_MS = 60 * 60 * 1000;
/**
 * Bytes without a record this old are strays: a request holds unrecorded bytes only for the
 * seconds of its transaction (on any instance sharing the store), never for an hour.
 */
export const STRAY_BYTES_AGE_MS = 60 * 60 * 1000;
const EMPTY: FileFields = { fileURL: '', fileType: '', fileName: '' };

/**
 * Private uploads: checked (size, then type by content) before anything is kept, stored under
 * random names, and reachable only through short-lived signed links that the API hands to the
 * people allowed to see the record they belong to.
 */
export class FilesService {
  private readonly key: Buffer;

  constructor(
    private readonly deps: { db: Db; store: FileStore; clock: Clock; secret: string; log: FastifyBaseLogger },
  ) {
    this.key = createHmac('sha256', deps.secret).update('file links').digest();
  }

  /** Checks and stores an upload; the caller records it in its transaction, or calls discard. */
  async accept(upload: Upload): Promise<StoredUpload> {
    if (upload.bytes.length > MAX_FILE_BYTES) throw new AppError(413, EXERCISE_MESSAGES.fileTooLarge);
    const mime = await detectFileType(upload.bytes, upload.fileName);
    if (!mime) throw new AppError(415, EXERCISE_MESSAGES.fileType);
    const key = await this.deps.store.save(upload.bytes);
    return { key, mime, name: cleanFileName(upload.fileName), size: upload.bytes.length };
  }

  /**
   * Runs a change that may keep a new file and drop old ones: the upload is checked and stored
   * first, recorded inside the transaction, thrown away if the transaction fails; dropped files
   * are removed once the change is committed. Nothing is left half-written either way.
   */
  async withFile<T>(
    upload: Upload | undefined,
    change: (trx: Executor, stored: StoredUpload | undefined) => Promise<{ result: T; dropKeys: string[] }>,
  ): Promise<T> {
    const stored = upload ? await this.accept(upload) : undefined;
    let outcome: { result: T; dropKeys: string[] };
    try {
      outcome = await this.deps.db.transaction().execute((trx) => change(trx, stored));
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    await this.removeKeys(outcome.dropKeys);
    return outcome.result;
  }

  /** Records stored bytes as a file of `ownerId`; returns the file's id. */
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
    return id;
  }

  /** Drops stored bytes nobody recorded (the transaction that would have failed). */
  async discard(stored: StoredUpload | undefined): Promise<void> {
    if (stored) await this.removeKeys([stored.key]);
  }

  /** Deletes file rows inside the caller's transaction; returns the keys to remove after commit. */
  async forget(trx: Executor, fileIds: (string | null | undefined)[]): Promise<string[]> {
    const ids = fileIds.filter((id): id is string => Boolean(id));
    if (ids.length === 0) return [];
    const rows = await trx.selectFrom('files').select('storage_key').where('id', 'in', ids).execute();
    await trx.deleteFrom('files').where('id', 'in', ids).execute();
    return rows.map((r) => r.storage_key);
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

  /** The fields of API.md's File for a file id: a signed link, its type and name. */
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
    if (!this.isValidLink(fileId, expires, signature)) throw new AppError(403, EXERCISE_MESSAGES.linkExpired);
    const row = await this.deps.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!row) throw new AppError(404, EXERCISE_MESSAGES.noFile);
    return { row, stream: this.deps.store.read(row.storage_key) };
  }
}
