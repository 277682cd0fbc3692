import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { FILE_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { signUp } from './support/courses.js';
import { PNG, storedFiles } from './support/files.js';

const MiB = 1024 * 1024;

/** A PNG of `size` bytes: its signature, then zeros (the type is told by the first bytes). */
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

const chatUpload = (t: TestApp, token: string, bytes: Uint8Array, name = 'photo.png') =>
  t.form('POST', '/api/chats/upload', { token, fields: {}, file: { bytes, name, type: 'image/png' } });

/** Every file under the uploads folder, temporary ones included, with its size. */
async function uploadsOnDisk(dataDir: string): Promise<{ name: string; size: number }[]> {
  const root = path.join(dataDir, 'uploads');
  const found: { name: string; size: number }[] = [];
  for (const shard of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, shard)).catch(() => [] as string[])) {
      const size = await stat(path.join(root, shard, name)).then(
        (s) => s.size,
        () => 0,
      );
      found.push({ name, size });
    }
  }
  return found;
}

async function until<T>(probe: () => Promise<T | undefined>, ms = 5_000): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/**
 * A chat upload over a raw HTTP connection, sent in pieces the test controls: the form's head,
 * then the file's bytes as the test writes them, then the form's end.
 */
function slowUpload(t: TestApp, token: string, fileBytes: number) {
  const boundary = 'yedyni-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${t.url}/api/chats/upload`);
  let answered = false;
  const request = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + fileBytes + tail.length),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res: IncomingMessage) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may close the connection after answering early: the answer is what counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  // An aborted upload that was never answered must not surface as an unhandled rejection.
  response.catch(() => {});
  request.write(head);
  return {
    response,
    answered: () => answered,
    write: (bytes: Buffer) => new Promise<void>((resolve) => request.write(bytes, () => resolve())),
    end: () => new Promise<void>((resolve) => request.end(tail, () => resolve())),
    abort: () => request.destroy(),
  };
}

describe('uploads are streamed to disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_CHAT: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a temporary file while the body arrives and renames it once complete', async () => {
    const { token } = await signUp(t);
    const bytes = png(3 * MiB);
    const upload = slowUpload(t, token, bytes.length);
    await upload.write(bytes.subarray(0, MiB));
    // Half-way through the body its bytes are already on disk, in a .tmp file, not held in memory.
    const partial = await until(async () =>
      (await uploadsOnDisk(t.dataDir)).find((f) => f.name.endsWith('.tmp') && f.size > 0),
    );
    expect(partial, 'a .tmp file receiving the upload').toBeDefined();
    await upload.write(bytes.subarray(MiB));
    await upload.end();
    const answer = await upload.response;
    expect(answer.status).toBe(201);
    expect((await uploadsOnDisk(t.dataDir)).filter((f) => f.name.endsWith('.tmp'))).toEqual([]);
    const link = JSON.parse(answer.body).fileURL as string;
    const served = Buffer.from(await (await fetch(t.url + link)).arrayBuffer());
    expect(served.equals(bytes)).toBe(true);
  });

  it('a sender who cancels midway leaves nothing: no temporary file, no stored file, no record', async () => {
    const { token, user } = await signUp(t);
    const before = await uploadsOnDisk(t.dataDir);
    const upload = slowUpload(t, token, 3 * MiB);
    await upload.write(png(MiB));
    const partial = await until(async () =>
      (await uploadsOnDisk(t.dataDir)).find((f) => f.name.endsWith('.tmp') && f.size > 0),
    );
    expect(partial, 'the upload was being received').toBeDefined();
    // What the browser does on «Скасувати»: the connection goes, the form never ends.
    upload.abort();
    const left = await until(async () => {
      const files = await uploadsOnDisk(t.dataDir);
      return files.length === before.length ? files : undefined;
    });
    expect(left, 'nothing of the cancelled upload on disk').toEqual(before);
    const db = t.app.services.db;
    expect(await db.selectFrom('files').select('id').where('owner_id', '=', user._id).execute()).toEqual([]);
    // Nor does it hold a share of the quota.
    const held = () => db.selectFrom('upload_reservations').select('id').where('owner_id', '=', user._id).execute();
    expect(await until(async () => ((await held()).length === 0 ? true : undefined))).toBe(true);
    // The server goes on serving: the next upload of the same person is whole.
    expect((await chatUpload(t, token, png(1024))).status).toBe(201);
  });
});

