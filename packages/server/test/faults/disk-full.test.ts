import { execFileSync } from 'node:child_process';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENERIC_MESSAGES } from '../../src/infra/errors.js';
import { LocalFileStore } from '../../src/infra/storage.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { importFixtures, signUp } from '../support/courses.js';
import { uploadedFiles } from './support.js';

/*
 * The uploads folder runs out of space: homework, comments and chat uploads with a file get a
 * clear Ukrainian 507, nothing is recorded and no half-written file stays; once space is freed
 * the same requests succeed. The disk is real when we may mount (root): a 1 MiB tmpfs over the
 * uploads folder, filled up. Where mounting is not allowed the store's writes fail with the
 * ENOSPC error fs itself gives (writing to /dev/full) instead.
 */

const FULL = GENERIC_MESSAGES[507] as string;
let t: TestApp;
let alpha: string;
let uploads: string;
let mounted = false;
let filler: string;

/** A PDF of `size` bytes, unique by `label`. */
const pdf = (label: string, size: number) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`), Buffer.alloc(size, 0x41), Buffer.from('\n%%EOF\n')]);

/**
 * Writes `file` until the file system says it is full, then gives back `spare` bytes: an upload
 * larger than that starts being written and fails half-way, the case that must leave nothing.
 */
async function fill(file: string, spare: number): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const chunk = Buffer.alloc(64 * 1024, 0x5a);
    for (;;) await handle.write(chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
    await handle.truncate(Math.max(0, (await handle.stat()).size - spare));
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
  uploads = path.join(t.dataDir, 'uploads');
  filler = path.join(uploads, 'filler');
  await mkdir(uploads, { recursive: true });
  try {
    // FAULT_DISK_FULL=enospc runs the fallback even where mounting works.
    if (process.env.FAULT_DISK_FULL === 'enospc') throw new Error('FAULT_DISK_FULL=enospc');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', uploads], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    console.warn(`disk-full test: cannot mount a tmpfs (${String(error)}); failing writes with ENOSPC instead`);
  }
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  if (mounted) execFileSync('umount', ['-l', uploads]);
  await t?.close();
});

/** The disk is full from now on: the tmpfs filled up, or (without one) fs's own ENOSPC on every save. */
async function diskFull(): Promise<void> {
  if (mounted) {
    await fill(filler, 96 * 1024);
    return;
  }
  const save = LocalFileStore.prototype.save;
  vi.spyOn(LocalFileStore.prototype, 'save').mockImplementation(async function (this: LocalFileStore, bytes) {
    // /dev/full fails every write with ENOSPC: the very error a full disk gives.
    await writeFile('/dev/full', bytes);
    return save.call(this, bytes);
  });
}

async function spaceFreed(): Promise<void> {
  if (mounted) await rm(filler, { force: true });
  else vi.restoreAllMocks();
}

async function rows() {
  const db = t.app.services.db;
  const count = async (table: 'files' | 'exercises' | 'exercise_comments' | 'chat_messages') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  return {
    files: await count('files'),
    exercises: await count('exercises'),
    comments: await count('exercise_comments'),
    messages: await count('chat_messages'),
  };
}

describe('disk full on uploads', () => {
  it('refuses files with a clear 507, records nothing, leaves no partial file, and works once space is freed', async () => {
    const learner = await signUp(t);
    const other = await signUp(t);
    // An exercise without a file, to comment on.
    const exercise = await t.form('POST', '/api/exercises', {
      token: other.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Відповідь без файлу' },
    });
    expect(exercise.status).toBe(201);
    const before = await rows();
    const filesBefore = await uploadedFiles(t.dataDir);

    await diskFull();
    const file = { bytes: pdf('домашнє', 200_000), name: 'домашнє.pdf', type: 'application/pdf' };
    const homework = await t.form('POST', '/api/exercises', {
      token: learner.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моя відповідь' },
      file,
    });
    const comment = await t.form('POST', '/api/exercises/comment', {
      token: other.token,
      fields: { exerciseId: exercise.body._id, comment: 'Ось файл' },
      file,
    });
    const chatUpload = await t.form('POST', '/api/chats/upload', { token: learner.token, fields: {}, file });
    for (const answer of [homework, comment, chatUpload]) {
      expect(answer.status).toBe(507);
      expect(answer.body).toEqual({ message: FULL });
    }
    // Nothing recorded, nothing half-written (the store's temporary file is gone too).
    expect(await rows()).toEqual(before);
    expect(await uploadedFiles(t.dataDir)).toEqual(filesBefore);
    // Only files need the disk: the rest of the API carries on.
    expect((await t.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token: learner.token })).body).toBe(
      null,
    );

    await spaceFreed();
    const again = await t.form('POST', '/api/exercises', {
      token: learner.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Моя відповідь' },
      file,
    });
    expect(again.status).toBe(201);
    const stored = await fetch(t.url + again.body.fileURL);
    expect(Buffer.from(await stored.arrayBuffer()).equals(file.bytes)).toBe(true);
    expect(
      (
        await t.form('POST', '/api/exercises/comment', {
          token: other.token,
          fields: { exerciseId: exercise.body._id, comment: 'Ось файл' },
          file,
        })
      ).status,
    ).toBe(201);
    expect((await t.form('POST', '/api/chats/upload', { token: learner.token, fields: {}, file })).status).toBe(201);
    const after = await rows();
    expect(after).toMatchObject({ files: before.files + 3, exercises: before.exercises + 1 });
    console.info(`disk-full test: ${mounted ? 'a real 1 MiB tmpfs filled up' : 'ENOSPC from /dev/full (no mount)'}`);
  }, 60_000);
});
