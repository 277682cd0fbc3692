import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * Everything the server keeps on disk (the database, uploads, mail, backups, the JWT secret) is
 * for the server's own user only: folders 0700, files 0600. The entry points set this umask
 * (main.ts, the command lines), so whatever a library creates is private too; the helpers below
 * say it explicitly where our own code creates the files that matter most, and tighten what an
 * older version left open to others.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Sets the process umask; for entry points only (it is process-wide). */
export function restrictUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** Creates the folder (and missing parents) 0700, and makes it 0700 if it already existed. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

/** Creates the file empty (0600) unless it exists, and makes it 0600 either way. */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  chmodSync(file, PRIVATE_FILE);
}

/** Makes the file 0600 if it exists. */
export function privateIfExists(file: string): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
}
