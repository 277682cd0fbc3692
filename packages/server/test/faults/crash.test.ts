import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatAck } from '@yedyni/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infra/config.js';
import { createDb, type Db } from '../../src/infra/db/index.js';
import { createPostgresDatabase, newPerson } from '../support/app.js';
import { type ChatClient, connect } from '../support/sockets.js';
import {
  api,
  buildServer,
  callback,
  form,
  pdf,
  prepareCourse,
  type ServerProcess,
  seeded,
  serverEnv,
  spawnServer,
  uploadedFiles,
} from './support.js';

/*
 * kill -9 of the real server (dist/main.js in a child process) in the middle of a steady stream of
 * homework with files, signed LiqPay callbacks and chat messages, then a restart on the same data:
 * everything that was acknowledged is there, whole; nothing is half there. Three kills (FAULT_ROUNDS),
 * at moments drawn from FAULT_SEED. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const SEED = Number(process.env.FAULT_SEED ?? 20_261_121);
const moments = seeded(SEED);
const noise = seeded(SEED + 1);
const LEARNERS = 6;
const PAYMENT_WORKERS = 4;
/**
 * When the kill comes, per round: once every stream has a few acknowledgements (however slow the
 * machine), plus this many ms drawn from the seed.
 */
const KILL_AT = Array.from({ length: Number(process.env.FAULT_ROUNDS ?? 3) }, () => Math.round(moments() * 1500));
/** Acknowledgements each stream has before the kill may come. */
const WARM = 3;

interface Version {
  text: string;
  bytes: Buffer;
}

interface Learner {
  index: number;
  token: string;
  userId: string;
  orderId: string;
  exerciseId: string | null;
  /** The homework as last acknowledged (created or replaced), and one sent whose answer never came. */
  homework: Version | null;
  pendingHomework: Version | null;
  /** Acknowledged comments: text → the file sent with it; and one in flight at the kill. */
  comments: Map<string, Buffer>;
  pendingComment: Version | null;
  /** Acknowledged chat messages: id → text. */
  chat: Map<string, string>;
}

let dataDir: string;
let database: { url: string; drop(): Promise<void> } | undefined;
let env: (port: number) => Record<string, string>;
let alpha: string;
let server: ServerProcess | undefined;
let db: Db;
const learners: Learner[] = [];
/** Acknowledged callbacks: payment_id → what was sent. */
const payments = new Map<string, { params: Record<string, string | number>; userId: string; amount: number }>();
const pendingPayments = new Set<string>();
const replayed = new Set<string>();
/** What became of the callbacks in flight at the last kill. */
let inFlight = '';
const report: string[] = [];

const version = (label: string): Version => ({
  text: label,
  bytes: pdf(label, 2_000 + Math.floor(noise() * 30_000), noise),
});

beforeAll(async () => {
  buildServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'yedyni-crash-'));
  database = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  env = (port) => serverEnv(dataDir, port, database ? { DATABASE_URL: database.url } : {});
  alpha = await prepareCourse(env(0));
  db = createDb(loadConfig(env(0)).database);
  server = await spawnServer(env);
  for (let index = 0; index < LEARNERS; index++) {
    const registered = await api(server.url, 'POST', '/api/auth/register', { body: newPerson() });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    const order = await api(server.url, 'POST', '/api/payments/donat', {
      token,
      body: { amount: 40, subscribe: true, offerAccepted: true },
    });
    expect(order.status).toBe(200);
    learners.push({
      index,
      token,
      userId: registered.body.user._id,
      orderId: order.body.orderId,
      exerciseId: null,
      homework: null,
      pendingHomework: null,
      comments: new Map(),
      pendingComment: null,
      chat: new Map(),
    });
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  console.info(`crash test (seed ${SEED}, ${database ? 'PostgreSQL' : 'SQLite'}):\n  ${report.join('\n  ')}`);
});

