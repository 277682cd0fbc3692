import { constants, createWriteStream, lstatSync, realpathSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { detectStreamType, mediaTypeOfName } from '../files/index.js';

/*
 * Course media (lesson pictures and recordings) are served from our own origin, so what lies
 * under /media must never be a page or a script there: a file is taken in only when its content
 * is a picture or a recording and its name says the same type, symlinks are never followed (on
 * import, export or serving), and it is served as that type, unsniffed, in a sandbox.
 */

/** A media file found in a course folder and checked: `relative` is its path under `media/`. */
export interface MediaFile {
  source: string;
  relative: string;
}

/** Why a media file was refused, in Ukrainian, for the message that names it. */
export class MediaRefusal extends Error {}

/**
 * Every file under `folder` (a course's `media/`), checked: a regular file (lstat: a symlink is
 * refused, never followed), inside the folder, whose content is an image or audio of the type its
 * name says. Throws MediaRefusal naming the first that is not.
 */
export async function checkedMedia(folder: string, prefix = 'media'): Promise<MediaFile[]> {
  const found: MediaFile[] = [];
  const walk = async (dir: string, relative: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const shown = `${prefix}/${relative ? `${relative}/` : ''}${entry.name}`;
      const file = path.join(dir, entry.name);
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      // readdir's types are lstat's: a symlink is reported as one, whatever it points to.
      if (entry.isSymbolicLink())
        throw new MediaRefusal(`${shown}: посилання (symlink) не приймаємо — покладіть сам файл`);
      if (entry.isDirectory()) {
        await walk(file, rel);
        continue;
      }
      if (!entry.isFile()) throw new MediaRefusal(`${shown}: це не звичайний файл`);
      const named = mediaTypeOfName(entry.name);
      if (!named) {
        throw new MediaRefusal(
          `${shown}: такий файл не приймаємо — лише зображення (JPEG, PNG, WebP, GIF) або аудіо (MP3, OGG, WAV, M4A, WebM, FLAC)`,
        );
      }
      const detected = await detectStreamType(await openNoFollow(file), entry.name);
      if (detected !== named) {
        throw new MediaRefusal(`${shown}: вміст файлу не відповідає його назві (очікували ${named})`);
      }
      found.push({ source: file, relative: rel });
    }
  };
  await walk(folder, '');
  return found;
}

/** Opens a file for reading, refusing a symlink put in its place since it was checked. */
async function openNoFollow(file: string) {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  return handle.createReadStream();
}

/** Copies checked media into `target`, each file whole (a temporary name until complete). */
export async function copyMedia(files: MediaFile[], target: string): Promise<void> {
  for (const file of files) {
    const destination = path.join(target, ...file.relative.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    const temporary = path.join(path.dirname(destination), `.${path.basename(destination)}.tmp`);
    try {
      await pipeline(await openNoFollow(file.source), createWriteStream(temporary, { mode: 0o644 }));
      await rename(temporary, destination);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

/**
 * The served media of a course (`mediaRoot/<slug>`), as the export writes them: regular files
 * with a media name only. A symlink or anything else planted there is left out, never followed.
 */
export async function servedMedia(folder: string): Promise<MediaFile[]> {
  const stats = await lstat(folder).catch(() => null);
  if (!stats?.isDirectory()) return [];
  const found: MediaFile[] = [];
  const walk = async (dir: string, relative: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), rel);
      else if (entry.isFile() && !entry.name.startsWith('.') && mediaTypeOfName(entry.name)) {
        found.push({ source: path.join(dir, entry.name), relative: rel });
      }
    }
  };
  await walk(folder, '');
  return found.sort((a, b) => a.relative.localeCompare(b.relative));
}

/** What /media answers carry besides their type: no sniffing, and no page powers if opened. */
const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/**
 * `/media/<slug>/…` from `root`: only names of an image or audio type, served as that type; no
 * dotted names, and nothing reached through a symlink (the real path must be the requested one).
 */
export const mediaFiles = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const realRoot = realpathSync(root);
  await app.register(async (scope) => {
    // The type its name stands for (checked on the way in), in place of the one send guessed.
    scope.addHook('onSend', async (request, reply, payload) => {
      const type = mediaTypeOfName(request.url.split('?')[0] ?? '');
      if (type && reply.statusCode < 300) reply.header('content-type', type);
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: realRoot,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
      allowedPath: (pathName) => {
        if (!mediaTypeOfName(pathName)) return false;
        const requested = path.join(realRoot, pathName);
        try {
          return realpathSync(requested) === requested && lstatSync(requested).isFile();
        } catch {
          return false;
        }
      },
      // On the raw response, where the app's CSP was set too (infra/http/security.ts): this replaces it.
      setHeaders: (response) => {
        response.setHeader('x-content-type-options', 'nosniff');
        response.setHeader('content-security-policy', MEDIA_CSP);
      },
    });
  });
});
