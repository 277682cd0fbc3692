import multipart from '@fastify/multipart';
import { EXERCISE_MESSAGES, MAX_FILE_BYTES } from '@yedyni/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { Upload } from '../../features/files/service.js';
import { AppError } from '../errors.js';
import { nulAt, nulMessage } from '../nul.js';

/** multipart/form-data with at most one file (`file`) of at most 10 MiB (unless a form says otherwise), and a few text fields. */
export const multipartForms = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 256 * 1024 },
  });
});

const LIMIT_MESSAGES: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, EXERCISE_MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: [400, EXERCISE_MESSAGES.oneFile],
  FST_PARTS_LIMIT: [400, 'Забагато полів у формі'],
  FST_FIELDS_LIMIT: [400, 'Забагато полів у формі'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Надішліть форму як multipart/form-data'],
};

const MALFORMED_FORM = 'Форму надіслано з помилкою: надішліть її ще раз';

/**
 * Reads a form: its text fields validated by the contract's schema (messages name the field)
 * and its optional file, whole in memory (≤ 10 MiB), not yet checked or kept.
 */
export async function readForm<T>(
  request: FastifyRequest,
  schema: ZodType<T>,
  /** A different file limit for this form (course media), with its own message. */
  fileLimit?: { bytes: number; message: string },
): Promise<{ fields: T; file?: Upload }> {
  if (!request.isMultipart()) throw new AppError(415, 'Надішліть форму як multipart/form-data');
  const raw: Record<string, string> = {};
  let file: Upload | undefined;
  try {
    const parts = fileLimit ? request.parts({ limits: { fileSize: fileLimit.bytes } }) : request.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        if (bytes.length > 0) file = { bytes, fileName: part.filename };
      } else {
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' && fileLimit) throw new AppError(413, fileLimit.message);
    const known = LIMIT_MESSAGES[code];
    if (known) throw new AppError(known[0], known[1]);
    // Anything else the parser trips over (no boundary, a form cut short) is a malformed request.
    throw new AppError(400, MALFORMED_FORM);
  }
  const nul = nulAt(raw);
  if (nul !== null) throw new AppError(400, nulMessage(nul));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Некоректний запит');
  return file ? { fields: parsed.data, file } : { fields: parsed.data };
}
