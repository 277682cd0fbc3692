import path from 'node:path';
import type { Readable } from 'node:stream';
import { ACCEPTED_FILE_TYPES } from '@yedyni/contract';
import { type FileTypeResult, fileTypeFromBuffer, fileTypeFromStream } from 'file-type';

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

/**
 * The extensions a file of each accepted type may carry, the usual one first. A name is only a
 * label, but browsers and desktops act on it (a PNG named poly.html opens as a page), so the name
 * a file is offered under always ends in one of these.
 */
export const EXTENSIONS: Record<(typeof ACCEPTED_FILE_TYPES)[number], string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'audio/mpeg': ['mp3', 'mpga'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/wav': ['wav'],
  'audio/mp4': ['m4a', 'mp4', 'aac'],
  'audio/webm': ['webm', 'weba'],
  'audio/aac': ['aac'],
  'audio/flac': ['flac'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
};

/** Pictures and recordings: what course media may be (never SVG, HTML or script). */
export const MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/mp4',
  'audio/webm',
  'audio/flac',
] as const;

/** The media type a course media file's name stands for, or null for any other name. */
export function mediaTypeOfName(fileName: string): string | null {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  return MEDIA_TYPES.find((mime) => EXTENSIONS[mime].includes(extension)) ?? null;
}

/** The accepted type of a file judged by its bytes, or null when it is none of them. */
export async function detectFileType(bytes: Buffer, fileName: string): Promise<string | null> {
  return acceptedType(await fileTypeFromBuffer(bytes), fileName);
}

/** detectFileType for bytes read from a stream (only as many as the format needs are read). */
export async function detectStreamType(source: Readable, fileName: string): Promise<string | null> {
  try {
    return acceptedType(await fileTypeFromStream(source), fileName);
  } finally {
    source.destroy();
  }
}

function acceptedType(detected: FileTypeResult | undefined, fileName: string): string | null {
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

/**
 * The name a file of type `mime` is offered under: its own when the extension fits the type,
 * else with the type's usual extension in place of the wrong one (poly.html → poly.png).
 */
export function nameForType(name: string, mime: string): string {
  const allowed = EXTENSIONS[mime as keyof typeof EXTENSIONS];
  if (!allowed) return name;
  const extension = path.extname(name);
  if (allowed.includes(extension.slice(1).toLowerCase())) return name;
  const stem = (extension ? name.slice(0, -extension.length) : name).slice(0, 190) || 'файл';
  return `${stem}.${allowed[0]}`;
}
