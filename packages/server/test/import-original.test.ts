import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportLossError, runAdmin } from '../src/cli/admin.js';
import { KINDS, type Kind } from '../src/features/import/report.js';
import { loadConfig } from '../src/infra/config.js';
import { startTestApp, type TestApp } from './support/app.js';
import { providerCallback } from './support/liqpay.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/original', import.meta.url));
const CONTENT = path.join(FIXTURE, 'content');
const FILES = path.join(FIXTURE, 'files');
const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 10, 9, 0, 0);

/** Every table the import writes, whole and in a fixed order: «nothing changed» is these being equal. */
const TABLES = {
  users: 'id',
  mark_entries: 'id',
  courses: 'id',
  course_waves: 'label',
  lessons: 'day',
  lesson_schedules: 'scheduled_date',
  enrollments: 'user_id',
  diary_entries: 'id',
  exercises: 'id',
  exercise_comments: 'id',
  chat_messages: 'id',
  payment_orders: 'order_id',
  payments: 'id',
  files: 'id',
  import_ids: 'old_id',
} as const;

/**
 * The import runs here in the test app's own process and thread, as the operator's command runs
 * beside a server. better-sqlite3 waits for a lock synchronously: a job poller claiming a due job
 * while the import's transaction holds SQLite's write lock would block this thread for the whole
 * busy_timeout (5 s) at each try, the import included. The apps here run no workers, as the
 * command line's own services do not.
 */
const noWorkers = { workers: false };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, noWorkers);
});
afterAll(async () => {
  await t.close();
});

/** `npm run admin -- import-original …` into `app`'s installation: it exits 0 when this resolves. */
function cli(...args: string[]) {
  return importInto(t, ...args);
}
function importInto(app: TestApp, ...args: string[]) {
  return runAdmin(['import-original', ...args], loadConfig(app.env));
}

async function snapshot(app = t): Promise<Record<string, unknown[]>> {
  const db = app.app.services.db;
  const all: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    // biome-ignore lint/suspicious/noExplicitAny: every table by name
    const rows = await (db as any).selectFrom(table).selectAll().orderBy(order).execute();
    all[table] = (rows as Record<string, unknown>[])
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))))
      .sort();
  }
  return all;
}

const count = async (table: keyof typeof TABLES) => (await snapshot())[table]?.length ?? 0;

