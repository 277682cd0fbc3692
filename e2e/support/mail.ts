import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A message from `DATA_DIR/outbox`, headers and decoded text of every text part. */
export interface OutboxMail {
  file: string;
  mtimeMs: number;
  headers: Map<string, string>;
  /** Decoded text of each text/plain and text/html part (or of the single body). */
  texts: string[];
}

type Headers = Map<string, string>;

/** Splits a message or MIME part into unfolded headers (lower-case names) and raw body. */
function splitPart(raw: string): { headers: Headers; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Headers = new Map();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset="utf-8"` → parameter `charset` → `utf-8`. */
function headerParam(value: string | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  const match = new RegExp(`;\\s*${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(text: string): Buffer {
  const softBreaksRemoved = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i] as string;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined, charset: string | undefined): string {
  const how = (encoding ?? '7bit').trim().toLowerCase();
  const bytes =
    how === 'base64'
      ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
      : how === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  const label = (charset ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** RFC 2047 encoded words in a header: `=?utf-8?B?...?=` and `=?utf-8?Q?...?=`. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' ').replace(/=\r?\n/g, ''));
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return bytes.toString('utf8');
      }
    });
}

/** The decoded text of every text part of a MIME entity, walking multiparts recursively. */
function textsOf(raw: string, depth = 0): string[] {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mediaType.startsWith('multipart/') && depth < 10) {
    const boundary = headerParam(type, 'boundary');
    if (!boundary) return [];
    const parts: string[] = [];
    const delimiter = `--${boundary}`;
    for (const chunk of body.split(delimiter).slice(1)) {
      if (chunk.startsWith('--')) break; // the closing delimiter
      parts.push(...textsOf(chunk.replace(/^[ \t]*\n/, ''), depth + 1));
    }
    return parts;
  }
  if (!mediaType.startsWith('text/')) return [];
  return [decodeBody(body, headers.get('content-transfer-encoding'), headerParam(type, 'charset'))];
}

export function parseMail(raw: string, file = '', mtimeMs = 0): OutboxMail {
  const { headers } = splitPart(raw);
  const decoded: Headers = new Map([...headers].map(([name, value]) => [name, decodeHeader(value)]));
  return { file, mtimeMs, headers: decoded, texts: textsOf(raw) };
}

/** Every mail in `DATA_DIR/outbox` addressed to `email`, newest first. */
export async function mailsTo(dataDir: string, email: string): Promise<OutboxMail[]> {
  const outbox = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const wanted = email.toLowerCase();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const file = join(outbox, name);
    const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const mail = parseMail(raw, file, info.mtimeMs);
    const to = (mail.headers.get('to') ?? '').toLowerCase();
    if (to.includes(wanted)) mails.push(mail);
  }
  return mails.sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
}

const RESET_LINK = /https?:\/\/[^\s"'<>]+\/reset\/[A-Za-z0-9._~%-]+/;
const CONFIRM_LINK = /https?:\/\/[^\s"'<>]+\/confirm-email\/[A-Za-z0-9._~%-]+/;

function linkIn(mail: OutboxMail, pattern: RegExp): string | undefined {
  for (const text of mail.texts) {
    const match = pattern.exec(text.replace(/&amp;/g, '&'));
    if (match) return match[0];
  }
  return undefined;
}

/** The `…/reset/<token>` link in a mail, if there is one. */
export const resetLinkIn = (mail: OutboxMail) => linkIn(mail, RESET_LINK);

interface LinkWait {
  timeoutMs?: number;
  since?: number;
}

/**
 * Polls `DATA_DIR/outbox/*.eml` (up to `timeoutMs`) for the newest mail to `email` that carries a
 * link of `pattern`, and returns the link. Mails older than `since` (ms) are ignored.
 */
async function readLink(
  dataDir: string,
  email: string,
  pattern: RegExp,
  { timeoutMs = 10_000, since = 0 }: LinkWait,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  for (;;) {
    const mails = (await mailsTo(dataDir, email)).filter((mail) => mail.mtimeMs >= since);
    seen = mails.length;
    for (const mail of mails) {
      const link = linkIn(mail, pattern);
      if (link) return link;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    seen === 0
      ? `No mail to ${email} appeared in ${join(dataDir, 'outbox')} within ${timeoutMs / 1000} s`
      : `${seen} mail(s) to ${email} arrived, but none contains a link like ${pattern.source}`,
  );
}

/** The newest password-reset link mailed to `email`. */
export const readResetLink = (dataDir: string, email: string, wait: LinkWait = {}) =>
  readLink(dataDir, email, RESET_LINK, wait);

/** The newest address-confirmation link (`…/confirm-email/<token>`) mailed to `email`. */
export const readConfirmLink = (dataDir: string, email: string, wait: LinkWait = {}) =>
  readLink(dataDir, email, CONFIRM_LINK, wait);
