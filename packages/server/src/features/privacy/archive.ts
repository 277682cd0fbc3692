import type { ReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One entry of the archive: JSON or text written whole, or a stored file streamed in. */
export type ArchiveEntry = { path: string; text: string } | { path: string; file: () => ReadStream };

/**
 * The entries as a zip, made while it is read: a stored file goes in chunk by chunk (not
 * recompressed: uploads are pictures and PDFs), so a person's whole quota never sits in memory,
 * and the reader's pace (the file being written) sets the pace.
 */
export function zipStream(entries: ArchiveEntry[]): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else out.push(data);
    });
    const drain = function* () {
      if (failure) throw failure;
      yield* out.splice(0);
    };
    for (const entry of entries) {
      if ('text' in entry) {
        const file = new ZipDeflate(entry.path, { level: 6 });
        zip.add(file);
        file.push(strToU8(entry.text), true);
      } else {
        const file = new ZipPassThrough(entry.path);
        zip.add(file);
        for await (const chunk of entry.file()) {
          file.push(chunk as Uint8Array);
          yield* drain();
        }
        file.push(new Uint8Array(0), true);
      }
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks());
}

/** A file's name as a safe part of a path inside the archive: no folders, no controls, not too long. */
export function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^\.+/, '_');
  return cleaned.slice(-100) || 'file';
}
