import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { fromExtendedJson } from './extended-json.js';

/** The collections an export holds, one `mongoexport --jsonArray` file each, in the order they are read. */
export const COLLECTIONS = ['courses', 'users', 'payments', 'diaries', 'exercises', 'messages'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export class ExportFileError extends Error {}

/** Whether the export folder has `<name>.json`. */
export async function hasCollection(folder: string, name: Collection): Promise<boolean> {
  const stats = await lstat(path.join(folder, `${name}.json`)).catch(() => null);
  return Boolean(stats?.isFile());
}

/**
 * The documents of one collection, one at a time: the file is parsed as it streams (stream-json),
 * so memory holds one document, never the file. A file that stops being JSON midway throws
 * where it breaks, after (some of) the documents before it were handed out: the caller's
 * transaction makes that «nothing written».
 */
export async function* documents(folder: string, name: Collection): AsyncGenerator<Record<string, unknown>> {
  const file = path.join(folder, `${name}.json`);
  const source = createReadStream(file, { highWaterMark: 4 * 1024 });
  const items = source.pipe(streamArray.withParserAsStream());
  source.on('error', (error) => items.destroy(error));
  try {
    for await (const item of items as AsyncIterable<{ value: unknown }>) {
      const value = fromExtendedJson(item.value);
      if (value && typeof value === 'object' && !Array.isArray(value)) yield value as Record<string, unknown>;
    }
  } catch (error) {
    throw new ExportFileError(
      `${name}.json: файл пошкоджено (${error instanceof Error ? error.message : String(error)}); нічого не записано`,
    );
  } finally {
    source.destroy();
  }
}

/**
 * A copy of a string read from an export that keeps nothing else alive, for what the run holds on
 * to (the old ids of people, their inviters and payments). The parser hands out strings that V8
 * keeps as slices of a larger string it read them from; one such id held per person kept that
 * whole text alive too: some 1.5 kB a person, most of what grew with an export (issue 24).
 */
export function own(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * A file an operator downloaded beside the export for an absolute URL of the old file host:
 * `<folder>/<host>/<path>`, `<folder>/<path>` or `<folder>/<file name>`, the first that exists.
 * Never outside the folder, never through a symlink; null when there is none.
 */
export async function fileForUrl(folder: string | undefined, url: unknown): Promise<string | null> {
  if (!folder || typeof url !== 'string' || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    pathname = parsed.pathname;
  }
  const root = path.resolve(folder);
  const candidates = [
    path.join(root, parsed.hostname, pathname),
    path.join(root, pathname),
    path.join(root, path.basename(pathname)),
  ];
  for (const candidate of candidates) {
    if (!candidate.startsWith(root + path.sep)) continue;
    const stats = await lstat(candidate).catch(() => null);
    if (stats?.isFile()) return candidate;
  }
  return null;
}
