import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { kyivParts, kyivTime } from '@yedyni/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { PasswordHasher } from '../features/auth/index.js';
import { type AuthService, DEMO_LEARNER_EMAIL } from '../features/auth/index.js';
import { courseFolders, importCourse } from '../features/courses/index.js';
import type { Db } from '../infra/db/index.js';
import { ROOT_USER_ID } from '../infra/db/root-account.js';

/** Demo accounts for trying the product (README lists them); never seeded in production. */
export const DEMO_PASSWORD = 'yedyni-demo';

/** Every account seedDemo makes, all with DEMO_PASSWORD. */
export const DEMO_EMAILS = [
  'curator@example.org',
  'admin@example.org',
  DEMO_LEARNER_EMAIL,
  'bohdan@example.org',
  'myroslava@example.org',
  'andrii@example.org',
] as const;

/**
 * The demo accounts in this database that still sign in with the published demo password: a
 * production server must not start with any (a database once run with demo data, then switched).
 */
export async function demoAccountsWithDemoPassword(db: Db, passwords: PasswordHasher): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('email', 'in', [...DEMO_EMAILS])
    .execute();
  const open: string[] = [];
  for (const row of rows) {
    if (row.password_hash && (await passwords.verify(row.password_hash, DEMO_PASSWORD))) open.push(row.email);
  }
  return open.sort();
}

/** The product's own starter courses, in the content format (`npm run content -- import`). */
export const STARTER_CONTENT = fileURLToPath(new URL('../../../../content/courses', import.meta.url));

/** Days the demo wave has been running, so a few lessons are open and the rest still closed. */
const DEMO_WAVE_AGE_DAYS = 2;

/**
 * On an empty database: the starter courses (through the same importer operators use), with
 * their first wave started two days ago; then the demo accounts, enrolled like any new learner.
 */
export async function seedDemo(
  db: Db,
  auth: AuthService,
  options: { mediaRoot: string; now: number; log: Logger },
): Promise<void> {
  const { log, now } = options;
  const anyCourse = await db.selectFrom('courses').select('id').limit(1).executeTakeFirst();
  if (!anyCourse) {
    const today = kyivParts(now);
    const waveStart = kyivTime(today.year, today.month, today.day - DEMO_WAVE_AGE_DAYS);
    for (const folder of await courseFolders(STARTER_CONTENT)) {
      await importCourse(db, folder, { mediaRoot: options.mediaRoot, now, waveStart });
    }
    log.info('demo courses seeded');
  }
  const someone = await db.selectFrom('users').select('id').where('id', '!=', ROOT_USER_ID).limit(1).executeTakeFirst();
  if (someone) return;
  const curatorId = await auth.createAccount({
    first_name: 'Тарас',
    last_name: 'Мельник',
    email: 'curator@example.org',
    password: DEMO_PASSWORD,
    role: 'moderator',
  });
  await auth.createAccount({
    first_name: 'Ірина',
    last_name: 'Бондаренко',
    email: 'admin@example.org',
    password: DEMO_PASSWORD,
    role: 'admin',
  });
  const learnerId = await auth.createAccount({
    first_name: 'Оксана',
    last_name: 'Коваленко',
    email: DEMO_LEARNER_EMAIL,
    password: DEMO_PASSWORD,
    inviterId: curatorId,
  });
  // Оксана's team: two friends she invited, one of whom invited someone in turn.
  const friendId = await auth.createAccount({
    first_name: 'Богдан',
    last_name: 'Шевчук',
    email: 'bohdan@example.org',
    password: DEMO_PASSWORD,
    inviterId: learnerId,
  });
  await auth.createAccount({
    first_name: 'Мирослава',
    last_name: 'Ткаченко',
    email: 'myroslava@example.org',
    password: DEMO_PASSWORD,
    inviterId: learnerId,
  });
  await auth.createAccount({
    first_name: 'Андрій',
    last_name: 'Лисенко',
    email: 'andrii@example.org',
    password: DEMO_PASSWORD,
    inviterId: friendId,
  });
  await seedChat(db, now, [
    [curatorId, 'Вітаю всіх у хвилі! Пишіть тут питання до уроків — відповідаю щовечора.'],
    [friendId, 'Привіт! Сьогодні вперше замовив каву українською 🙂'],
    [learnerId, 'Круто! А я переклала меню в телефоні.'],
  ]);
  await seedClubsAndOlympiad(db, now);
  log.info('demo accounts seeded (see README)');
}

/** Three conversation clubs in the coming days and an olympiad next week (10:00–20:00 Kyiv). */
async function seedClubsAndOlympiad(db: Db, now: number): Promise<void> {
  const today = kyivParts(now);
  const at = (days: number, hour: number, minute = 0) =>
    kyivTime(today.year, today.month, today.day + days, hour, minute);
  const clubs = [
    {
      title: 'Кава українською',
      city: 'Київ',
      place: 'Бібліотека на Подолі, вул. Сагайдачного, 10',
      link: '',
      host: 'Тарас Мельник',
      starts_at: at(2, 18, 30),
      capacity: 12,
    },
    {
      title: 'Розмови про книжки',
      city: 'Львів',
      place: 'Книгарня «Є», пр. Свободи, 7',
      link: '',
      host: 'Ірина Бондаренко',
      starts_at: at(4, 19),
      capacity: 8,
    },
    {
      title: 'Вечірня розмовна практика',
      city: '',
      place: '',
      link: 'https://meet.jit.si/yedyni-demo',
      host: 'Тарас Мельник',
      starts_at: at(1, 20),
      capacity: 30,
    },
  ];
  await db
    .insertInto('clubs')
    .values(
      clubs.map((club) => ({
        id: randomUUID(),
        description: 'Дружня зустріч для тих, хто переходить на українську: говоримо про щоденне, без оцінок.',
        duration_min: 90,
        seats_taken: 0,
        created_at: now,
        ...club,
      })),
    )
    .execute();
  const tasks = await db
    .selectFrom('game_tasks')
    .select('id')
    .where('pool', '=', 'olympiad')
    .orderBy('level', 'desc')
    .orderBy('id')
    .limit(10)
    .execute();
  if (tasks.length === 0) return;
  await db
    .insertInto('olympiads')
    .values({
      id: randomUUID(),
      title: 'Зимова олімпіада з української',
      description: 'Десять завдань на русизми, наголоси й граматику. Одна спроба, 20 хвилин.',
      starts_at: at(7, 10),
      ends_at: at(7, 20),
      duration_ms: 20 * 60_000,
      task_ids: JSON.stringify(tasks.map((t) => t.id)),
      created_at: now,
    })
    .execute();
}

/** A few messages in the first starter course's current wave, a minute apart. */
async function seedChat(db: Db, now: number, messages: [string, string][]): Promise<void> {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'current_wave'])
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  if (!course) return;
  const start = now - messages.length * 60_000;
  await db
    .insertInto('chat_messages')
    .values(
      messages.map(([senderId, text], i) => ({
        id: randomUUID(),
        course_id: course.id,
        wave: course.current_wave,
        sender_id: senderId,
        text,
        file_id: null,
        date: start + i * 60_000,
        edited_at: null,
      })),
    )
    .execute();
}
