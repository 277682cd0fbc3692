import path from 'node:path';
import { ACCEPTED_FILE_TYPES } from '@yedyni/contract';
import { fileTypeFromBuffer } from 'file-type';

/** What file-type reports for formats we accept under another name. */
const ALIASES: Record<string, string> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/opus': 'audio/ogg',
  'video/webm': 'audio/webm',
};

/** Old Office files share one container format; only then does the name tell which it is. */
const LEGACY_OFFICE: Record<string, string> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

/** The accepted type of a file judged by its bytes, or null when it is none of them. */
export async function detectFileType(bytes: Buffer, fileName: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  let mime = ALIASES[detected.mime] ?? detected.mime;
  if (detected.mime === 'application/x-cfb') mime = LEGACY_OFFICE[path.extname(fileName).toLowerCase()] ?? mime;
  return (ACCEPTED_FILE_TYPES as readonly string[]).includes(mime) ? mime : null;
}

/** A file name safe to show and to offer on download: no paths, no control characters, ≤ 200 chars. */
export function cleanFileName(name: string): string {
  const base = path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[\p{Cc}"]/gu, '')
    .trim();
  return (base || 'файл').slice(0, 200);
}