/** The attachments' bytes in the store (a key per file, in a folder per its first two letters). */
async function storedFiles(app = t): Promise<string[]> {
  const entries = await readdir(path.join(app.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** A copy of the fixture export to change. */
async function copyOfExport(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'yedyni-original-'));
  await cp(FIXTURE, folder, { recursive: true });
  return folder;
}

/** Changes one collection's file of a copied export. */
async function editExport(folder: string, name: string, change: (docs: Record<string, unknown>[]) => void) {
  const file = path.join(folder, `${name}.json`);
  const docs = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
  change(docs);
  await writeFile(file, JSON.stringify(docs));
}

async function userByEmail(email: string) {
  return t.app.services.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

describe('import-original', () => {
  it('stops at a broken file with nothing written', async () => {
    const before = await snapshot();
    const folder = await copyOfExport();
    try {
      const messages = await readFile(path.join(folder, 'messages.json'), 'utf8');
      // Cut in the middle of the third message: everything before it was read and written, then rolled back.
      await writeFile(
        path.join(folder, 'messages.json'),
        messages.slice(0, messages.indexOf('"110000000000000000000003"') + 10),
      );
      await expect(cli(folder, '--files', FILES)).rejects.toThrow(
        /messages\.json: файл пошкоджено .*нічого не записано/,
      );
      expect(await snapshot()).toEqual(before);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('reports in a dry run, writes nothing and fails when records would be lost', async () => {
    const before = await snapshot();
    const error = await cli(FIXTURE, '--dry-run', '--content', CONTENT, '--files', FILES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportLossError);
    const text = (error as Error).message;
    expect(text).toContain('Пробний запуск: нічого не записано.');
    expect(text).toMatch(/люди: 28 \(0\)/);
    expect(text).toContain('неправильна адреса e-mail: 1');
    expect(text).toMatch(/відрізняється лише регістром літер\): 1 — b0+30 olena\.case@example\.org/);
    expect(text).toMatch(/домашні завдання: без власника \(сирітське\): 1/);
    expect(text).toMatch(/домашні завдання: невідомий курс: 1/);
    expect(text).toMatch(/повідомлення чату: невідома кімната: 1/);
    expect(text).toMatch(/записи щоденника: невідомий власник: 1/);
    expect(text).toMatch(/запрошення по колу \(цикл\), не перенесено: 3/);
    expect(text).toMatch(/висячий id\), запрошення не перенесено: 1 — b0+23→b0+99/);
    expect(text).toMatch(/ukrainianMark: 1 — b0+5: 10 ≠ 25/);
    // The second homework for a lesson is left out with its files: only the three kept records' count.
    expect(text).toMatch(/домашні завдання: друге домашнє на той самий урок \(з коментарями\): 1 — f0+5/);
    expect(text).toMatch(/файли: 3 \(0\)/);
    expect(await snapshot()).toEqual(before);
    expect(await storedFiles()).toEqual([]);
  });

  it('imports people, courses, lessons, ledgers, payments, diaries, homework and chat', async () => {
    const out = await cli(FIXTURE, '--content', CONTENT, '--files', FILES);
    expect(out).toContain('Імпорт завершено.');
    const db = t.app.services.db;

    const admin = await userByEmail('admin.old@example.org');
    expect(admin).toMatchObject({ role: 'admin', mark: 127, inviter_id: '00000000-0000-4000-8000-000000000000' });
    expect(admin.password_hash).toMatch(/^\$2b\$10\$/);
    expect(admin.email_verified_at).not.toBeNull();
    expect((await userByEmail('person9@example.org')).email_verified_at).toBeNull();
    expect((await userByEmail('curator@example.org')).role).toBe('moderator');
    // The tree: consistent links kept, the cycle and the dangling inviter not.
    expect((await userByEmail('person3@example.org')).inviter_id).toBe(admin.id);
    const p3 = await userByEmail('person3@example.org');
    expect((await userByEmail('person7@example.org')).inviter_id).toBe(p3.id);
    for (const n of [20, 21, 22, 23])
      expect((await userByEmail(`person${n}@example.org`)).inviter_id).toBe('00000000-0000-4000-8000-000000000000');
    // Of the two addresses differing by case, the first is in and the second is not.
    expect(await db.selectFrom('users').select('email').where('email', 'like', 'olena%').execute()).toHaveLength(1);

    // The ledger row by row, with dates and comments.
    const ledger = await db
      .selectFrom('mark_entries')
      .select(['date', 'points', 'comment', 'final_value'])
      .where('user_id', '=', admin.id)
      .orderBy('date')
      .execute();
    expect(ledger.map((r) => [r.points, r.comment, r.final_value])).toEqual([
      [10, 'Реєстрація на платформі', 10],
      [10, 'Запрошено учасника', 20],
      [7, 'Самоперевірка', 27],
      [100, 'донат', 127],
    ]);
    expect(Number(ledger[3]?.date)).toBe(T0 + 4 * DAY);

    // Courses, the current and the announced wave, lessons with schedules; pages sanitized or linked.
    const course = await db
      .selectFrom('courses')
      .selectAll()
      .where('title', '=', 'Українська з нуля')
      .executeTakeFirstOrThrow();
    expect(course).toMatchObject({ current_wave: '12', next_wave: '13' });
    expect(course.description).toContain('https://t.me/ukr12');
    const waves = await db
      .selectFrom('course_waves')
      .select(['label', 'start'])
      .where('course_id', '=', course.id)
      .orderBy('label')
      .execute();
    expect(waves.map((w) => [w.label, Number(w.start)])).toEqual([
      ['12', T0],
      ['13', T0 + 60 * DAY],
    ]);
    const lessons = await db
      .selectFrom('lessons')
      .selectAll()
      .where('course_id', '=', course.id)
      .orderBy('day')
      .execute();
    expect(lessons.map((l) => l.day)).toEqual([1, 2, 3]);
    expect(lessons[0]?.content_html).toContain('Добрий день!');
    expect(lessons[0]?.content_html).not.toMatch(/script|onerror/);
    expect(lessons[0]?.theory_html).toContain('Теорія першого уроку');
    expect(lessons[1]?.content_html).toContain('href="https://files.example.org/lessons/c1-2.html"');
    expect(lessons[0]?.practice_html).toContain('https://files.example.org/tests/c1-1.html');
    const schedule = await db
      .selectFrom('lesson_schedules')
      .select(['wave', 'scheduled_date'])
      .where('course_id', '=', course.id)
      .where('day', '=', 2)
      .orderBy('wave')
      .execute();
    expect(schedule.map((s) => [s.wave, Number(s.scheduled_date)])).toEqual([
      ['12', T0 + DAY],
      ['13', T0 + 61 * DAY],
    ]);
    expect(await count('enrollments')).toBe(28 + 1);

    // Diaries keep the self-reported score, unscored here.
    const diary = await db
      .selectFrom('diary_entries')
      .selectAll()
      .where('user_id', '=', p3.id)
      .orderBy('day')
      .execute();
    expect(diary.map((d) => [d.day, d.date, d.test, d.test_version])).toEqual([
      [1, '2024-01-10', 7, 0],
      [2, '2024-01-11', 10, 0],
    ]);

    // Homework with its file, comments (read state, the curator's file) and marks.
    const homework = await db
      .selectFrom('exercises')
      .selectAll()
      .where('user_id', '=', p3.id)
      .executeTakeFirstOrThrow();
    expect(homework).toMatchObject({ status: 'active', homework: 'Моє есе', day: 1 });
    expect(homework.file_id).not.toBeNull();
    const comments = await db
      .selectFrom('exercise_comments')
      .selectAll()
      .where('exercise_id', '=', homework.id)
      .orderBy('created_at')
      .execute();
    expect(comments.map((c) => [c.comment, c.is_read, c.file_id !== null])).toEqual([
      ['Гарно, але виправте наголоси', 0, true],
      ['Дякую!', 1, false],
    ]);
    const rated = await db
      .selectFrom('exercises')
      .selectAll()
      .where('homework', '=', 'Друге завдання')
      .executeTakeFirstOrThrow();
    expect(rated).toMatchObject({ status: 'inactive', rating: 11 });
    const file = await db.selectFrom('files').selectAll().where('id', '=', homework.file_id).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ mime: 'image/png', name: 'essay.png', owner_id: p3.id });
    const stored = await readFile(path.join(t.dataDir, 'uploads', file.storage_key.slice(0, 2), file.storage_key));
    expect(stored).toEqual(await readFile(path.join(FILES, 'files.example.org', 'hw', 'essay.png')));
    // The second homework for the same lesson is skipped: neither its file nor its comment's is kept.
    expect(
      await db.selectFrom('exercises').select('id').where('homework', '=', 'Те саме есе ще раз').execute(),
    ).toEqual([]);
    expect(await count('files')).toBe(3);
    expect(await storedFiles()).toHaveLength(3);

    // Chat into the wave rooms, an earlier wave's too.
    const chat = await db.selectFrom('chat_messages').selectAll().orderBy('date').execute();
    expect(chat.map((m) => [m.wave, m.text])).toEqual([
      ['11', 'З минулої хвилі'],
      ['12', 'Привіт усім!'],
      ['12', 'Вітаю'],
      ['12', ''],
    ]);
    expect(chat[3]?.file_id).not.toBeNull();

    // Payments and subscriptions with their provider ids.
    const orders = await db.selectFrom('payment_orders').selectAll().orderBy('order_id').execute();
    expect(orders.map((o) => [o.order_id, o.subscribe, o.status, o.amount_kop])).toEqual([
      ['old-pay-1', 0, 'paid', 10000],
      ['old-pay-2', 0, 'paid', 20000],
      ['old-sub-active', 1, 'subscribed', 5000],
      ['old-sub-cancelled', 1, 'unsubscribed', 7500],
    ]);
    const charges = await db
      .selectFrom('payments')
      .select(['payment_id', 'action', 'end_date'])
      .orderBy('payment_id')
      .execute();
    expect(charges.map((c) => c.payment_id)).toEqual(['lp-1001', 'lp-1002', 'lp-2003', 'lp-2004']);
    // The old token never comes along: the imported account has no reset links.
    expect(await db.selectFrom('password_resets').selectAll().where('user_id', '=', admin.id).execute()).toEqual([]);
  });

  it('changes nothing when the same export is imported again', async () => {
    const before = await snapshot();
    const out = await cli(FIXTURE, '--content', CONTENT, '--files', FILES);
    expect(out).toMatch(/люди: 0 \(28\)/);
    expect(await snapshot()).toEqual(before);
  });

  it('signs in with the old bcrypt password, then keeps an argon2id hash of it', async () => {
    const email = 'admin.old@example.org';
    const wrong = await t.api('POST', '/api/auth/login', { body: { email, password: 'не той пароль' } });
    expect(wrong.status).toBe(401);
    expect((await userByEmail(email)).password_hash).toMatch(/^\$2b\$/);
    const first = await t.api('POST', '/api/auth/login', { body: { email, password: 'стара таємниця 1' } });
    expect(first.status).toBe(200);
    expect(first.body.user.role).toBe('admin');
    expect((await userByEmail(email)).password_hash).toMatch(/^\$argon2id\$/);
    const again = await t.api('POST', '/api/auth/login', { body: { email, password: 'стара таємниця 1' } });
    expect(again.status).toBe(200);
  });

  it('credits the next monthly charge of an imported subscription once, and none of a cancelled one', async () => {
    const db = t.app.services.db;
    const donor = await userByEmail('person5@example.org');
    const charge = {
      action: 'regular',
      status: 'success',
      order_id: 'old-sub-active',
      payment_id: 'lp-after-move-1',
      amount: 50,
      currency: 'UAH',
      end_date: T0 + 70 * DAY,
    };
    expect((await providerCallback(t, charge)).status).toBe(200);
    expect((await providerCallback(t, charge)).status).toBe(200);
    const charges = await db
      .selectFrom('payments')
      .select('payment_id')
      .where('order_id', '=', 'old-sub-active')
      .execute();
    expect(charges.map((c) => c.payment_id).sort()).toEqual(['lp-2003', 'lp-after-move-1']);
    expect((await userByEmail('person5@example.org')).mark).toBe(donor.mark + 50);

    const cancelled = await userByEmail('person6@example.org');
    await providerCallback(t, { ...charge, order_id: 'old-sub-cancelled', payment_id: 'lp-after-move-2', amount: 75 });
    expect(
      await db.selectFrom('payments').select('payment_id').where('order_id', '=', 'old-sub-cancelled').execute(),
    ).toEqual([{ payment_id: 'lp-2004' }]);
    const order = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_id', '=', 'old-sub-cancelled')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('unsubscribed');
    expect((await userByEmail('person6@example.org')).mark).toBe(cancelled.mark);
  });

  it('adds only what is new from a newer export', async () => {
    const folder = await copyOfExport();
    try {
      await editExport(folder, 'users', (docs) => {
        const first = docs[0] as { historyUkrainianMark: unknown[]; ukrainianMark: unknown };
        first.historyUkrainianMark.push({
          date: T0 + 80 * DAY,
          points: 12,
          comment: 'Оцінка за домашнє',
          finalValue: 139,
        });
        first.ukrainianMark = 139;
        docs.push({
          _id: { $oid: 'b00000000000000000000031' },
          first_name: 'Новенька',
          last_name: 'Учасниця',
          email: 'newcomer@example.org',
          password: (docs[1] as { password: string }).password,
          status: 'user',
          verify: true,
          inviter: { $oid: 'b00000000000000000000003' },
          courses: [{ $oid: 'c10000000000000000000001' }],
          historyUkrainianMark: [
            { date: T0 + 81 * DAY, points: 10, comment: 'Реєстрація на платформі', finalValue: 10 },
          ],
          ukrainianMark: 10,
          createdAt: { $date: new Date(T0 + 81 * DAY).toISOString() },
        });
      });
      await editExport(folder, 'messages', (docs) => {
        docs.push({
          _id: { $oid: '11000000000000000000009' },
          chat: 'Українська з нуля-12',
          text: 'Я нова тут',
          sender: { $oid: 'b00000000000000000000031' },
          date: T0 + 82 * DAY,
        });
      });
      const before = await snapshot();
      const out = await cli(folder, '--content', CONTENT, '--files', FILES);
      expect(out).toMatch(/люди: 1 \(28\)/);
      const after = await snapshot();
      const added = (table: string) => (after[table] ?? []).filter((row) => !(before[table] ?? []).includes(row));
      const gone = (table: string) => (before[table] ?? []).filter((row) => !(after[table] ?? []).includes(row));
      // The newcomer, and the admin whose total moved.
      expect(added('users')).toHaveLength(2);
      expect(added('mark_entries')).toHaveLength(2);
      expect(added('chat_messages')).toHaveLength(1);
      expect(added('enrollments')).toHaveLength(1);
      // The admin's total moved by the new row; nobody else's row changed.
      expect(gone('users')).toHaveLength(1);
      expect((await userByEmail('admin.old@example.org')).mark).toBe(139);
      for (const table of [
        'courses',
        'lessons',
        'diary_entries',
        'exercises',
        'exercise_comments',
        'payment_orders',
        'payments',
        'files',
      ])
        expect([table, added(table), gone(table)]).toEqual([table, [], []]);
      const newcomer = await userByEmail('newcomer@example.org');
      expect(newcomer.inviter_id).toBe((await userByEmail('person3@example.org')).id);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('import-original of a clean export', () => {
  /** The fixture's records that an import leaves out, by collection: without them nothing is lost. */
  const LOST = {
    users: ['b00000000000000000000028', 'b00000000000000000000030'],
    diaries: ['e00000000000000000000005'],
    exercises: ['f00000000000000000000003', 'f00000000000000000000004', 'f00000000000000000000005'],
    messages: ['110000000000000000000005'],
  };
  /** The table each kind of the report's counts is written to. */
  const TABLE_OF: Record<Kind, keyof typeof TABLES> = {
    user: 'users',
    course: 'courses',
    lesson: 'lessons',
    enrollment: 'enrollments',
    mark: 'mark_entries',
    order: 'payment_orders',
    charge: 'payments',
    diary: 'diary_entries',
    exercise: 'exercises',
    comment: 'exercise_comments',
    message: 'chat_messages',
    file: 'files',
  };
  /** The report's «added (already there)» lines: `label: n (m)`. */
  const counts = (text: string) => {
    const lines = text.split('\n');
    const from = lines.findIndex((line) => line.endsWith('(уже було):')) + 1;
    const to = lines.findIndex((line, i) => i >= from && !line.startsWith('  '));
    return lines.slice(from, to);
  };

  let clean: TestApp;
  let folder: string;
  beforeAll(async () => {
    clean = await startTestApp({}, noWorkers);
    folder = await copyOfExport();
    for (const [name, ids] of Object.entries(LOST)) {
      await editExport(folder, name, (docs) => {
        for (const id of ids)
          docs.splice(
            docs.findIndex((doc) => (doc._id as { $oid: string }).$oid === id),
            1,
          );
      });
    }
  });
  afterAll(async () => {
    await clean.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('dry-runs with exit 0 and nothing written, then imports what the dry run counted', async () => {
    const before = await snapshot(clean);
    const dry = await importInto(clean, folder, '--dry-run', '--content', CONTENT, '--files', FILES);
    expect(dry).toContain('Пробний запуск: нічого не записано.');
    expect(dry).toContain('Нічого не втрачено.');
    expect(await snapshot(clean)).toEqual(before);
    expect(await storedFiles(clean)).toEqual([]);

    const real = await importInto(clean, folder, '--content', CONTENT, '--files', FILES);
    expect(real).toContain('Імпорт завершено.');
    expect(real).toContain('Нічого не втрачено.');
    expect(counts(real)).toEqual(counts(dry));
    // And the counts are what was written: every kind's new rows, the files' bytes too.
    const after = await snapshot(clean);
    const written = Object.entries(KINDS)
      .map(([kind, label]) => {
        const table = TABLE_OF[kind as Kind];
        return [label, (after[table]?.length ?? 0) - (before[table]?.length ?? 0)] as const;
      })
      .filter(([, added]) => added > 0)
      .map(([label, added]) => `  ${label}: ${added} (0)`);
    expect(counts(dry)).toEqual(written);
    expect(await storedFiles(clean)).toHaveLength(after.files?.length ?? 0);
  });
});