/** Runs the stream against `target` and kills it `killAt` ms in; counts of what was acknowledged. */
async function loadAndKill(target: ServerProcess, round: number, killAt: number) {
  let killing = false;
  const unexpected: string[] = [];
  const acked = { homework: 0, comments: 0, payments: 0, chat: 0 };
  /** A failure to get an answer is expected only once the kill has begun. */
  const lost = (what: string, error: unknown) => {
    if (!killing) unexpected.push(`${what}: ${String(error)}`);
  };

  const homework = async (l: Learner) => {
    for (let n = 0; !killing; n++) {
      const label = `r${round}-l${l.index}-${n}`;
      const file = (v: Version) => ({ bytes: v.bytes, name: `${v.text}.pdf` });
      if (!l.exerciseId || n % 3 === 1) {
        const next = version(`домашнє ${label}`);
        l.pendingHomework = next;
        const answer = await (l.exerciseId
          ? form(target.url, 'PATCH', '/api/exercises', {
              token: l.token,
              fields: { exerciseId: l.exerciseId, homework: next.text },
              file: file(next),
            })
          : form(target.url, 'POST', '/api/exercises', {
              token: l.token,
              fields: { courseId: alpha, lessonId: '1', homework: next.text },
              file: file(next),
            })
        ).catch((error: unknown) => lost('homework', error));
        if (!answer) return;
        if (answer.status !== 200 && answer.status !== 201) {
          unexpected.push(`homework ${answer.status} ${JSON.stringify(answer.body)}`);
          return;
        }
        l.exerciseId = answer.body._id;
        l.homework = next;
        l.pendingHomework = null;
        acked.homework += 1;
      } else {
        const next = version(`коментар ${label}`);
        l.pendingComment = next;
        const answer = await form(target.url, 'POST', '/api/exercises/comment', {
          token: l.token,
          fields: { exerciseId: l.exerciseId, comment: next.text },
          file: file(next),
        }).catch((error: unknown) => lost('comment', error));
        if (!answer) return;
        if (answer.status !== 201) {
          unexpected.push(`comment ${answer.status} ${JSON.stringify(answer.body)}`);
          return;
        }
        l.comments.set(next.text, next.bytes);
        l.pendingComment = null;
        acked.comments += 1;
      }
    }
  };

  const pay = async (worker: number) => {
    for (let n = 0; !killing; n++) {
      const l = learners[(worker + n) % LEARNERS] as Learner;
      const paymentId = `crash-${round}-${worker}-${n}-${randomBytes(3).toString('hex')}`;
      // The subscription's monthly amount: a callback for any other amount is never credited.
      const amount = 40;
      const params = {
        action: 'regular',
        status: 'success',
        order_id: l.orderId,
        payment_id: paymentId,
        amount,
        currency: 'UAH',
        end_date: Date.now(),
      };
      pendingPayments.add(paymentId);
      const answer = await callback(target.url, params).catch((error: unknown) => lost('callback', error));
      if (!answer) return;
      if (answer.status !== 200 || answer.body?.ok !== true) {
        unexpected.push(`callback ${answer.status} ${JSON.stringify(answer.body)}`);
        return;
      }
      pendingPayments.delete(paymentId);
      payments.set(paymentId, { params, userId: l.userId, amount });
      acked.payments += 1;
    }
  };

  const sockets: ChatClient[] = [];
  const chat = async (l: Learner, socket: ChatClient) => {
    const gone = new Promise<'gone'>((resolve) => socket.once('disconnect', () => resolve('gone')));
    for (let n = 0; !killing; n++) {
      const text = `повідомлення r${round}-l${l.index}-${n}`;
      const sent = (socket.timeout(10_000).emitWithAck as (event: string, payload: unknown) => Promise<ChatAck>)(
        'chat:send',
        { courseId: alpha, wave: '1', text },
      );
      const ack = await Promise.race([sent, gone]).catch((error: unknown) => lost('chat', error));
      if (!ack) return;
      if (ack === 'gone') {
        lost('chat', 'disconnected');
        return;
      }
      if (!ack.ok || !ack.message) {
        unexpected.push(`chat ${JSON.stringify(ack)}`);
        return;
      }
      l.chat.set(ack.message._id, text);
      acked.chat += 1;
    }
  };

  for (const l of learners) {
    const socket = await connect(target, l.token);
    sockets.push(socket);
    const joined = await (socket.timeout(5_000).emitWithAck as (e: string, p: unknown) => Promise<ChatAck>)(
      'chat:join',
      { courseId: alpha, wave: '1' },
    );
    expect(joined).toEqual({ ok: true });
  }
  const workers = [
    ...learners.map((l) => homework(l)),
    ...learners.map((l, i) => chat(l, sockets[i] as ChatClient)),
    ...Array.from({ length: PAYMENT_WORKERS }, (_, w) => pay(w)),
  ];
  const started = Date.now();
  while (Math.min(acked.homework + acked.comments, acked.payments, acked.chat) < WARM && unexpected.length === 0) {
    if (Date.now() - started > 30_000) throw new Error(`the load did not get going: ${JSON.stringify(acked)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, killAt));
  const killedAfter = Date.now() - started;
  killing = true;
  await target.kill9();
  await Promise.all(workers);
  for (const socket of sockets) socket.close();
  expect(unexpected, 'answers before the kill').toEqual([]);
  return { acked, killedAfter };
}

/** Homework: every acknowledged version and comment is there, with its file byte for byte. */
async function verifyHomework(target: ServerProcess): Promise<void> {
  for (const l of learners) {
    const found = l.exerciseId
      ? await api(target.url, 'GET', `/api/exercises/${l.exerciseId}`, { token: l.token })
      : await api(target.url, 'GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token: l.token });
    expect(found.status).toBe(200);
    const exercise = found.body;
    if (!exercise) {
      // Never acknowledged, and its creation did not survive: fine, and nothing of it may remain.
      expect(l.homework).toBeNull();
      l.pendingHomework = null;
      continue;
    }
    l.exerciseId = exercise._id;
    // The last acknowledged homework, or the one in flight at the kill if it committed.
    const candidates = [l.homework, l.pendingHomework].filter((v): v is Version => v !== null);
    const current = candidates.find((v) => v.text === exercise.homework);
    expect(current, `homework of learner ${l.index}: «${exercise.homework}»`).toBeDefined();
    expect(await download(target, exercise.fileURL)).toEqual((current as Version).bytes);
    l.homework = current as Version;
    l.pendingHomework = null;

    const present = new Map<string, string>(
      exercise.comments.map((c: { comment: string; fileURL: string }) => [c.comment, c.fileURL]),
    );
    for (const [text, bytes] of l.comments) {
      const link = present.get(text);
      expect(link, `acknowledged comment «${text}»`).toBeDefined();
      expect(await download(target, link as string)).toEqual(bytes);
    }
    const pending = l.pendingComment;
    for (const [text, link] of present) {
      if (l.comments.has(text)) continue;
      // Only the comment in flight at the kill may be there unacknowledged, and then whole.
      expect(text).toBe(pending?.text);
      expect(await download(target, link)).toEqual(pending?.bytes);
      l.comments.set(text, pending?.bytes as Buffer);
    }
    l.pendingComment = null;
  }
}

async function download(target: ServerProcess, link: string): Promise<Buffer> {
  expect(link).toMatch(/^\/api\/files\//);
  const response = await fetch(target.url + link);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Chat: every acknowledged message is in the room's history. */
async function verifyChat(target: ServerProcess): Promise<void> {
  const token = learners[0]?.token as string;
  const history = new Map<string, string>();
  const first = await api(target.url, 'GET', `/api/chats?courseId=${alpha}&wave=1&limit=50`, { token });
  expect(first.status).toBe(200);
  for (const m of first.body.messages) history.set(m._id, m.text);
  const anchor = first.body.firstMessageDate;
  for (let page = 2; ; page++) {
    const next = await api(
      target.url,
      'GET',
      `/api/chats?courseId=${alpha}&wave=1&limit=50&page=${page}&firstMessageDate=${anchor}`,
      { token },
    );
    expect(next.status).toBe(200);
    for (const m of next.body.messages) history.set(m._id, m.text);
    if (next.body.messages.length < 50) break;
  }
  for (const l of learners) {
    for (const [id, text] of l.chat) expect(history.get(id), `acknowledged message «${text}»`).toBe(text);
  }
}

/** Payments: each acknowledged callback once, with exactly one footprint row; totals add up. */
async function verifyPayments(): Promise<void> {
  const ids = [...payments.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const rows = await db
      .selectFrom('payments')
      .select(['payment_id', 'amount_kop', 'user_id'])
      .where('payment_id', 'in', chunk)
      .execute();
    expect(rows.length).toBe(chunk.length);
    for (const row of rows) {
      const sent = payments.get(row.payment_id);
      expect(row.amount_kop).toBe((sent?.amount ?? 0) * 100);
      expect(row.user_id).toBe(sent?.userId);
    }
    const marks = await db
      .selectFrom('mark_entries')
      .select(['source_key', 'points'])
      .where(
        'source_key',
        'in',
        chunk.map((id) => `payment:${id}`),
      )
      .execute();
    expect(marks.length).toBe(chunk.length);
  }
  // All or nothing for the callbacks in flight too: no payment without its footprint row, no
  // footprint row without its payment, no payment without its order.
  const unmatched = await sql<{ n: number }>`
    SELECT count(*) AS n FROM payments p
    WHERE (SELECT count(*) FROM mark_entries m WHERE m.source_key = 'payment:' || p.payment_id) <> 1
       OR NOT EXISTS (SELECT 1 FROM payment_orders o WHERE o.order_id = p.order_id)`.execute(db);
  expect(Number(unmatched.rows[0]?.n)).toBe(0);
  const orphanMarks = await sql<{ n: number }>`
    SELECT count(*) AS n FROM mark_entries m
    WHERE m.source_key LIKE 'payment:%'
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE 'payment:' || p.payment_id = m.source_key)`.execute(db);
  expect(Number(orphanMarks.rows[0]?.n)).toBe(0);
  // Each user's running total is the sum of their ledger.
  const totals = await sql<{ id: string; mark: number; sum: number | null }>`
    SELECT u.id, u.mark, (SELECT sum(points) FROM mark_entries m WHERE m.user_id = u.id) AS sum
    FROM users u`.execute(db);
  for (const row of totals.rows) expect(Number(row.mark), `mark of ${row.id}`).toBe(Number(row.sum ?? 0));
  // Callbacks in flight at the kill either counted or not; either way they are settled now.
  const landed = await db
    .selectFrom('payments')
    .select('payment_id')
    .where('payment_id', 'in', [...pendingPayments, ''])
    .execute();
  if (pendingPayments.size > 0)
    inFlight = `${landed.length} of ${pendingPayments.size} callbacks in flight committed; `;
  pendingPayments.clear();
}

/** Every file row has its bytes; nothing refers to a missing file; what is on disk without a row. */
async function verifyFiles(): Promise<{ strays: string[]; temporaries: string[] }> {
  const rows = await db.selectFrom('files').select(['id', 'storage_key', 'size']).execute();
  for (const row of rows) {
    const bytes = await stat(path.join(dataDir, 'uploads', row.storage_key.slice(0, 2), row.storage_key)).catch(
      () => null,
    );
    expect(bytes?.size, `bytes of file ${row.id}`).toBe(row.size);
  }
  for (const table of ['exercises', 'exercise_comments', 'chat_messages'] as const) {
    const dangling = await db
      .selectFrom(table)
      .leftJoin('files', 'files.id', `${table}.file_id`)
      .select(`${table}.id`)
      .where(`${table}.file_id`, 'is not', null)
      .where('files.id', 'is', null)
      .execute();
    expect(dangling, `${table} pointing at a missing file`).toEqual([]);
  }
  const keys = new Set(rows.map((r) => r.storage_key));
  const onDisk = await uploadedFiles(dataDir);
  return {
    strays: onDisk.filter((f) => !f.endsWith('.tmp') && !keys.has(path.basename(f))),
    temporaries: onDisk.filter((f) => f.endsWith('.tmp')),
  };
}

async function verifyAll(target: ServerProcess) {
  await verifyHomework(target);
  await verifyChat(target);
  await verifyPayments();
  // The provider repeats callbacks: repeating each acknowledged one (once) changes nothing.
  const before = await db
    .selectFrom('mark_entries')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  for (const [id, { params }] of payments) {
    if (replayed.has(id)) continue;
    replayed.add(id);
    const again = await callback(target.url, params);
    expect(again.status).toBe(200);
  }
  const after = await db
    .selectFrom('mark_entries')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  expect(Number(after?.n)).toBe(Number(before?.n));
  await verifyPayments();
  return verifyFiles();
}

describe('kill -9 under a stream of homework, payments and chat', () => {
  for (const [round, killAt] of KILL_AT.entries()) {
    it(`round ${round + 1}: killed mid-stream (+${killAt} ms), restarted, nothing acknowledged is lost`, async () => {
      const victim = server as ServerProcess;
      let outcome: Awaited<ReturnType<typeof loadAndKill>>;
      try {
        outcome = await loadAndKill(victim, round, killAt);
      } finally {
        // Whatever happened, the next round gets a server on the same data.
        await victim.kill9();
        server = await spawnServer(env);
      }
      const { acked, killedAfter } = outcome;
      inFlight = '';
      const { strays, temporaries } = await verifyAll(server);
      report.push(
        `round ${round + 1}: killed ${killedAfter} ms into the load, ${JSON.stringify(acked)} acknowledged; ` +
          `${inFlight}bytes without a row: ${strays.length}, temporary files: ${temporaries.length}`,
      );
    }, 90_000);
  }

  it('sweeps bytes a crash left without a row (and half-written temporaries) once they are an hour old', async () => {
    // A stray and a temporary as a kill between "bytes kept" and "row committed" leaves them, for
    // certain (the rounds above leave some only when the kill lands in that window).
    const stray = randomBytes(16).toString('hex');
    await mkdir(path.join(dataDir, 'uploads', stray.slice(0, 2)), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', stray.slice(0, 2), stray), 'stray');
    await writeFile(path.join(dataDir, 'uploads', stray.slice(0, 2), `${randomBytes(16).toString('hex')}.tmp`), 'x');
    await (server as ServerProcess).kill9();
    // Everything on disk an hour and a bit old, then a start: its sweep runs in the background.
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of await uploadedFiles(dataDir)) await utimes(path.join(dataDir, 'uploads', file), old, old);
    server = await spawnServer(env);
    let left = await verifyFiles();
    for (let attempt = 0; attempt < 100 && left.strays.length + left.temporaries.length > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await verifyFiles();
    }
    expect(left).toEqual({ strays: [], temporaries: [] });
    // And nothing that belongs to a record went: every file still downloads, byte for byte.
    await verifyHomework(server);
  }, 60_000);
});
