import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '@yedyni/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import { AppError } from '../errors.js';
import { nulAt, nulMessage } from '../nul.js';

/**
 * Where a form's file goes while it arrives: the route names it (infra knows no feature). The
 * bytes are never gathered in memory; the receiver writes them out as they come and stops at its
 * own limit (a quota, say), so a refusal comes before the sender has finished.
 */
export interface FileReceiver<F> {
  /** `declaredBytes`: the request's Content-Length when it has one, an upper bound on the file. */
  receive(source: Readable, fileName: string, declaredBytes: number | undefined): Promise<F>;
  /**
   * Called once the request is answered, for every file it received: a file the request did not
   * keep (its form was invalid, its change refused) is given up here. Must not throw.
   */
  release(file: F): Promise<void>;
  /** The largest file the form takes (10 MiB unless said otherwise), and its message. */
  limit?: { bytes: number; message: string };
}

const RECEIVED = Symbol('files received by this request');
type WithReceived = FastifyRequest & { [RECEIVED]?: (() => Promise<void>)[] };

/** multipart/form-data with at most one file (`file`) of at most 10 MiB (unless a form says otherwise), and a few text fields. */
export const multipartForms = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 256 * 1024 },
  });
  // Whatever became of the request (answered, refused, failed), its received files are settled.
  app.addHook('onResponse', async (request: WithReceived) => {
    for (const release of request[RECEIVED] ?? []) await release();
  });
});

const LIMIT_MESSAGES: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, FILE_MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: [400, FILE_MESSAGES.oneFile],
  FST_PARTS_LIMIT: [400, 'Забагато полів у формі'],
  FST_FIELDS_LIMIT: [400, 'Забагато полів у формі'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Надішліть форму як multipart/form-data'],
};

const MALFORMED_FORM = 'Форму надіслано з помилкою: надішліть її ще раз';

/**
 * After a refusal midway, the rest of the body is read and dropped (not kept), so that the sender,
 * still writing, gets to read the answer; one that keeps sending past a whole file's worth more
 * is cut off.
 */
function discardRest(request: FastifyRequest, allowance: number): void {
  const raw = request.raw;
  if (raw.readableEnded) return;
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > allowance) raw.socket.destroy();
  });
  raw.resume();
}

/**
 * Reads a form: its text fields validated by the contract's schema (messages name the field)
 * and its optional file, handed to `receiver` as it streams in.
 */
export async function readForm<T, F>(
  request: FastifyRequest,
  schema: ZodType<T>,
  receiver: FileReceiver<F>,
): Promise<{ fields: T; file?: F }> {
  if (!request.isMultipart()) {
    // A form with nothing to attach may also come as a JSON object of the same fields: the spec
    // names multipart for these calls, but a client with only text need not build one.
    const body = request.body;
    const json = /json/i.test(request.headers['content-type'] ?? '');
    if (!json || typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(415, 'Надішліть форму як multipart/form-data');
    }
    return { fields: checkFields(body, schema) };
  }
  const limit = receiver.limit ?? { bytes: MAX_FILE_BYTES, message: FILE_MESSAGES.fileTooLarge };
  const declared = Number(request.headers['content-length']);
  const raw: Record<string, string> = {};
  let file: F | undefined;
  let receiving = false;
  try {
    // One byte over the limit still reaches the receiver, whose own limit refuses it.
    for await (const part of request.parts({ limits: { fileSize: limit.bytes + 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== undefined) {
          part.file.resume();
          continue;
        }
        receiving = true;
        const received = await receiver.receive(
          part.file,
          part.filename,
          Number.isFinite(declared) ? declared : undefined,
        );
        receiving = false;
        const settled = request as WithReceived;
        settled[RECEIVED] = [...(settled[RECEIVED] ?? []), () => receiver.release(received)];
        if (part.file.truncated) throw new AppError(413, limit.message);
        if (received !== undefined) file = received;
      } else {
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    discardRest(request, limit.bytes);
    if (error instanceof AppError) throw error;
    const { code = '', message = '' } = error as { code?: string; message?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, limit.message);
    const known = LIMIT_MESSAGES[code];
    if (known) throw new AppError(known[0], known[1]);
    // The receiver's own failures (a full disk, the database away) are not the sender's fault;
    // a file part cut short while it was being written is.
    const formCutShort =
      code.startsWith('FST_') ||
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      /terminated early|unexpected end/i.test(message);
    if (receiving && !formCutShort) throw error;
    // Anything else the parser trips over (no boundary, a form cut short) is a malformed request.
    throw new AppError(400, MALFORMED_FORM);
  }
  const fields = checkFields(raw, schema);
  return file !== undefined ? { fields, file } : { fields };
}

/** A form's text fields, multipart or JSON, by the contract's schema: the first wrong one's message. */
function checkFields<T>(raw: unknown, schema: ZodType<T>): T {
  const nul = nulAt(raw);
  if (nul !== null) throw new AppError(400, nulMessage(nul));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Некоректний запит');
  return parsed.data;
}