describe('upload quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_QUOTA_MB: '1', RATE_LIMIT_CHAT: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const storedBy = async (userId: string) =>
    Number(
      (
        await t.app.services.db
          .selectFrom('files')
          .select((eb) => eb.fn.sum<number>('size').as('bytes'))
          .where('owner_id', '=', userId)
          .executeTakeFirst()
      )?.bytes ?? 0,
    );

  it('refuses a file that does not fit what is left with a clear 413, keeping nothing', async () => {
    const { token, user } = await signUp(t);
    expect((await chatUpload(t, token, png(600 * 1024))).status).toBe(201);
    const before = await storedFiles(t.dataDir);
    const refused = await chatUpload(t, token, png(600 * 1024));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ message: FILE_MESSAGES.quotaFull });
    expect(await storedFiles(t.dataDir)).toEqual(before);
    expect(await storedBy(user._id)).toBe(600 * 1024);
    // Someone else's space is their own.
    const other = await signUp(t);
    expect((await chatUpload(t, other.token, png(600 * 1024))).status).toBe(201);
  });

  it('holds under concurrent uploads by one user: what is accepted never adds up past the quota', async () => {
    const { token, user } = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => chatUpload(t, token, png(300 * 1024))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    expect(await storedBy(user._id)).toBe(3 * 300 * 1024);
    const rows = await t.app.services.db.selectFrom('files').select('storage_key').execute();
    expect((await storedFiles(t.dataDir)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
  });

  it('answers 413 while the body is still arriving, without waiting for all of it', async () => {
    const { token } = await signUp(t);
    const upload = slowUpload(t, token, 3 * MiB);
    try {
      await upload.write(png(2 * MiB));
      const answer = await Promise.race([
        upload.response,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
      ]);
      expect(answer?.status, 'answered before the body was complete').toBe(413);
      expect(JSON.parse(answer?.body ?? '{}')).toEqual({ message: FILE_MESSAGES.quotaFull });
    } finally {
      upload.abort();
    }
    const left = await until(async () => {
      const files = await uploadsOnDisk(t.dataDir);
      return files.some((f) => f.name.endsWith('.tmp')) ? undefined : files;
    });
    expect(left, 'no temporary file left behind').toBeDefined();
  });
});

describe('upload rate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_RATE: '3', RATE_LIMIT_CHAT: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows so many uploads an hour per user, even when they come at once, then 429', async () => {
    const { token } = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => chatUpload(t, token, PNG)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429]);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body).toEqual({ message: FILE_MESSAGES.tooManyUploads });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await chatUpload(t, (await signUp(t)).token, PNG)).status).toBe(201);
  });
});

describe('file links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_CHAT: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['poly.html', 'poly.png'],
    ['notes', 'notes.png'],
    ['фото.PNG', 'фото.PNG'],
  ])('names a file by the type found in it: a PNG sent as %s is offered as %s', async (sent, offered) => {
    const { token } = await signUp(t);
    const upload = await chatUpload(t, token, PNG, sent);
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ fileType: 'image/png', fileName: offered });
    const served = await fetch(t.url + upload.body.fileURL);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const disposition = served.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(encodeURIComponent(offered));
    expect(disposition).not.toContain('.html');
  });

  it('live minutes, not hours', async () => {
    const { token } = await signUp(t);
    const upload = await chatUpload(t, token, PNG);
    const expires = Number(new URL(t.url + upload.body.fileURL).searchParams.get('e'));
    expect(expires - t.clock.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect((await fetch(t.url + upload.body.fileURL)).status).toBe(200);
    t.clock.advance(16 * 60 * 1000);
    try {
      expect((await fetch(t.url + upload.body.fileURL)).status).toBe(403);
    } finally {
      t.clock.advance(-16 * 60 * 1000);
    }
  });
});
